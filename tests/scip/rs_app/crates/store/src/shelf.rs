//⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/
  //! Shelves: named stores that count what they hold.
// definition codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/
//kind Module
//documentation
//> Shelves: named stores that count what they hold.
  
  use crate::{Map, Storage};
//^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/
  use std::fmt;
//    ^^^^^^^^ reference codemap cargo std . `ext:std`/
  
  /// Something with a label.
//⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Labelled#
  pub trait Labelled {
//          ^^^^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Labelled#
//          kind Interface
//          documentation
//          > ```rust
//          > pub trait Labelled
//          > ```
//          documentation
//          > Something with a label.
//    ⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Labelled#label().
      fn label(&self) -> String;
//       ^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Labelled#label().
//       kind AbstractMethod
//       documentation
//       > ```rust
//       > fn label(&self) -> String
//       > ```
//                             ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Labelled#label().
  
      /// The label, loud.
//    ⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Labelled#shout().
      fn shout(&self) -> String {
//       ^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Labelled#shout().
//       kind AbstractMethod
//       documentation
//       > ```rust
//       > fn shout(&self) -> String
//       > ```
//       documentation
//       > The label, loud.
          self.label().to_uppercase()
//             ^^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Labelled#label().
      }
//    ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Labelled#shout().
  }
//⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Labelled#
  
  /// A store with a name and a count.
  #[derive(Debug, Default)]
//⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#
  pub struct Shelf {
//           ^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#
//           kind Struct
//           documentation
//           > ```rust
//           > pub struct Shelf
//           > ```
//           documentation
//           > A store with a name and a count.
//           relationship codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Labelled# implementation
//    ⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#name.
      pub name: String,
//        ^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#name.
//        kind Field
//        documentation
//        > ```rust
//        > pub name: String
//        > ```
//                   ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#name.
//    ⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#count.
      count: usize,
//    ^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#count.
//    kind Field
//    documentation
//    > ```rust
//    > count: usize
//    > ```
//               ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#count.
//    ⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#store.
      store: Option<Map>,
//    ^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#store.
//    kind Field
//    documentation
//    > ```rust
//    > store: Option<Map>
//    > ```
//                  ^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#
//                     ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#store.
  }
//⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#
  
  impl Shelf {
//    ⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#new().
      pub fn new(name: &str) -> Self {
//           ^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#new().
//           kind Method
//           documentation
//           > ```rust
//           > pub fn new(name: &str) -> Self
//           > ```
          Self {
              name: name.to_string(),
              count: 0,
              store: Some(Map::open()),
//                             ^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#open().
          }
      }
//    ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#new().
  
      /// The count, under the field's name.
//    ⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#`count~2`().
      pub fn count(&self) -> usize {
//           ^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#`count~2`().
//           kind Method
//           documentation
//           > ```rust
//           > pub fn count(&self) -> usize
//           > ```
//           documentation
//           > The count, under the field's name.
          self.count
      }
//    ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#`count~2`().
  
//    ⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#stock().
      pub fn stock(&mut self, key: &str) -> crate::Result<usize> {
//           ^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#stock().
//           kind Method
//           documentation
//           > ```rust
//           > pub fn stock(&mut self, key: &str) -> crate::Result<usize>
//           > ```
//                                                 ^^^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Result#
          let store = self.store.as_mut().unwrap();
          store.put(key, 1)?;
//              ^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Map#put().
          self.count += 1;
          Ok(self.count())
//                ^^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#`count~2`().
      }
//    ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#stock().
  }
  
  impl Labelled for Shelf {
//    ⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#label().
      fn label(&self) -> String {
//       ^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#label().
//       kind Method
//       documentation
//       > ```rust
//       > fn label(&self) -> String
//       > ```
//       relationship codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Labelled#label(). implementation reference
          self.name.clone()
      }
//    ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#label().
  }
  
  impl fmt::Display for Shelf {
//    ⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#fmt().
      fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
//       ^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#fmt().
//       kind Method
//       documentation
//       > ```rust
//       > fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result
//       > ```
          write!(f, "{} ({})", self.name, self.count)
      }
//    ⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#fmt().
  }
  
  /// Fill any store through its trait.
//⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/fill_all().
  pub fn fill_all<S: Storage>(store: &mut S, keys: &[&str]) -> usize {
//       ^^^^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/fill_all().
//       kind Function
//       documentation
//       > ```rust
//       > pub fn fill_all<S: Storage>(store: &mut S, keys: &[&str]) -> usize
//       > ```
//       documentation
//       > Fill any store through its trait.
      let mut n = 0;
      for key in keys {
          if store.put(key, 1).is_ok() {
//                 ^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Storage#put().
              n += 1;
          }
      }
      n
  }
//⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/fill_all().
  
//⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/opened().
  pub fn opened(name: &str) -> Option<Shelf> {
//       ^^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/opened().
//       kind Function
//       documentation
//       > ```rust
//       > pub fn opened(name: &str) -> Option<Shelf>
//       > ```
//                                    ^^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#
      Some(Shelf::new(name))
//                ^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#new().
  }
//⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/opened().
  
//⌄ enclosing_range_start codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/restock().
  pub fn restock(name: &str) -> crate::Result<String> {
//       ^^^^^^^ definition codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/restock().
//       kind Function
//       documentation
//       > ```rust
//       > pub fn restock(name: &str) -> crate::Result<String>
//       > ```
//                                     ^^^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/lib.rs`/Result#
      let shelf = opened(name);
//                ^^^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/opened().
      let mut shelf = shelf.unwrap();
      shelf.stock("Tea")?;
//          ^^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Shelf#stock().
      Ok(shelf.shout())
//             ^^^^^ reference codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/Labelled#shout().
  }
//⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/restock().
  
//⌃ enclosing_range_end codemap cargo shop-store 0.2.0 `crates/store/src/shelf.rs`/
