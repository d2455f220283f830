//⌄ enclosing_range_start codemap gomod example.com/shop . `store/memory.go`/
  package store
// definition codemap gomod example.com/shop . `store/memory.go`/
//kind File
//        ^^^^^ reference codemap gomod example.com/shop . `store/`/
  
  // MemoryStore keeps items in a map.
//⌄ enclosing_range_start codemap gomod example.com/shop . `store/memory.go`/MemoryStore#
  type MemoryStore struct {
//     ^^^^^^^^^^^ definition codemap gomod example.com/shop . `store/memory.go`/MemoryStore#
//     kind Struct
//     documentation
//     > ```go
//     > type MemoryStore struct
//     > ```
//     documentation
//     > MemoryStore keeps items in a map.
//     relationship codemap gomod example.com/shop . `store/store.go`/Store# implementation
// ⌄ enclosing_range_start codemap gomod example.com/shop . `store/memory.go`/MemoryStore#items.
   items map[string]Item
// ^^^^^ definition codemap gomod example.com/shop . `store/memory.go`/MemoryStore#items.
// kind Field
// documentation
// > ```go
// > items map[string]Item
// > ```
//                  ^^^^ reference codemap gomod example.com/shop . `store/store.go`/Item#
//                     ⌃ enclosing_range_end codemap gomod example.com/shop . `store/memory.go`/MemoryStore#items.
  }
//⌃ enclosing_range_end codemap gomod example.com/shop . `store/memory.go`/MemoryStore#
  
  // NewMemoryStore returns an empty store.
//⌄ enclosing_range_start codemap gomod example.com/shop . `store/memory.go`/NewMemoryStore().
  func NewMemoryStore() *MemoryStore {
//     ^^^^^^^^^^^^^^ definition codemap gomod example.com/shop . `store/memory.go`/NewMemoryStore().
//     kind Function
//     documentation
//     > ```go
//     > func NewMemoryStore() *MemoryStore
//     > ```
//     documentation
//     > NewMemoryStore returns an empty store.
//                       ^^^^^^^^^^^ reference codemap gomod example.com/shop . `store/memory.go`/MemoryStore#
   return &MemoryStore{items: make(map[string]Item)}
//         ^^^^^^^^^^^ reference codemap gomod example.com/shop . `store/memory.go`/MemoryStore#
  }
//⌃ enclosing_range_end codemap gomod example.com/shop . `store/memory.go`/NewMemoryStore().
  
  // Get returns the item with this id.
//⌄ enclosing_range_start codemap gomod example.com/shop . `store/memory.go`/MemoryStore#Get().
  func (m *MemoryStore) Get(id string) (Item, error) {
//                      ^^^ definition codemap gomod example.com/shop . `store/memory.go`/MemoryStore#Get().
//                      kind Method
//                      documentation
//                      > ```go
//                      > func (m *MemoryStore) Get(id string) (Item, error)
//                      > ```
//                      documentation
//                      > Get returns the item with this id.
//                      relationship codemap gomod example.com/shop . `store/store.go`/Store#Get(). implementation reference
//                                      ^^^^ reference codemap gomod example.com/shop . `store/store.go`/Item#
   it, ok := m.items[id]
   if !ok {
    return Item{}, ErrNotFound
//         ^^^^ reference codemap gomod example.com/shop . `store/store.go`/Item#
   }
   return it, nil
  }
//⌃ enclosing_range_end codemap gomod example.com/shop . `store/memory.go`/MemoryStore#Get().
  
  // Put stores an item.
//⌄ enclosing_range_start codemap gomod example.com/shop . `store/memory.go`/MemoryStore#Put().
  func (m *MemoryStore) Put(it Item) error {
//                      ^^^ definition codemap gomod example.com/shop . `store/memory.go`/MemoryStore#Put().
//                      kind Method
//                      documentation
//                      > ```go
//                      > func (m *MemoryStore) Put(it Item) error
//                      > ```
//                      documentation
//                      > Put stores an item.
//                      relationship codemap gomod example.com/shop . `store/store.go`/Store#Put(). implementation reference
//                             ^^^^ reference codemap gomod example.com/shop . `store/store.go`/Item#
   m.items[it.ID] = it
   return nil
  }
//⌃ enclosing_range_end codemap gomod example.com/shop . `store/memory.go`/MemoryStore#Put().
  
//⌃ enclosing_range_end codemap gomod example.com/shop . `store/memory.go`/
