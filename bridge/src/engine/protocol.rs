//! The engine's wire: newline-delimited JSON, one request and one reply a line, on a Unix
//! socket. A connection opens with a [`Hello`] each way; the client then sends requests one at
//! a time and reads each reply before the next. Pure: framing, encoding and the handshake's
//! decision, table-tested; the sockets are `client`'s and `process`'s.

use crate::print::Printed;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::io::BufRead;

/// This wire's revision: a change to the messages below bumps it.
pub const PROTOCOL: u32 = 3;

/// The longest request line an engine reads (tool arguments are small).
pub const MAX_REQUEST: usize = 16 << 20;
/// The longest reply line a client reads (an unbounded plain-text answer can be large).
pub const MAX_REPLY: usize = 1 << 30;

/// Who is speaking: the binary's version, the map's schema, this wire's revision and the
/// build (the binary file's size and time: a rebuild or reinstall of one version is another
/// build, whose answers may differ). A client uses only an engine whose hello equals its own
/// ([`agree`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Hello {
    pub version: String,
    pub schema: i64,
    pub protocol: u32,
    #[serde(default)]
    pub build: String,
}

impl Hello {
    /// This binary's.
    pub fn ours() -> Hello {
        static BUILD: std::sync::OnceLock<String> = std::sync::OnceLock::new();
        let build = BUILD.get_or_init(|| {
            use std::os::unix::fs::MetadataExt;
            std::env::current_exe()
                .and_then(std::fs::metadata)
                .map(|m| format!("{}-{}.{}", m.size(), m.mtime(), m.mtime_nsec()))
                .unwrap_or_default()
        });
        Hello {
            version: env!("CARGO_PKG_VERSION").to_string(),
            schema: indexer::store::SCHEMA_VERSION,
            protocol: PROTOCOL,
            build: build.clone(),
        }
    }
}

/// Whether a client may use an engine that said `theirs`: only the same binary version, map
/// schema and wire; else why not.
pub fn agree(ours: &Hello, theirs: &Hello) -> Result<(), String> {
    let mut differ = Vec::new();
    if ours.version != theirs.version {
        differ.push(format!(
            "version {} (this is {})",
            theirs.version, ours.version
        ));
    }
    if ours.schema != theirs.schema {
        differ.push(format!(
            "map schema {} (this is {})",
            theirs.schema, ours.schema
        ));
    }
    // Only when the versions agree: another version says more.
    if ours.version == theirs.version && ours.build != theirs.build {
        differ.push("another build of it (the binary was rebuilt or reinstalled)".to_string());
    }
    if ours.protocol != theirs.protocol {
        differ.push(format!(
            "protocol {} (this is {})",
            theirs.protocol, ours.protocol
        ));
    }
    if differ.is_empty() {
        Ok(())
    } else {
        Err(format!("the engine runs {}", differ.join(", ")))
    }
}

/// One tool call as the command line makes it: the tool, its JSON arguments, and how the
/// answer is printed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Call {
    pub tool: String,
    pub args: Value,
    /// `--json`: the envelope; else plain text.
    pub json: bool,
    /// The full shape rather than the compact one.
    pub detail: bool,
    /// No budget (plain text at a terminal without `--token-budget`).
    pub unbounded: bool,
    /// From an MCP session (`serve`): the engine keeps the map fresh (as [`Request::Session`])
    /// and answers once its first build is done.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub session: bool,
    /// The caller's environment for dependencies ([`indexer::lang::DEP_ENV_VARS`]: its
    /// virtual environment, module caches, the library cache): the call is answered with it,
    /// not with the environment the engine was started from.
    #[serde(default)]
    pub env: indexer::lang::CallEnv,
}

