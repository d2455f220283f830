//! Ranking for search, pure and table-tested: how a name matches a query ([`Tier`],
//! [`match_tier`], [`word_starts`], [`fuzzy_cost`]) and the map's names indexed for tiered
//! matching ([`NameIndex`]).

use serde::Serialize;
use std::collections::HashSet;

/// How a name matched a query, best first (SPEC `map_search`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Tier {
    Exact,
    ExactIgnoreCase,
    QualnameSuffix,
    Prefix,
    WordPart,
    Substring,
    Fuzzy,
}

/// Whether `words` (lower case) start word parts of `text`, in order; `text` may be a
/// qualname, each segment split into its word parts (`RouterGroup.handle`: router, group,
/// handle).
pub fn words_in_order(text: &str, words: &[String]) -> bool {
    let mut parts: Vec<String> = Vec::new();
    for seg in text.split('.') {
        let starts = word_starts(seg);
        for (k, &b) in starts.iter().enumerate() {
            let e = starts.get(k + 1).copied().unwrap_or(seg.len());
            parts.push(
                seg.get(b..e)
                    .unwrap_or("")
                    .trim_end_matches('_')
                    .to_lowercase(),
            );
        }
    }
    let mut next = 0;
    words.iter().all(
        |w| match parts[next..].iter().position(|p| p.starts_with(w.as_str())) {
            Some(k) => {
                next += k + 1;
                true
            }
            None => false,
        },
    )
}

/// Byte offsets where a word part starts: after `_`, at a lower→upper change, at the last
/// capital of an acronym followed by lower case (`HTTPServer` → `HTTP`, `Server`), at digits.
pub fn word_starts(name: &str) -> Vec<usize> {
    let chars: Vec<(usize, char)> = name.char_indices().collect();
    let mut out = Vec::new();
    for i in 0..chars.len() {
        let (b, c) = chars[i];
        if c == '_' {
            continue;
        }
        let prev = if i > 0 { Some(chars[i - 1].1) } else { None };
        let next = chars.get(i + 1).map(|x| x.1);
        let start = match prev {
            None | Some('_') => true,
            Some(p) => {
                (p.is_lowercase() && c.is_uppercase())
                    || (p.is_uppercase()
                        && c.is_uppercase()
                        && next.is_some_and(|n| n.is_lowercase()))
                    || (!p.is_ascii_digit() && c.is_ascii_digit())
                    || (p.is_ascii_digit() && !c.is_ascii_digit())
            }
        };
        if start {
            out.push(b);
        }
    }
    out
}

/// The tier at which `name` matches the query (`q` as typed, `ql` lower-cased), if any.
pub fn match_tier(q: &str, ql: &str, name: &str) -> Option<Tier> {
    if name == q {
        return Some(Tier::Exact);
    }
    let nl = name.to_lowercase();
    if nl == ql {
        return Some(Tier::ExactIgnoreCase);
    }
    if nl.starts_with(ql) {
        return Some(Tier::Prefix);
    }
    if word_starts(name)
        .into_iter()
        .filter(|&b| b > 0)
        .any(|b| nl.get(b..).is_some_and(|rest| rest.starts_with(ql)))
    {
        return Some(Tier::WordPart);
    }
    if nl.contains(ql) {
        return Some(Tier::Substring);
    }
    if ql.chars().count() >= 2 && is_subsequence(ql, &nl) {
        return Some(Tier::Fuzzy);
    }
    None
}

/// The distinct symbol names of a map, lower-cased and sorted, for fast tiered matching.
pub struct NameIndex {
    /// (lower-cased, as written), sorted by the lower-cased form.
    names: Vec<(String, String)>,
    /// All lower-cased names joined by '\n', and where each starts.
    blob: String,
    starts: Vec<usize>,
    /// Which characters (mod 64) each lower-cased name holds: a name lacking one of the
    /// query's characters cannot match it as a subsequence.
    masks: Vec<u64>,
}

fn char_mask(s: &str) -> u64 {
    s.chars().fold(0u64, |m, c| m | 1u64 << (c as u32 % 64))
}

impl NameIndex {
    pub fn new(names: impl IntoIterator<Item = String>) -> NameIndex {
        let mut names: Vec<(String, String)> =
            names.into_iter().map(|n| (n.to_lowercase(), n)).collect();
        names.sort();
        let mut blob = String::with_capacity(names.iter().map(|(l, _)| l.len() + 1).sum());
        let mut starts = Vec::with_capacity(names.len());
        for (l, _) in &names {
            starts.push(blob.len());
            blob.push_str(l);
            blob.push('\n');
        }
        let masks = names.iter().map(|(l, _)| char_mask(l)).collect();
        NameIndex {
            names,
            blob,
            starts,
            masks,
        }
    }

