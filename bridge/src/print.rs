//! What a command prints for an answer: its standard output, its standard error and its exit
//! code, made once here whether the answer was made in this process or by the engine (which
//! sends these bytes back), so both print the same.

use answer::envelope::{Envelope, Text};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The bytes a command writes and the code it exits with (0 ok, 1 tool error).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Printed {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

impl Printed {
    /// An answer printed: `--json` the envelope on one line; else the answer's text, with the
    /// error, warnings and what was cut on standard error.
    pub fn of(json: bool, env: &Envelope, text: Option<Text>) -> Printed {
        let mut stdout = String::new();
        let mut stderr = String::new();
        if json {
            stdout = format!("{}\n", env.to_json());
        } else if let Some(e) = &env.error {
            stderr.push_str(&format!("error [{}]: {}\n", e.code.as_str(), e.message));
            if let Some(h) = &e.hint {
                stderr.push_str(&format!("hint: {h}\n"));
            }
        } else {
            stdout = match text {
                Some(t) => t.render(),
                // Every tool renders its own text; an answer without one is shown as it is.
                None => format!("{:#}\n", env.data.as_ref().unwrap_or(&Value::Null)),
            };
            for w in &env.warnings {
                stderr.push_str(&format!("warning: {w}\n"));
            }
            if let Some(d) = &env.dropped {
                // The note counts what was left out and says why (a budget, a limit).
                stderr.push_str(&format!("truncated: {}\n", d.note));
            }
        }
        Printed {
            stdout,
            stderr,
            code: i32::from(!env.ok),
        }
    }

    /// Write it out (a closed pipe, `codemap search x | head`, is no panic); the exit code.
    pub fn write(&self) -> i32 {
        use std::io::Write as _;
        if !self.stdout.is_empty() {
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(self.stdout.as_bytes());
            let _ = out.flush();
        }
        if !self.stderr.is_empty() {
            let _ = std::io::stderr().lock().write_all(self.stderr.as_bytes());
        }
        self.code
    }
}
