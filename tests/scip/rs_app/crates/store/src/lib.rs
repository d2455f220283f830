//⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/
  //! The shop's store: items by key.
// definition codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/
//kind Module
//documentation
//> The shop's store: items by key.
  
//⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/util#
  pub mod util;
//        ^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/util#
//        kind Namespace
//        documentation
//        > ```rust
//        > pub mod util;
//        > ```
//        ^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/util.rs`/
//            ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/util#
  
  use std::collections::HashMap;
//    ^^^^^^^^^^^^^^^^^^^^^^^^^ reference codemap cargo std . `ext:std`/
  use util::normalize;
//    ^^^^^^^^^^^^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/util.rs`/
  
  /// The most items a store holds.
//⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/MAX_ITEMS.
  pub const MAX_ITEMS: usize = 100;
//          ^^^^^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/MAX_ITEMS.
//          kind Constant
//          documentation
//          > ```rust
//          > pub const MAX_ITEMS: usize = 100
//          > ```
//          documentation
//          > The most items a store holds.
//                                ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/MAX_ITEMS.
  
//⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/STORE_NAME.
  pub static STORE_NAME: &str = "shop";
//           ^^^^^^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/STORE_NAME.
//           kind Constant
//           documentation
//           > ```rust
//           > pub static STORE_NAME: &str = "shop"
//           > ```
//                                    ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/STORE_NAME.
  
//⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Result#
  pub type Result<T> = std::result::Result<T, StoreError>;
//         ^^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Result#
//         kind Type
//         documentation
//         > ```rust
//         > pub type Result<T> = std::result::Result<T, StoreError>
//         > ```
//                                            ^^^^^^^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/StoreError#
//                                                       ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Result#
  
  /// What can go wrong.
  #[derive(Debug)]
//⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/StoreError#
  pub enum StoreError {
//         ^^^^^^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/StoreError#
//         kind Type
//         documentation
//         > ```rust
//         > pub enum StoreError
//         > ```
//         documentation
//         > What can go wrong.
//    ⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/StoreError#Full.
      Full,
//    ^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/StoreError#Full.
//    kind Constant
//    documentation
//    > ```rust
//    > Full
//    > ```
//       ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/StoreError#Full.
//    ⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/StoreError#Missing.
      Missing(String),
//    ^^^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/StoreError#Missing.
//    kind Constant
//    documentation
//    > ```rust
//    > Missing(String)
//    > ```
//                  ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/StoreError#Missing.
  }
//⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/StoreError#
  
  /// Something that keeps items.
//⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Storage#
  pub trait Storage {
//          ^^^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Storage#
//          kind Interface
//          documentation
//          > ```rust
//          > pub trait Storage
//          > ```
//          documentation
//          > Something that keeps items.
//    ⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Storage#put().
      fn put(&mut self, key: &str, value: u32) -> Result<()>;
//       ^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Storage#put().
//       kind AbstractMethod
//       documentation
//       > ```rust
//       > fn put(&mut self, key: &str, value: u32) -> Result<()>
//       > ```
//                                                          ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Storage#put().
//    ⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Storage#get().
      fn get(&self, key: &str) -> Option<u32>;
//       ^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Storage#get().
//       kind AbstractMethod
//       documentation
//       > ```rust
//       > fn get(&self, key: &str) -> Option<u32>
//       > ```
//                                           ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Storage#get().
  }
//⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Storage#
  
  /// A store in memory.
  #[derive(Debug, Default)]
//⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#
  pub struct Map {
//           ^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#
//           kind Struct
//           documentation
//           > ```rust
//           > pub struct Map
//           > ```
//           documentation
//           > A store in memory.
//           relationship codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Storage# implementation
//    ⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#items.
      items: HashMap<String, u32>,
//    ^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#items.
//    kind Field
//    documentation
//    > ```rust
//    > items: HashMap<String, u32>
//    > ```
//                              ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#items.
  }
//⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#
  
  impl Map {
//    ⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#CAPACITY.
      pub const CAPACITY: usize = MAX_ITEMS;
//              ^^^^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#CAPACITY.
//              kind Constant
//              documentation
//              > ```rust
//              > pub const CAPACITY: usize = MAX_ITEMS
//              > ```
//                                         ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#CAPACITY.
  
      /// An empty store.
//    ⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#open().
      pub fn open() -> Map {
//           ^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#open().
//           kind Method
//           documentation
//           > ```rust
//           > pub fn open() -> Map
//           > ```
//           documentation
//           > An empty store.
          Map::default()
      }
//    ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#open().
  
//    ⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#len().
      pub fn len(&self) -> usize {
//           ^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#len().
//           kind Method
//           documentation
//           > ```rust
//           > pub fn len(&self) -> usize
//           > ```
          self.items.len()
      }
//    ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#len().
  }
  
  impl Storage for Map {
//    ⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#put().
      fn put(&mut self, key: &str, value: u32) -> Result<()> {
//       ^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#put().
//       kind Method
//       documentation
//       > ```rust
//       > fn put(&mut self, key: &str, value: u32) -> Result<()>
//       > ```
//       relationship codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Storage#put(). implementation reference
//                                                ^^^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Result#
          if self.len() >= MAX_ITEMS {
//                ^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#len().
              return Err(StoreError::Full);
          }
          self.items.insert(normalize(key), value);
//                          ^^^^^^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/util.rs`/normalize().
          Ok(())
      }
//    ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#put().
  
//    ⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#get().
      fn get(&self, key: &str) -> Option<u32> {
//       ^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#get().
//       kind Method
//       documentation
//       > ```rust
//       > fn get(&self, key: &str) -> Option<u32>
//       > ```
//       relationship codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Storage#get(). implementation reference
          self.items.get(&normalize(key)).copied()
//                        ^^^^^^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/util.rs`/normalize().
      }
//    ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#get().
  }
  
  #[macro_export]
//⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/log_line().
  macro_rules! log_line {
//             ^^^^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/log_line().
//             kind Function
//             documentation
//             > ```rust
//             > macro_rules! log_line
//             > ```
      ($($t:tt)*) => { println!($($t)*) };
  }
//⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/log_line().
  
  #[cfg(test)]
//⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/tests#
  mod tests {
//    ^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/tests#
//    kind Namespace
//    documentation
//    > ```rust
//    > mod tests
//    > ```
      use super::*;
//        ^^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/
  
      #[test]
//    ⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/tests#puts_and_gets().
      fn puts_and_gets() {
//       ^^^^^^^^^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/tests#puts_and_gets().
//       kind Function
//       documentation
//       > ```rust
//       > fn puts_and_gets()
//       > ```
          let mut m = Map::open();
//                         ^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#open().
          assert!(m.put("A", 1).is_ok());
//                  ^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#put().
          assert_eq!(m.get("a"), Some(1));
//                     ^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#get().
      }
//    ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/tests#puts_and_gets().
  }
//⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/tests#
  
//⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/shelf#
  pub mod shelf;
//        ^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/shelf#
//        kind Namespace
//        documentation
//        > ```rust
//        > pub mod shelf;
//        > ```
//        ^^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/
//             ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/shelf#
  pub use shelf::{Labelled, Shelf};
//^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/
  
//⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/