    /// Exact and prefix matches (binary search).
    pub(super) fn direct(&self, q: &str, ql: &str) -> Vec<(Tier, &str)> {
        let from = self.names.partition_point(|(l, _)| l.as_str() < ql);
        let mut out: Vec<(Tier, &str)> = self.names[from..]
            .iter()
            .take_while(|(l, _)| l.starts_with(ql))
            .map(|(l, n)| {
                let t = if n == q {
                    Tier::Exact
                } else if l == ql {
                    Tier::ExactIgnoreCase
                } else {
                    Tier::Prefix
                };
                (t, n.as_str())
            })
            .collect();
        out.sort();
        out
    }

    /// Word-part and substring matches (one memmem pass over all names).
    pub(super) fn inner(&self, q: &str, ql: &str) -> Vec<(Tier, &str)> {
        let mut seen: HashSet<usize> = HashSet::new();
        let mut out = Vec::new();
        for at in memchr::memmem::find_iter(self.blob.as_bytes(), ql.as_bytes()) {
            let i = self.starts.partition_point(|&s| s <= at) - 1;
            if !seen.insert(i) {
                continue;
            }
            let (_, n) = &self.names[i];
            if let Some(t @ (Tier::WordPart | Tier::Substring)) = match_tier(q, ql, n) {
                out.push((t, n.as_str()));
            }
        }
        out.sort();
        out
    }

    /// Names whose word parts start with each of `words` (lower case), in order: "login
    /// required" finds `login_required` and `LoginRequiredMixin`.
    pub(super) fn words(&self, words: &[String]) -> Vec<(Tier, &str)> {
        let Some(longest) = words.iter().max_by_key(|w| w.len()) else {
            return Vec::new();
        };
        let mut seen: HashSet<usize> = HashSet::new();
        let mut out = Vec::new();
        for at in memchr::memmem::find_iter(self.blob.as_bytes(), longest.as_bytes()) {
            let i = self.starts.partition_point(|&s| s <= at) - 1;
            if !seen.insert(i) {
                continue;
            }
            let (_, n) = &self.names[i];
            if words_in_order(n, words) {
                out.push((Tier::WordPart, n.as_str()));
            }
        }
        out.sort();
        out
    }

    /// Fuzzy subsequence matches (a scan; only when the other tiers are short), the closest
    /// first ([`fuzzy_cost`]), each with its cost.
    pub(super) fn fuzzy(&self, ql: &str) -> Vec<(Tier, &str, u32)> {
        if ql.chars().count() < 2 {
            return Vec::new();
        }
        let qm = char_mask(ql);
        let mut out: Vec<(u32, &str)> = self
            .names
            .iter()
            .zip(&self.masks)
            .filter(|(_, m)| *m & qm == qm)
            .filter(|((l, _), _)| !l.contains(ql))
            .filter_map(|((l, n), _)| Some((fuzzy_cost(ql, l)?, n.as_str())))
            .collect();
        out.sort();
        out.into_iter().map(|(c, n)| (Tier::Fuzzy, n, c)).collect()
    }
}

/// Candidates of a tier that has no cost within it.
pub(super) fn no_cost(v: Vec<(Tier, &str)>) -> Vec<(Tier, &str, u32)> {
    v.into_iter().map(|(t, n)| (t, n, 0)).collect()
}

fn is_subsequence(needle: &str, hay: &str) -> bool {
    let mut it = hay.chars();
    needle.chars().all(|c| it.any(|h| h == c))
}

