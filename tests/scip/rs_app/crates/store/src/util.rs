//⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/util.rs`/
  /// Keys are compared in lower case.
// definition codemap cargo shop-store 0.2.0 `crates/store/src/util.rs`/
//kind Module
//⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/util.rs`/normalize().
  pub fn normalize(key: &str) -> String {
//       ^^^^^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/util.rs`/normalize().
//       kind Function
//       documentation
//       > ```rust
//       > pub fn normalize(key: &str) -> String
//       > ```
//       documentation
//       > Keys are compared in lower case.
      key.trim().to_lowercase()
  }
//⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/util.rs`/normalize().
  
//⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/util.rs`/
