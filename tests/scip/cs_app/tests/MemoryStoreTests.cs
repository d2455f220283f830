//⌄ enclosing_range_start codemap nuget Shop 1.0.0 `tests/MemoryStoreTests.cs`/
  using Shop.Core;
// definition codemap nuget Shop 1.0.0 `tests/MemoryStoreTests.cs`/
//kind File
//      ^^^^^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/`/
  
//⌄ enclosing_range_start codemap nuget Shop 1.0.0 `tests/MemoryStoreTests.cs`/Shop#Tests#
  namespace Shop.Tests
//               ^^^^^ definition codemap nuget Shop 1.0.0 `tests/MemoryStoreTests.cs`/Shop#Tests#
//               kind Package
//               documentation
//               > ```csharp
//               > namespace Shop.Tests
//               > ```
  {
//    ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `tests/MemoryStoreTests.cs`/Shop#Tests#MemoryStoreTests#
      class MemoryStoreTests
//          ^^^^^^^^^^^^^^^^ definition codemap nuget Shop 1.0.0 `tests/MemoryStoreTests.cs`/Shop#Tests#MemoryStoreTests#
//          kind Class
//          documentation
//          > ```csharp
//          > class MemoryStoreTests
//          > ```
      {
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `tests/MemoryStoreTests.cs`/Shop#Tests#MemoryStoreTests#PutsAndGets().
          void PutsAndGets()
//             ^^^^^^^^^^^ definition codemap nuget Shop 1.0.0 `tests/MemoryStoreTests.cs`/Shop#Tests#MemoryStoreTests#PutsAndGets().
//             kind Method
//             documentation
//             > ```csharp
//             > void PutsAndGets()
//             > ```
          {
              var store = new MemoryStore();
//                            ^^^^^^^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#
              store.Put("a", 1);
//                  ^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Put().
              store.Get("a");
//                  ^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Get().
          }
//        ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `tests/MemoryStoreTests.cs`/Shop#Tests#MemoryStoreTests#PutsAndGets().
      }
//    ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `tests/MemoryStoreTests.cs`/Shop#Tests#MemoryStoreTests#
  }
//⌃ enclosing_range_end codemap nuget Shop 1.0.0 `tests/MemoryStoreTests.cs`/Shop#Tests#
  
//⌃ enclosing_range_end codemap nuget Shop 1.0.0 `tests/MemoryStoreTests.cs`/
