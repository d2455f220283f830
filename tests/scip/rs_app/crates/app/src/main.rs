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
//                      ^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#put().
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
//                            ^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#len().
//                                         ^^^^^^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/util.rs`/normalize().
  }
//⌃ enclosing_range_end codemap cargo shop-app 0.2.0 `crates/app/src/main.rs`/main().
  
  #[allow(dead_code)]
//⌄ enclosing_range_start codemap cargo shop-app 0.2.0 `crates/app/src/main.rs`/shelve().
  fn shelve() -> usize {
//   ^^^^^^ definition codemap cargo shop-app 0.2.0 `crates/app/src/main.rs`/shelve().
//   kind Function
//   documentation
//   > ```rust
//   > fn shelve() -> usize
//   > ```
      let mut shelf = shop_store::Shelf::new("Dry goods");
//                                       ^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#new().
      let _ = shelf.stock("Rice");
//                  ^^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#stock().
      shelf.count()
//          ^^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#`count~2`().
  }
//⌃ enclosing_range_end codemap cargo shop-app 0.2.0 `crates/app/src/main.rs`/shelve().
  
//⌃ enclosing_range_end codemap cargo shop-app 0.2.0 `crates/app/src/main.rs`/