/// A client's line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "camelCase")]
pub enum Request {
    /// The first line of a connection.
    Hello(Hello),
    /// A tool call, answered with [`Reply::Printed`].
    Call(Call),
    /// The engine's state, answered with [`Reply::Info`].
    Info,
    /// This connection is an MCP session's (`serve`), held open while it lasts: the engine
    /// brings the map up to date and runs the watcher from now on. Answered with
    /// [`Reply::Session`].
    Session,
    /// `codemap watch`: the engine keeps the map fresh (as for a session), brings it up to
    /// date now, and from then on sends one [`Reply::Printed`] a run of its one watcher, as
    /// `codemap watch` prints it (`json`: a JSON line), until the client hangs up.
    Watch { json: bool },
    /// Stop: no new connection is taken, calls under way are answered, then the engine exits.
    Stop,
}

/// The engine's line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "camelCase")]
pub enum Reply {
    /// The engine's hello and its process id.
    Hello { hello: Hello, pid: u32 },
    /// What the command prints: the same bytes it prints when it answers in its own process.
    Printed(Printed),
    /// The engine's state (`map_status`'s `engine`).
    Info { engine: Value },
    /// The engine is stopping.
    Stopping { pid: u32 },
    /// The map is being kept fresh for the session.
    Session { pid: u32 },
    /// The engine's watcher reports to this connection from now on (`Printed` lines follow).
    Watching { pid: u32 },
    /// The line was not understood, or came out of turn.
    Refused { message: String },
}

