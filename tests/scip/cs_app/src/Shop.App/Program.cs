//⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.App/Program.cs`/
  using System;
// definition codemap nuget Shop 1.0.0 `src/Shop.App/Program.cs`/
//kind File
//      ^^^^^^ reference codemap nuget System . `ext:System`/
  using System.Collections.Generic;
//      ^^^^^^^^^^^^^^^^^^^^^^^^^^ reference codemap nuget System.Collections.Generic . `ext:System.Collections.Generic`/
  using Shop.Core;
//      ^^^^^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/`/
  using static Shop.Core.Util.Keys;
//             ^^^^^^^^^^^^^^^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/Util/`/
  using Store = Shop.Core.MemoryStore;
//              ^^^^^^^^^^^^^^^^^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/`/
  
//⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.App/Program.cs`/Shop#App#
  namespace Shop.App
//               ^^^ definition codemap nuget Shop 1.0.0 `src/Shop.App/Program.cs`/Shop#App#
//               kind Package
//               documentation
//               > ```csharp
//               > namespace Shop.App
//               > ```
  {
//    ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.App/Program.cs`/Shop#App#Program#
      public static class Program
//                        ^^^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.App/Program.cs`/Shop#App#Program#
//                        kind Class
//                        documentation
//                        > ```csharp
//                        > public static class Program
//                        > ```
      {
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.App/Program.cs`/Shop#App#Program#Main().
          public static void Main(string[] args)
//                           ^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.App/Program.cs`/Shop#App#Program#Main().
//                           kind Method
//                           documentation
//                           > ```csharp
//                           > public static void Main(string[] args)
//                           > ```
          {
              IStore store = new MemoryStore(8);
//            ^^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/Shop#Core#IStore#
//                               ^^^^^^^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#
              store.Put(Normalize("a"), 1);
//                  ^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/Shop#Core#IStore#Put().
//                      ^^^^^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/Util/Keys.cs`/Shop#Core#Util#Keys#Normalize().
              var memory = new Store();
//                             ^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#
              memory.Put("b");
//                   ^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.cs`/Shop#Core#MemoryStore#`Put~2`().
              Console.WriteLine(memory.Report());
//                                     ^^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.Report.cs`/Shop#Core#MemoryStore#Report().
              var catalog = new Catalog(new List<Item> { Item.Free("x") });
//                              ^^^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Catalog#
//                                               ^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#
//                                                            ^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#Free().
              Report(catalog);
//            ^^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.App/Program.cs`/Shop#App#Program#Report().
          }
//        ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.App/Program.cs`/Shop#App#Program#Main().
  
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.App/Program.cs`/Shop#App#Program#Report().
          static void Report(Catalog catalog)
//                    ^^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.App/Program.cs`/Shop#App#Program#Report().
//                    kind Method
//                    documentation
//                    > ```csharp
//                    > static void Report(Catalog catalog)
//                    > ```
//                           ^^^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Catalog#
          {
              Console.WriteLine(catalog.Total());
//                                      ^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Catalog#Total().
          }
//        ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.App/Program.cs`/Shop#App#Program#Report().
      }
//    ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.App/Program.cs`/Shop#App#Program#
  }
//⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.App/Program.cs`/Shop#App#
  
//⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.App/Program.cs`/
