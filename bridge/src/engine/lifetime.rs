//! When an engine stops, decided from what its idle loop saw (pure, table-tested; the loop in
//! `process` gathers the facts).

use std::time::Duration;

/// What the engine's idle loop saw on one tick.
#[derive(Debug, Clone, Copy)]
pub struct Facts {
    /// `engine stop`, or SIGTERM/SIGINT/SIGHUP.
    pub asked: bool,
    /// Connections open (CLI calls under way, MCP sessions).
    pub clients: u64,
    /// Calls being answered.
    pub busy: u64,
    /// Since a client last came, asked or went.
    pub quiet: Duration,
    pub idle: Duration,
    pub root_exists: bool,
    /// A map folder that was there at the start is gone (a temporary `--db`).
    pub map_dir_gone: bool,
    /// The socket file is still the one bound (not removed, not replaced).
    pub socket_ours: bool,
}

/// Why the engine stops now, if it does: asked (once nothing is in flight), idle (no client,
/// nothing in flight, quiet for the idle period), or its workspace or socket gone.
pub fn stop_reason(f: Facts) -> Option<String> {
    if f.asked && f.busy == 0 {
        return Some("asked to stop".into());
    }
    if f.clients == 0 && f.busy == 0 && f.quiet >= f.idle {
        return Some(format!(
            "idle for {:.1} s with no client",
            f.idle.as_secs_f64()
        ));
    }
    if !f.root_exists {
        return Some("its root is gone".into());
    }
    if f.map_dir_gone {
        return Some("its map's folder is gone".into());
    }
    if !f.socket_ours {
        return Some("its socket file was removed or replaced".into());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engine_stops_when_asked_idle_or_orphaned_never_mid_call() {
        let s = Duration::from_secs;
        let base = Facts {
            asked: false,
            clients: 0,
            busy: 0,
            quiet: s(1),
            idle: s(600),
            root_exists: true,
            map_dir_gone: false,
            socket_ours: true,
        };
        let cases: &[(&str, Facts, Option<&str>)] = &[
            ("fresh", base, None),
            (
                "asked",
                Facts {
                    asked: true,
                    ..base
                },
                Some("asked to stop"),
            ),
            (
                "asked mid-call: answers first",
                Facts {
                    asked: true,
                    busy: 1,
                    clients: 1,
                    ..base
                },
                None,
            ),
            (
                "idle",
                Facts {
                    quiet: s(600),
                    ..base
                },
                Some("idle for 600.0 s with no client"),
            ),
            (
                "quiet, but a session is connected",
                Facts {
                    quiet: s(6000),
                    clients: 1,
                    ..base
                },
                None,
            ),
            (
                "quiet, but a call is under way",
                Facts {
                    quiet: s(6000),
                    busy: 1,
                    ..base
                },
                None,
            ),
            (
                "root gone",
                Facts {
                    root_exists: false,
                    clients: 2,
                    ..base
                },
                Some("its root is gone"),
            ),
            (
                "map folder gone",
                Facts {
                    map_dir_gone: true,
                    ..base
                },
                Some("its map's folder is gone"),
            ),
            (
                "socket replaced",
                Facts {
                    socket_ours: false,
                    ..base
                },
                Some("its socket file was removed or replaced"),
            ),
        ];
        for (name, facts, want) in cases {
            assert_eq!(stop_reason(*facts).as_deref(), *want, "{name}");
        }
    }
}
