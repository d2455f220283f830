//⌄ enclosing_range_start codemap gomod example.com/shop . `disk/disk.go`/
  // Package disk stores items as files.
// definition codemap gomod example.com/shop . `disk/disk.go`/
//kind File
//documentation
//> Package disk stores items as files.
  package disk
//        ^^^^ definition codemap gomod example.com/shop . `disk/`/
//        kind Package
//        documentation
//        > Package disk stores items as files.
  
  import (
   "os"
//  ^^ reference codemap gomod os . `ext:os`/
   "path/filepath"
//  ^^^^^^^^^^^^^ reference codemap gomod path/filepath . `ext:path/filepath`/
  
   "example.com/shop/store"
//  ^^^^^^^^^^^^^^^^^^^^^^ reference codemap gomod example.com/shop . `store/`/
  )
  
  // DiskStore keeps one file per item.
//⌄ enclosing_range_start codemap gomod example.com/shop . `disk/disk.go`/DiskStore#
  type DiskStore struct {
//     ^^^^^^^^^ definition codemap gomod example.com/shop . `disk/disk.go`/DiskStore#
//     kind Struct
//     documentation
//     > ```go
//     > type DiskStore struct
//     > ```
//     documentation
//     > DiskStore keeps one file per item.
//     relationship codemap gomod example.com/shop . `store/store.go`/Store# implementation
// ⌄ enclosing_range_start codemap gomod example.com/shop . `disk/disk.go`/DiskStore#Dir.
   Dir string
// ^^^ definition codemap gomod example.com/shop . `disk/disk.go`/DiskStore#Dir.
// kind Field
// documentation
// > ```go
// > Dir string
// > ```
//          ⌃ enclosing_range_end codemap gomod example.com/shop . `disk/disk.go`/DiskStore#Dir.
  }
//⌃ enclosing_range_end codemap gomod example.com/shop . `disk/disk.go`/DiskStore#
  
//⌄ enclosing_range_start codemap gomod example.com/shop . `disk/disk.go`/DiskStore#path().
  func (d *DiskStore) path(id string) string {
//                    ^^^^ definition codemap gomod example.com/shop . `disk/disk.go`/DiskStore#path().
//                    kind Method
//                    documentation
//                    > ```go
//                    > func (d *DiskStore) path(id string) string
//                    > ```
   return filepath.Join(d.Dir, id)
//                 ^^^^ reference codemap gomod path/filepath . `ext:path/filepath`/Join().
  }
//⌃ enclosing_range_end codemap gomod example.com/shop . `disk/disk.go`/DiskStore#path().
  
  // Get reads an item back.
//⌄ enclosing_range_start codemap gomod example.com/shop . `disk/disk.go`/DiskStore#Get().
  func (d *DiskStore) Get(id string) (store.Item, error) {
//                    ^^^ definition codemap gomod example.com/shop . `disk/disk.go`/DiskStore#Get().
//                    kind Method
//                    documentation
//                    > ```go
//                    > func (d *DiskStore) Get(id string) (store.Item, error)
//                    > ```
//                    documentation
//                    > Get reads an item back.
//                    relationship codemap gomod example.com/shop . `store/store.go`/Store#Get(). implementation reference
//                                          ^^^^ reference codemap gomod example.com/shop . `store/store.go`/Item#
   if _, err := os.Stat(d.path(id)); err != nil {
//                 ^^^^ reference codemap gomod os . `ext:os`/Stat().
//                        ^^^^ reference codemap gomod example.com/shop . `disk/disk.go`/DiskStore#path().
    return store.Item{}, store.ErrNotFound
//               ^^^^ reference codemap gomod example.com/shop . `store/store.go`/Item#
   }
   return store.Item{ID: id}, nil
//              ^^^^ reference codemap gomod example.com/shop . `store/store.go`/Item#
  }
//⌃ enclosing_range_end codemap gomod example.com/shop . `disk/disk.go`/DiskStore#Get().
  
  // Put writes an item.
//⌄ enclosing_range_start codemap gomod example.com/shop . `disk/disk.go`/DiskStore#Put().
  func (d *DiskStore) Put(it store.Item) error {
//                    ^^^ definition codemap gomod example.com/shop . `disk/disk.go`/DiskStore#Put().
//                    kind Method
//                    documentation
//                    > ```go
//                    > func (d *DiskStore) Put(it store.Item) error
//                    > ```
//                    documentation
//                    > Put writes an item.
//                    relationship codemap gomod example.com/shop . `store/store.go`/Store#Put(). implementation reference
//                                 ^^^^ reference codemap gomod example.com/shop . `store/store.go`/Item#
   return os.WriteFile(d.path(it.ID), []byte(it.ID), 0o644)
//           ^^^^^^^^^ reference codemap gomod os . `ext:os`/WriteFile().
//                       ^^^^ reference codemap gomod example.com/shop . `disk/disk.go`/DiskStore#path().
  }
//⌃ enclosing_range_end codemap gomod example.com/shop . `disk/disk.go`/DiskStore#Put().
  
//⌃ enclosing_range_end codemap gomod example.com/shop . `disk/disk.go`/