/// How far a fuzzy match strays from the query (`None`: `ql` is not a subsequence of `l`,
/// both lower case): the characters skipped between the first and last matched ones, plus
/// 1000 when the name does not start with the query's first character; smaller is closer
/// (`tst_str` is nearer `test_str` than `t_set_string_attr`).
pub fn fuzzy_cost(ql: &str, l: &str) -> Option<u32> {
    let mut hay = l.char_indices();
    let mut first = None;
    let mut last = 0;
    let mut n = 0usize;
    for c in ql.chars() {
        let (at, h) = hay.by_ref().find(|&(_, h)| h == c)?;
        first.get_or_insert(at);
        last = at + h.len_utf8();
        n += c.len_utf8();
    }
    let first = first?;
    let skipped = (last - first).saturating_sub(n).min(999) as u32;
    Some(skipped + if first == 0 { 0 } else { 1000 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_in_order_across_a_qualname() {
        let w = |ws: &[&str]| ws.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(words_in_order(
            "RouterGroup.handle",
            &w(&["group", "handle"])
        ));
        assert!(words_in_order("RouterGroup.handle", &w(&["rou", "han"])));
        assert!(!words_in_order(
            "RouterGroup.handle",
            &w(&["handle", "group"])
        ));
        assert!(words_in_order("flag_parser", &w(&["flag", "parse"])));
        assert!(!words_in_order("flagparser", &w(&["flag", "parse"])));
    }

    #[test]
    fn word_parts() {
        let parts = |s: &str| -> Vec<String> {
            let starts = word_starts(s);
            starts
                .iter()
                .enumerate()
                .map(|(i, &b)| {
                    let end = starts.get(i + 1).copied().unwrap_or(s.len());
                    s[b..end].trim_end_matches('_').to_string()
                })
                .collect()
        };
        assert_eq!(parts("JSONDecoder"), ["JSON", "Decoder"]);
        assert_eq!(parts("raw_decode"), ["raw", "decode"]);
        assert_eq!(parts("HTTPServer2Go"), ["HTTP", "Server", "2", "Go"]);
        assert_eq!(parts("__init__"), ["init"]);
        assert_eq!(parts("serveHTTP"), ["serve", "HTTP"]);
    }

    #[test]
    fn name_index_agrees_with_match_tier() {
        let names: Vec<String> = [
            "decode",
            "Decode",
            "decoder",
            "raw_decode",
            "JSONDecoder",
            "encode",
            "DecodeError",
            "x_decode_y",
            "deco",
            "dc",
            "HTTPServer",
            "serve",
            "ServeHTTP",
            "server",
            "Serve",
            "_decode",
            "décodé",
            "DÉCODE",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let idx = NameIndex::new(names.clone());
        for q in [
            "decode", "Decode", "dec", "code", "serve", "http", "srv", "dcd", "x", "DÉ", "zz",
        ] {
            let ql = q.to_lowercase();
            let mut want: Vec<(Tier, &str)> = names
                .iter()
                .filter_map(|n| match_tier(q, &ql, n).map(|t| (t, n.as_str())))
                .collect();
            want.sort();
            let mut got = idx.direct(q, &ql);
            got.extend(idx.inner(q, &ql));
            got.extend(idx.fuzzy(&ql).into_iter().map(|(t, n, _)| (t, n)));
            got.sort();
            assert_eq!(got, want, "query {q:?}");
        }
    }

    #[test]
    fn fuzzy_matches_rank_by_closeness() {
        assert_eq!(fuzzy_cost("tststr", "test_str"), Some(2));
        assert_eq!(fuzzy_cost("tst_str", "test_str"), Some(1));
        assert_eq!(fuzzy_cost("tst_str", "t_set_string"), Some(2));
        assert_eq!(fuzzy_cost("str", "test_str"), Some(1003));
        assert_eq!(fuzzy_cost("dé", "décodé"), Some(0));
        assert_eq!(fuzzy_cost("xyz", "test"), None);
        let idx = NameIndex::new(
            ["t_set_string_attr", "test_str", "TestStr", "other_test_str"]
                .iter()
                .map(|s| s.to_string()),
        );
        let order: Vec<&str> = idx.fuzzy("tst_str").iter().map(|(_, n, _)| *n).collect();
        assert_eq!(order, ["test_str", "t_set_string_attr", "other_test_str"]);
    }

    #[test]
    fn tiers() {
        let t = |q: &str, name: &str| match_tier(q, &q.to_lowercase(), name);
        let cases = [
            ("decode", "decode", Some(Tier::Exact)),
            ("decode", "Decode", Some(Tier::ExactIgnoreCase)),
            ("decode", "decoder", Some(Tier::Prefix)),
            ("decode", "raw_decode", Some(Tier::WordPart)),
            ("decoder", "JSONDecoder", Some(Tier::WordPart)),
            ("code", "decode", Some(Tier::Substring)),
            ("jsdc", "JSONDecoder", Some(Tier::Fuzzy)),
            ("x", "JSONDecoder", None),
            ("zzz", "JSONDecoder", None),
        ];
        for (q, name, want) in cases {
            assert_eq!(t(q, name), want, "{q} vs {name}");
        }
        assert!(Tier::Exact < Tier::QualnameSuffix && Tier::QualnameSuffix < Tier::Prefix);
    }
}
