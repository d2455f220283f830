//! The sweep's stack of open symbols: each one's byte range and index.

pub(super) struct Open {
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) sym: usize,
}

/// The symbol a spot at byte `at` sits in, after the sweep's stack is popped to it.
pub(super) fn sitting_in(stack: &mut Vec<Open>, at: usize) -> Option<usize> {
    while stack.last().is_some_and(|o| o.end <= at) {
        stack.pop();
    }
    stack.last().map(|o| o.sym)
}
