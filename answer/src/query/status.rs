//! `map_status` from the map: counts per language and edge kind, the last run, stale, skipped
//! and unparsed files.

use super::handle::Map;
use crate::envelope::{clamp_budget, fit, Answer, Dropped, Fitted, Text, ToolError};
use crate::shape::MapStatus;
use indexer::lang::Lang;
use indexer::store;
use serde_json::{json, Value};

impl Map {
    /// `map_status` from the map: [`Map::map_status`], its file lists cut to the largest
    /// budget (the watcher's and servers' states are the bridge's to add).
    pub fn status(&self) -> Result<Answer, ToolError> {
        let (st, warnings) = self.map_status()?;
        let (stale_count, skipped_count, errors_count) =
            (st.stale_count, st.skipped_count, st.parse_error_count);
        let make = |n: usize| {
            let mut cut = st.clone();
            cut.stale_files.truncate(n);
            cut.skipped_files.truncate(n);
            cut.parse_error_files.truncate(n);
            let mut v = serde_json::to_value(cut).unwrap_or(Value::Null);
            v["watcher"] = json!({"state": "not-running"});
            v["servers"] = json!([]);
            v
        };
        let total = stale_count.max(skipped_count).max(errors_count);
        let Fitted { data, kept, .. } = fit(total, clamp_budget(Some(10_000)), make);
        let mut cut = st;
        cut.skipped_files.truncate(kept);
        cut.parse_error_files.truncate(kept);
        let dropped = (kept < total).then(|| Dropped {
            kind: "files".into(),
            count: (stale_count + skipped_count + errors_count)
                - (kept.min(stale_count) + kept.min(skipped_count) + kept.min(errors_count)),
            note: "the full lists are in the map: `sqlite3 .codemap/map.db \"SELECT path, skip_reason, parse_error FROM files WHERE skip_reason IS NOT NULL OR parse_error <> 0\"`".into(),
        });
        Ok(Answer {
            data,
            dropped,
            warnings,
            text: Text::new(move || crate::text::map_status(&cut)),
        })
    }

    /// Each project with its files and symbols (a file counted in its innermost project).
    pub fn project_counts(&self) -> Result<Vec<crate::shape::ProjectStatus>, ToolError> {
        let ps = self.projects()?;
        if ps.is_empty() {
            return Ok(Vec::new());
        }
        let mut counts: std::collections::HashMap<String, (u64, u64)> = Default::default();
        for (path, symbols) in self.db.symbols_per_file()? {
            if let Some(p) = ps.of(&path) {
                let c = counts.entry(p.root.clone()).or_default();
                c.0 += 1;
                c.1 += symbols;
            }
        }
        Ok(ps
            .listed()
            .into_iter()
            .map(|p| {
                let (files, symbols) = counts.get(&p.root).copied().unwrap_or_default();
                crate::shape::ProjectStatus {
                    name: p.name.clone(),
                    root: p.root.clone(),
                    kind: p.kind.clone(),
                    manifest: p.manifest.clone(),
                    files,
                    symbols,
                }
            })
            .collect())
    }

    /// The map's state, typed: counts per language and edge kind, the last run, stale and
    /// skipped files; warnings when files changed since.
    pub fn map_status(&self) -> Result<(MapStatus, Vec<String>), ToolError> {
        let _snapshot = self.snapshot()?;
        let meta = |k: &str| self.db.get_meta(k);
        let mut counted = self.db.lang_counts()?;
        let mut langs = std::collections::BTreeMap::new();
        for lang in Lang::ALL {
            let c = counted.remove(lang.prefix()).unwrap_or_default();
            langs.insert(lang.prefix().to_string(), c);
        }
        let edges = self.db.edge_counts()?;
        let skipped = self.db.skipped_files()?;
        let parse_errors = self.db.parse_error_files()?;
        let stale: Vec<String> = self
            .db
            .file_stamps()?
            .into_iter()
            .filter(|r| self.is_stale(&r.path, r.size, r.mtime, r.flagged))
            .map(|r| r.path)
            .collect();
        let last_run: Option<i64> = meta("last_run")?.and_then(|s| s.parse().ok());
        let projects = self.project_counts()?;
        let mut warnings = Vec::new();
        if !stale.is_empty() {
            warnings.push(format!(
                "{} file(s) changed on disk since the last index run; `codemap index` (or `map_rebuild`) refreshes them",
                stale.len()
            ));
        }
        let generated = skipped
            .iter()
            .filter(|s| s.reason.starts_with(indexer::generated::REASON_PREFIX))
            .count();
        if generated > 0 {
            warnings.push(format!(
                "{generated} generated file(s) are kept out of the map (build output a package ships, compiled copies, minified bundles, vendored code; each in skippedFiles with its reason): `codemap index --include-generated` (map_rebuild includeGenerated) takes them in"
            ));
        }
        let stopped = skipped
            .iter()
            .filter(|s| s.reason.starts_with(indexer::extract::PARSE_STOPPED))
            .count();
        if stopped > 0 {
            warnings.push(format!(
                "{stopped} file(s) took longer to parse than the per-file bound and are left out of the map (in skippedFiles with the reason): `codemap index --parse-bound MS` sets a longer bound"
            ));
        }
        let status = MapStatus {
            root: self.root.to_string_lossy().into_owned(),
            db: self.path.to_string_lossy().into_owned(),
            schema_version: store::SCHEMA_VERSION,
            tool_version: meta("tool_version")?,
            last_run: last_run.map(iso_utc),
            last_run_seconds: meta("last_run_seconds")?.and_then(|s| s.parse::<f64>().ok()),
            languages: langs,
            edges,
            stale_count: stale.len(),
            stale_files: stale,
            skipped_count: skipped.len(),
            skipped_files: skipped,
            parse_error_count: parse_errors.len(),
            parse_error_files: parse_errors,
            projects,
        };
        Ok((status, warnings))
    }
}

/// Seconds since the Unix epoch as an ISO 8601 UTC time, `2026-11-23T09:41:07Z`.
pub fn iso_utc(secs: i64) -> String {
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Days to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_iso_utc() {
        assert_eq!(iso_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso_utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(iso_utc(1_795_427_493), "2026-11-23T09:51:33Z");
        assert_eq!(iso_utc(4_102_444_799), "2099-12-31T23:59:59Z");
    }
}
