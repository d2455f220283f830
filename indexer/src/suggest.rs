//! "Did you mean": the names or paths nearest to one that was not found, for error hints.
//! Pure.

/// Edit distance with adjacent transpositions (optimal string alignment), over characters,
/// ignoring case: `svae` → `save` is 1.
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().flat_map(char::to_lowercase).collect();
    let b: Vec<char> = b.chars().flat_map(char::to_lowercase).collect();
    let (n, m) = (a.len(), b.len());
    let mut d = vec![vec![0usize; m + 1]; n + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=n {
        for j in 1..=m {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[n][m]
}

/// How far a candidate may be from what was asked for: a quarter of the length of its last
/// segment (a path's file name, a qualname's last name), at least 1.
fn tolerance(want: &str) -> usize {
    let last = want
        .rsplit(['/', '.'])
        .find(|s| s.len() > 3)
        .unwrap_or(want);
    (last.chars().count() / 4).max(1)
}

/// Up to `n` of `among` nearest to `want`, nearest first (ties in the order given): within
/// the tolerance, or, for paths, ending in what was asked for (`shop/models.py` →
/// `src/shop/models.py`) or with the same file name in another directory.
pub fn nearest<'a>(want: &str, among: impl IntoIterator<Item = &'a str>, n: usize) -> Vec<&'a str> {
    let tol = tolerance(want);
    let base = want.rsplit('/').next().unwrap_or(want);
    let mut scored: Vec<(usize, usize, &'a str)> = among
        .into_iter()
        .enumerate()
        .filter(|(_, c)| *c != want)
        .filter_map(|(i, c)| {
            let d = distance(want, c);
            if d <= tol {
                return Some((d, i, c));
            }
            let is_path = want.contains('/') || want.contains('.');
            if is_path && (c.ends_with(&format!("/{want}")) || c.rsplit('/').next() == Some(base)) {
                return Some((tol + 1, i, c));
            }
            None
        })
        .collect();
    scored.sort();
    scored.into_iter().take(n).map(|(_, _, c)| c).collect()
}

/// `"; did you mean a, b?"`, or nothing when there is nothing near.
pub fn did_you_mean(found: &[&str]) -> String {
    if found.is_empty() {
        String::new()
    } else {
        format!("did you mean {}?", found.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        for (a, b, want) in [
            ("save", "save", 0),
            ("svae", "save", 1),
            ("sav", "save", 1),
            ("Save", "save", 0),
            ("model.py", "models.py", 1),
            ("abc", "xyz", 3),
            ("", "ab", 2),
        ] {
            assert_eq!(distance(a, b), want, "{a} {b}");
        }
    }

    #[test]
    fn nearest_names_and_paths() {
        let names = [
            "save",
            "saved",
            "load",
            "Cls.save",
            "Cls.sav_all",
            "restore",
        ];
        assert_eq!(nearest("svae", names, 3), ["save"]);
        assert_eq!(nearest("Cls.sav", names, 3), ["Cls.save"]);
        assert!(nearest("zzzz", names, 3).is_empty());
        let paths = [
            "src/shop/models.py",
            "src/shop/service.py",
            "tests/models.py",
            "src/shop/util.py",
        ];
        assert_eq!(
            nearest("src/shop/model.py", paths, 3),
            ["src/shop/models.py"]
        );
        assert_eq!(
            nearest("shop/models.py", paths, 3),
            ["src/shop/models.py", "tests/models.py"]
        );
        assert_eq!(did_you_mean(&["a", "b"]), "did you mean a, b?");
        assert_eq!(did_you_mean(&[]), "");
    }
}
