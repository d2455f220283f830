//⌄ enclosing_range_start codemap gomod example.com/shop . `store/store.go`/
  // Package store keeps items.
// definition codemap gomod example.com/shop . `store/store.go`/
//kind File
//documentation
//> Package store keeps items.
  package store
//        ^^^^^ definition codemap gomod example.com/shop . `store/`/
//        kind Package
//        documentation
//        > Package store keeps items.
  
  import "errors"
//        ^^^^^^ reference codemap gomod errors . `ext:errors`/
  
  // ErrNotFound is returned for a missing item.
//⌄ enclosing_range_start codemap gomod example.com/shop . `store/store.go`/ErrNotFound.
  var ErrNotFound = errors.New("not found")
//    ^^^^^^^^^^^ definition codemap gomod example.com/shop . `store/store.go`/ErrNotFound.
//    kind Variable
//    documentation
//    > ```go
//    > var ErrNotFound = errors.New("not found")
//    > ```
//    documentation
//    > ErrNotFound is returned for a missing item.
//                         ^^^ reference codemap gomod errors . `ext:errors`/New().
//                                        ⌃ enclosing_range_end codemap gomod example.com/shop . `store/store.go`/ErrNotFound.
  
  // Item is one thing for sale.
//⌄ enclosing_range_start codemap gomod example.com/shop . `store/store.go`/Item#
  type Item struct {
//     ^^^^ definition codemap gomod example.com/shop . `store/store.go`/Item#
//     kind Struct
//     documentation
//     > ```go
//     > type Item struct
//     > ```
//     documentation
//     > Item is one thing for sale.
// ⌄ enclosing_range_start codemap gomod example.com/shop . `store/store.go`/Item#ID.
   ID    string
// ^^ definition codemap gomod example.com/shop . `store/store.go`/Item#ID.
// kind Field
// documentation
// > ```go
// > ID string
// > ```
//            ⌃ enclosing_range_end codemap gomod example.com/shop . `store/store.go`/Item#ID.
// ⌄ enclosing_range_start codemap gomod example.com/shop . `store/store.go`/Item#Price.
   Price int // in cents
// ^^^^^ definition codemap gomod example.com/shop . `store/store.go`/Item#Price.
// kind Field
// documentation
// > ```go
// > Price int
// > ```
// documentation
// > in cents
//         ⌃ enclosing_range_end codemap gomod example.com/shop . `store/store.go`/Item#Price.
  }
//⌃ enclosing_range_end codemap gomod example.com/shop . `store/store.go`/Item#
  
  // Store is where items live.
//⌄ enclosing_range_start codemap gomod example.com/shop . `store/store.go`/Store#
  type Store interface {
//     ^^^^^ definition codemap gomod example.com/shop . `store/store.go`/Store#
//     kind Interface
//     documentation
//     > ```go
//     > type Store interface
//     > ```
//     documentation
//     > Store is where items live.
// ⌄ enclosing_range_start codemap gomod example.com/shop . `store/store.go`/Store#Get().
   Get(id string) (Item, error)
// ^^^ definition codemap gomod example.com/shop . `store/store.go`/Store#Get().
// kind AbstractMethod
// documentation
// > ```go
// > Get(id string) (Item, error)
// > ```
//                 ^^^^ reference codemap gomod example.com/shop . `store/store.go`/Item#
//                            ⌃ enclosing_range_end codemap gomod example.com/shop . `store/store.go`/Store#Get().
// ⌄ enclosing_range_start codemap gomod example.com/shop . `store/store.go`/Store#Put().
   Put(it Item) error
// ^^^ definition codemap gomod example.com/shop . `store/store.go`/Store#Put().
// kind AbstractMethod
// documentation
// > ```go
// > Put(it Item) error
// > ```
//        ^^^^ reference codemap gomod example.com/shop . `store/store.go`/Item#
//                  ⌃ enclosing_range_end codemap gomod example.com/shop . `store/store.go`/Store#Put().
  }
//⌃ enclosing_range_end codemap gomod example.com/shop . `store/store.go`/Store#
  
//⌃ enclosing_range_end codemap gomod example.com/shop . `store/store.go`/