/// A message as one line (serde_json escapes every newline inside strings).
pub fn line<T: Serialize>(msg: &T) -> String {
    let mut s = serde_json::to_string(msg).unwrap_or_else(|e| {
        // Our types always serialize; say so rather than send nothing.
        format!(r#"{{"op":"refused","message":"cannot encode: {e}"}}"#)
    });
    s.push('\n');
    s
}

/// A request read from its line.
pub fn request(line: &str) -> Result<Request, String> {
    serde_json::from_str(line.trim_end()).map_err(|e| format!("not a request: {e}"))
}

/// A reply read from its line.
pub fn reply(line: &str) -> Result<Reply, String> {
    serde_json::from_str(line.trim_end()).map_err(|e| format!("not a reply: {e}"))
}

/// The next line, at most `limit` bytes: `Ok(None)` at the end of the stream (the peer went
/// away), an error for a longer line or invalid UTF-8.
pub fn read_line(r: &mut impl BufRead, limit: usize) -> std::io::Result<Option<String>> {
    let mut buf = Vec::new();
    let n = std::io::Read::take(&mut *r, limit as u64 + 1).read_until(b'\n', &mut buf)?;
    if n == 0 {
        return Ok(None);
    }
    if buf.last() != Some(&b'\n') {
        let why = if buf.len() > limit {
            format!("a line longer than {limit} bytes")
        } else {
            "a line cut short".to_string()
        };
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidData, why));
    }
    String::from_utf8(buf)
        .map(Some)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn hello(version: &str, schema: i64, protocol: u32) -> Hello {
        Hello {
            version: version.into(),
            schema,
            protocol,
            build: "44458688-1764374400.5".into(),
        }
    }

    #[test]
    fn only_the_same_version_schema_protocol_and_build_agree() {
        let ours = hello("0.1.0", 7, 2);
        let cases = [
            (hello("0.1.0", 7, 2), None),
            (hello("0.2.0", 7, 2), Some("version 0.2.0 (this is 0.1.0)")),
            (hello("0.1.0", 6, 2), Some("map schema 6 (this is 7)")),
            (hello("0.1.0", 7, 1), Some("protocol 1 (this is 2)")),
            (
                hello("0.0.9", 6, 2),
                Some("version 0.0.9 (this is 0.1.0), map schema 6 (this is 7)"),
            ),
            (
                Hello {
                    build: "44458690-1764378000.9".into(),
                    ..hello("0.1.0", 7, 2)
                },
                Some("another build of it (the binary was rebuilt or reinstalled)"),
            ),
            // An engine from before builds were said: another build.
            (
                Hello {
                    build: String::new(),
                    ..hello("0.1.0", 7, 2)
                },
                Some("another build of it (the binary was rebuilt or reinstalled)"),
            ),
        ];
        for (theirs, why) in cases {
            match (agree(&ours, &theirs), why) {
                (Ok(()), None) => {}
                (Err(e), Some(w)) => assert_eq!(e, format!("the engine runs {w}")),
                (got, want) => panic!("{theirs:?}: {got:?}, want {want:?}"),
            }
        }
        assert_eq!(agree(&Hello::ours(), &Hello::ours()), Ok(()));
    }

    #[test]
    fn messages_are_one_line_each_and_read_back() {
        let call = Request::Call(Call {
            tool: "map_search".into(),
            args: json!({"query": "a\nb"}),
            json: true,
            detail: false,
            unbounded: false,
            session: false,
            env: [("VIRTUAL_ENV".to_string(), "/w/.venv".to_string())].into(),
        });
        let session_call = Request::Call(Call {
            tool: "nav_hover".into(),
            args: json!({"nodeId": "go:a.go#f"}),
            json: true,
            detail: true,
            unbounded: false,
            session: true,
            env: Default::default(),
        });
        let requests = [
            Request::Hello(Hello::ours()),
            call,
            session_call,
            Request::Info,
            Request::Session,
            Request::Watch { json: true },
            Request::Stop,
        ];
        for r in requests {
            let l = line(&r);
            assert_eq!(l.matches('\n').count(), 1, "{l}");
            assert!(l.ends_with('\n'));
            assert_eq!(request(&l), Ok(r));
        }
        let replies = [
            Reply::Hello {
                hello: Hello::ours(),
                pid: 7,
            },
            Reply::Printed(Printed {
                stdout: "{\"ok\":true}\n".into(),
                stderr: "warning: x\n".into(),
                code: 1,
            }),
            Reply::Info {
                engine: json!({"pid": 7}),
            },
            Reply::Stopping { pid: 7 },
            Reply::Session { pid: 7 },
            Reply::Watching { pid: 7 },
            Reply::Refused {
                message: "no".into(),
            },
        ];
        for r in replies {
            let l = line(&r);
            assert_eq!(l.matches('\n').count(), 1, "{l}");
            assert_eq!(reply(&l), Ok(r));
        }
        assert_eq!(
            line(&Request::Info),
            "{\"op\":\"info\"}\n",
            "the wire's spelling"
        );
    }

    #[test]
    fn bad_lines_are_errors_not_panics() {
        for bad in [
            "",
            "{",
            "[]",
            r#"{"op":"launch"}"#,
            r#"{"op":"call","tool":1}"#,
        ] {
            assert!(request(bad).is_err(), "{bad}");
            assert!(reply(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn lines_are_read_whole_within_the_limit() {
        type Case = (
            &'static [u8],
            usize,
            &'static [Result<Option<&'static str>, ()>],
        );
        let cases: &[Case] = &[
            (b"", 10, &[Ok(None)]),
            (
                b"ab\ncd\n",
                10,
                &[Ok(Some("ab\n")), Ok(Some("cd\n")), Ok(None)],
            ),
            (b"abc\n", 4, &[Ok(Some("abc\n")), Ok(None)]),
            // Longer than the limit, cut short, not UTF-8: errors.
            (b"abcdef\n", 4, &[Err(())]),
            (b"abc", 10, &[Err(())]),
            (b"\xff\xfe\n", 10, &[Err(())]),
        ];
        for (input, limit, want) in cases {
            let mut r = std::io::Cursor::new(*input);
            for w in *want {
                let got = read_line(&mut r, *limit);
                match (got, w) {
                    (Ok(g), Ok(w)) => assert_eq!(g.as_deref(), *w, "{input:?}"),
                    (Err(_), Err(())) => {}
                    (g, w) => panic!("{input:?}: {g:?}, want {w:?}"),
                }
            }
        }
    }
}
