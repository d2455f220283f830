//⌄ enclosing_range_start codemap gomod example.com/shop . `store/store.go`/
  // Package store keeps items.
// definition codemap gomod example.com/shop . `store/store.go`/
//kind File
//documentation
//> Package store keeps items.
  package store
//        ^^^^^ reference codemap gomod example.com/shop . `store/`/
  
  import "errors"
//        ^^^^^^ reference codemap gomod errors . `ext:errors`/
  
  // ErrNotFound is returned for a missing item.
//⌄ enclosing_range_start codemap gomod example.com/shop . `store/store.go`/ErrNotFound.
  var ErrNotFound = errors.New("not found")
//    ^^^^^^^^^^^ definition codemap gomod example.com/shop . `store/store.go`/ErrNotFound.
//    kind Variable
//    documentation
//    > ErrNotFound is returned for a missing item.
//                                        ⌃ enclosing_range_end codemap gomod example.com/shop . `store/store.go`/ErrNotFound.
  
  // Item is one thing for sale.
//⌄ enclosing_range_start codemap gomod example.com/shop . `store/store.go`/Item#
  type Item struct {
//     ^^^^ definition codemap gomod example.com/shop . `store/store.go`/Item#
//     kind Struct
//     documentation
//     > Item is one thing for sale.
// ⌄ enclosing_range_start codemap gomod example.com/shop . `store/store.go`/Item#ID.
   ID    string
// ^^ definition codemap gomod example.com/shop . `store/store.go`/Item#ID.
// kind Field
//            ⌃ enclosing_range_end codemap gomod example.com/shop . `store/store.go`/Item#ID.
// ⌄ enclosing_range_start codemap gomod example.com/shop . `store/store.go`/Item#Price.
   Price int // in cents
// ^^^^^ definition codemap gomod example.com/shop . `store/store.go`/Item#Price.
// kind Field
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
//     > Store is where items live.
// ⌄ enclosing_range_start codemap gomod example.com/shop . `store/store.go`/Store#Get().
   Get(id string) (Item, error)
// ^^^ definition codemap gomod example.com/shop . `store/store.go`/Store#Get().
// kind AbstractMethod
//                 ^^^^ reference codemap gomod example.com/shop . `store/store.go`/Item#
//                            ⌃ enclosing_range_end codemap gomod example.com/shop . `store/store.go`/Store#Get().
// ⌄ enclosing_range_start codemap gomod example.com/shop . `store/store.go`/Store#Put().
   Put(it Item) error
// ^^^ definition codemap gomod example.com/shop . `store/store.go`/Store#Put().
// kind AbstractMethod
//        ^^^^ reference codemap gomod example.com/shop . `store/store.go`/Item#
//                  ⌃ enclosing_range_end codemap gomod example.com/shop . `store/store.go`/Store#Put().
  }
//⌃ enclosing_range_end codemap gomod example.com/shop . `store/store.go`/Store#
  
//⌃ enclosing_range_end codemap gomod example.com/shop . `store/store.go`/
