//⌄ enclosing_range_start codemap gomod example.com/shop . `cmd/shop/main.go`/
  package main
// definition codemap gomod example.com/shop . `cmd/shop/main.go`/
//kind File
//        ^^^^ definition codemap gomod example.com/shop . `cmd/shop/`/
//        kind Package
  
  import (
   "fmt"
//  ^^^ reference codemap gomod fmt . `ext:fmt`/
  
   "example.com/shop/disk"
//  ^^^^^^^^^^^^^^^^^^^^^ reference codemap gomod example.com/shop . `disk/`/
   "example.com/shop/store"
//  ^^^^^^^^^^^^^^^^^^^^^^ reference codemap gomod example.com/shop . `store/`/
  )
  
//⌄ enclosing_range_start codemap gomod example.com/shop . `cmd/shop/main.go`/main().
  func main() {
//     ^^^^ definition codemap gomod example.com/shop . `cmd/shop/main.go`/main().
//     kind Function
//     documentation
//     > ```go
//     > func main()
//     > ```
   mem := store.NewMemoryStore()
//              ^^^^^^^^^^^^^^ reference codemap gomod example.com/shop . `store/memory.go`/NewMemoryStore().
   fill(mem)
// ^^^^ reference codemap gomod example.com/shop . `cmd/shop/main.go`/fill().
   d := &disk.DiskStore{Dir: "/tmp"}
//            ^^^^^^^^^ reference codemap gomod example.com/shop . `disk/disk.go`/DiskStore#
   get := d.Get // a method value
   if _, err := get("a"); err != nil {
    fmt.Println(err)
//      ^^^^^^^ reference codemap gomod fmt . `ext:fmt`/Println().
   }
  }
//⌃ enclosing_range_end codemap gomod example.com/shop . `cmd/shop/main.go`/main().
  
//⌄ enclosing_range_start codemap gomod example.com/shop . `cmd/shop/main.go`/fill().
  func fill(s store.Store) {
//     ^^^^ definition codemap gomod example.com/shop . `cmd/shop/main.go`/fill().
//     kind Function
//     documentation
//     > ```go
//     > func fill(s store.Store)
//     > ```
//                  ^^^^^ reference codemap gomod example.com/shop . `store/store.go`/Store#
   _ = s.Put(store.Item{ID: "a", Price: 100})
//       ^^^ reference codemap gomod example.com/shop . `store/store.go`/Store#Put().
//                 ^^^^ reference codemap gomod example.com/shop . `store/store.go`/Item#
  }
//⌃ enclosing_range_end codemap gomod example.com/shop . `cmd/shop/main.go`/fill().
  
//⌃ enclosing_range_end codemap gomod example.com/shop . `cmd/shop/main.go`/
