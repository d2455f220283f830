//⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/
  using System.Collections.Generic;
// definition codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/
//kind File
//      ^^^^^^^^^^^^^^^^^^^^^^^^^^ reference codemap nuget System.Collections.Generic . `ext:System.Collections.Generic`/
  using Shop.Core.Util;
//      ^^^^^^^^^^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/Util/`/
  
//⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#
  namespace Shop.Core
//               ^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#
//               kind Package
//               documentation
//               > ```csharp
//               > namespace Shop.Core
//               > ```
  {
      /// <summary>
      /// A store in memory.
      /// </summary>
//    ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#
      public partial class MemoryStore : BaseStore, IStore
//                         ^^^^^^^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#
//                         kind Class
//                         documentation
//                         > ```csharp
//                         > public partial class MemoryStore : BaseStore, IStore
//                         > ```
//                         documentation
//                         > A store in memory.
//                         relationship codemap nuget Shop 1.0.0 `src/Shop.Core/BaseStore.cs`/Shop#Core#BaseStore# implementation
//                         relationship codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/Shop#Core#IStore# implementation
//                                       ^^^^^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/BaseStore.cs`/Shop#Core#BaseStore#
      {
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#DefaultCapacity.
          public const int DefaultCapacity = 16;
//                         ^^^^^^^^^^^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#DefaultCapacity.
//                         kind Constant
//                         documentation
//                         > ```csharp
//                         > public const int DefaultCapacity = 16
//                         > ```
//                                             ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#DefaultCapacity.
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#items.
          private readonly Dictionary<string, Entry> items = new Dictionary<string, Entry>();
//                                            ^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Entry#
//                                                   ^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#items.
//                                                   kind Field
//                                                   documentation
//                                                   > ```csharp
//                                                   > private readonly Dictionary<string, Entry> items
//                                                   > ```
//                                                                                  ^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Entry#
//                                                                                          ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#items.
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#capacity.
          private readonly int capacity;
//                             ^^^^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#capacity.
//                             kind Field
//                             documentation
//                             > ```csharp
//                             > private readonly int capacity
//                             > ```
//                                     ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#capacity.
  
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#MemoryStore().
          public MemoryStore() : this(DefaultCapacity) { }
//               ^^^^^^^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#MemoryStore().
//               kind Method
//               documentation
//               > ```csharp
//               > public MemoryStore() : this(DefaultCapacity)
//               > ```
//                                                       ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#MemoryStore().
  
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#`MemoryStore~2`().
          public MemoryStore(int capacity)
//               ^^^^^^^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#`MemoryStore~2`().
//               kind Method
//               documentation
//               > ```csharp
//               > public MemoryStore(int capacity)
//               > ```
          {
              this.capacity = capacity;
          }
//        ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#`MemoryStore~2`().
  
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Count.
          public int Count => items.Count;
//                   ^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Count.
//                   kind Field
//                   documentation
//                   > ```csharp
//                   > public int Count
//                   > ```
//                                       ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Count.
  
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Put().
          public void Put(string key, int value)
//                    ^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Put().
//                    kind Method
//                    documentation
//                    > ```csharp
//                    > public void Put(string key, int value)
//                    > ```
//                    relationship codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/Shop#Core#IStore#Put(). implementation reference
          {
              items[Keys.Normalize(key)] = new Entry(value);
//                       ^^^^^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/Util/Keys.cs`/Shop#Core#Util#Keys#Normalize().
//                                             ^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Entry#
              Touch();
//            ^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/BaseStore.cs`/Shop#Core#BaseStore#Touch().
          }
//        ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Put().
  
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#`Put~2`().
          public void Put(string key) => Put(key, 0);
//                    ^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#`Put~2`().
//                    kind Method
//                    documentation
//                    > ```csharp
//                    > public void Put(string key)
//                    > ```
//                    relationship codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/Shop#Core#IStore#Put(). implementation reference
//                                       ^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Put().
//                                                  ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#`Put~2`().
  
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Get().
          public int? Get(string key)
//                    ^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Get().
//                    kind Method
//                    documentation
//                    > ```csharp
//                    > public int? Get(string key)
//                    > ```
//                    relationship codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/Shop#Core#IStore#Get(). implementation reference
          {
              var e = Find(key);
//                    ^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Find().
              return e?.Value;
          }
//        ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Get().
  
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Find().
          private Entry Find(string key)
//                ^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Entry#
//                      ^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Find().
//                      kind Method
//                      documentation
//                      > ```csharp
//                      > private Entry Find(string key)
//                      > ```
          {
              items.TryGetValue(Keys.Normalize(key), out var e);
//                                   ^^^^^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/Util/Keys.cs`/Shop#Core#Util#Keys#Normalize().
              return e;
          }
//        ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Find().
  
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Entry#
          internal struct Entry
//                        ^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Entry#
//                        kind Struct
//                        documentation
//                        > ```csharp
//                        > internal struct Entry
//                        > ```
          {
//            ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Entry#Value.
              public int Value;
//                       ^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Entry#Value.
//                       kind Field
//                       documentation
//                       > ```csharp
//                       > public int Value
//                       > ```
//                            ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Entry#Value.
  
//            ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Entry#Entry().
              public Entry(int value) { Value = value; }
//                   ^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Entry#Entry().
//                   kind Method
//                   documentation
//                   > ```csharp
//                   > public Entry(int value)
//                   > ```
//                                                     ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Entry#Entry().
          }
//        ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#Entry#
      }
//    ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#
  }
//⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#
  
//⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/
