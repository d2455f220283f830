//! What the captures of one file's matches gather before the sweep: definitions, references,
//! bindings, comments and local scopes.

use super::query::{Captures, LangQuery};
use crate::lang::{Def, DefTag, Language, MacroArgs};
use crate::pattern::Capture;
use crate::syntax::{IntMap, IntSet, NodeExt};
use streaming_iterator::StreamingIterator;
use tree_sitter::{Node, Query};

#[derive(Default)]
pub(super) struct Raw<'t> {
    pub(super) defs: Vec<Def<'t>>,
    pub(super) calls: Vec<Node<'t>>,
    pub(super) bases: Vec<Node<'t>>,
    pub(super) implements: Vec<Node<'t>>,
    pub(super) uses: Vec<Node<'t>>,
    pub(super) imports: Vec<Node<'t>>,
    pub(super) bindings: Vec<Node<'t>>,
    pub(super) package: Option<Node<'t>>,
    /// Specs whose names were already expanded (a spec can match once per name).
    pub(super) expanded: IntSet<usize>,
    /// What the walk saw around the nodes (empty on the reference path, which asks the
    /// tree): each binding's innermost block-scope end (`usize::MAX`: none), and the file's
    /// comments in source order.
    pub(super) scope_ends: IntMap<usize, usize>,
    pub(super) comments: Option<Vec<Node<'t>>>,
    /// The language's local scopes (`Language::local_scopes`) as byte ranges, in pre-order.
    pub(super) locals: Vec<(usize, usize)>,
    /// Macro invocations whose arguments could not be read (where, the macro's name), in
    /// source order.
    pub(super) unread: Vec<(usize, String)>,
}

impl<'t> Raw<'t> {
    /// What a walk collected, sorted in: comments (in source order, once: a tree parsed
    /// from macro arguments holds the comments inside them again; none on the reference
    /// path, which asks the tree), local scopes (in pre-order) and, into `macros`, how to
    /// read each macro invocation's arguments. `merge`: added to a previous walk's.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn sort_collected(
        &mut self,
        lq: &LangQuery,
        spec: &Language,
        src: &[u8],
        collected: Vec<Node<'t>>,
        macros: &mut Vec<MacroArgs>,
        reference: bool,
        merge: bool,
    ) {
        for n in collected {
            let k = n.kind_id();
            if lq.comment_kinds.contains(&k) {
                if !reference {
                    self.comments.get_or_insert_with(Vec::new).push(n);
                }
            } else if lq.local_kinds.contains(&k) {
                self.locals.push((n.start_byte(), n.end_byte()));
            } else if let Some(m) = spec.syntax.macro_args(src, n) {
                macros.push(m);
            }
        }
        if !reference && self.comments.is_none() {
            self.comments = Some(Vec::new());
        }
        if merge {
            if let Some(cs) = self.comments.as_mut() {
                // The re-read tree's comment first: the file's own, inside a token tree, is
                // a token tree's (its doc comment's line ends elsewhere).
                cs.reverse();
                cs.sort_by_key(|n| n.start_byte());
                cs.dedup_by_key(|n| n.start_byte());
            }
            self.locals.sort_by_key(|&(s, e)| (s, std::cmp::Reverse(e)));
            self.locals.dedup();
        }
    }

    /// One match. `path` is the walk's path to the pattern's root (its ancestors, then the
    /// root); empty on the reference path.
    pub(super) fn take(
        &mut self,
        caps: &Captures,
        spec: &Language,
        m: &[Capture<'t>],
        path: &[Node<'t>],
    ) {
        let syntax = spec.syntax;
        let mut def: Option<(DefTag, Node<'t>, Option<Node<'t>>)> = None;
        let (mut name, mut body, mut receiver, mut ty) = (None, None, None, None);
        let mut base = None;
        for &(index, node, parent) in m {
            let i = Some(index);
            if let Some(tag) = caps.def.get(&index) {
                def = Some((*tag, node, parent));
            } else if i == caps.name {
                name = Some(node);
            } else if i == caps.body {
                body = Some(node);
            } else if i == caps.receiver {
                receiver = Some(node);
            } else if i == caps.ty {
                ty = Some(node);
            } else if i == caps.call {
                self.calls.push(node);
            } else if i == caps.uses {
                self.uses.push(node);
            } else if i == caps.implements {
                self.implements.push(node);
            } else if i == caps.base {
                base = Some(node);
            } else if i == caps.import {
                self.imports.push(node);
            } else if i == caps.package {
                self.package = Some(node);
            } else if i == caps.binding {
                self.bindings.push(node);
                if !spec.block_scopes.is_empty() {
                    if let Some(end) = block_end(spec, node, parent, path) {
                        self.scope_ends.insert(node.id(), end);
                    }
                }
            }
        }
        if let Some(b) = base {
            self.bases.push(b);
        }
        let Some((tag, mut node, mut parent)) = def else {
            return;
        };
        if let Some(shared) = syntax.shared_node(tag, node) {
            (node, parent) = (shared, shared.parent());
        }
        // An embedded field is named after its type.
        let name = match tag {
            DefTag::Embedded => base.and_then(|b| syntax.embedded_name(b)),
            _ => name.or_else(|| syntax.unnamed_name(node)),
        };
        let mut push = |name| {
            self.defs.push(Def {
                tag,
                node,
                parent,
                name,
                body,
                receiver,
                ty,
            })
        };
        if syntax.names_per_match(tag) {
            if !self.expanded.insert(node.id()) {
                return;
            }
            // `const a, b = 1, 2`: one match for the spec, every name of it a definition.
            let mut c = node.walk();
            for n in node.fields("name", &mut c) {
                if n.kind_name() == "identifier" {
                    push(n);
                }
            }
        } else if let Some(name) = name {
            push(name);
        }
    }
}

/// tree-sitter's query cursor over one tree (the reference path), and a walk of the whole
/// tree collecting what the pattern walk collects on its way.
pub(super) fn reference_matches<'t>(
    lq: &LangQuery,
    spec: &'static Language,
    query: &Query,
    tree: &'t tree_sitter::Tree,
    src: &[u8],
    raw: &mut Raw<'t>,
    collected: &mut Vec<Node<'t>>,
) {
    let mut cursor = tree_sitter::QueryCursor::new();
    let mut matches = cursor.matches(query, tree.root_node(), src);
    let mut caps = Vec::new();
    while let Some(m) = matches.next() {
        caps.clear();
        caps.extend(
            m.captures
                .iter()
                .map(|c| (c.index, c.node, c.node.parent())),
        );
        raw.take(&lq.caps, spec, &caps, &[]);
    }
    crate::syntax::each_node(tree, |n| {
        if lq.collect_kinds.contains(&n.kind_id()) {
            collected.push(n);
        }
    });
}

/// The end of the innermost block scope at `node` (itself included) from the walk's `path`
/// to the match's root (ancestors, then the root), when `node` is that root or a child of it;
/// `usize::MAX` when no block holds it; `None` when the path cannot tell (the reference path
/// has none), and the tree is asked later.
fn block_end(
    spec: &Language,
    node: Node<'_>,
    parent: Option<Node<'_>>,
    path: &[Node<'_>],
) -> Option<usize> {
    let (root, ancestors) = path.split_last()?;
    let up = if node == *root {
        ancestors
    } else if parent == Some(*root) {
        path
    } else {
        return None;
    };
    Some(
        std::iter::once(&node)
            .chain(up.iter().rev())
            .find(|n| spec.block_scopes.contains(&n.kind_name()))
            .map_or(usize::MAX, |n| n.end_byte()),
    )
}
