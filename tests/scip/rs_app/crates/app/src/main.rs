//⌄ enclosing_range_start codemap cargo shop-app 0.2.0 `crates/app/src/main.rs`/
  use shop_store::util;
// definition codemap cargo shop-app 0.2.0 `crates/app/src/main.rs`/
//kind Module
//    ^^^^^^^^^^^^^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/util.rs`/
  use shop_store::{Map, Storage};
//^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/
  
//⌄ enclosing_range_start codemap cargo shop-app 0.2.0 `crates/app/src/main.rs`/fill().
  fn fill(store: &mut Map) {
//   ^^^^ definition codemap cargo shop-app 0.2.0 `crates/app/src/main.rs`/fill().
//   kind Function
//   documentation
//   > ```rust
//   > fn fill(store: &mut Map)
//   > ```
//                    ^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#
      for name in ["Tea", "Milk"] {
          let _ = store.put(name, 1);
      }
  }
//⌃ enclosing_range_end codemap cargo shop-app 0.2.0 `crates/app/src/main.rs`/fill().
  
//⌄ enclosing_range_start codemap cargo shop-app 0.2.0 `crates/app/src/main.rs`/main().
  fn main() {
//   ^^^^ definition codemap cargo shop-app 0.2.0 `crates/app/src/main.rs`/main().
//   kind Function
//   documentation
//   > ```rust
//   > fn main()
//   > ```
      let mut store = Map::open();
//                         ^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#open().
      fill(&mut store);
//    ^^^^ reference codemap cargo shop-app 0.2.0 `crates/app/src/main.rs`/fill().
      println!("{} {}", store.len(), util::normalize(" Done "));
  }
//⌃ enclosing_range_end codemap cargo shop-app 0.2.0 `crates/app/src/main.rs`/main().
  
//⌃ enclosing_range_end codemap cargo shop-app 0.2.0 `crates/app/src/main.rs`/
