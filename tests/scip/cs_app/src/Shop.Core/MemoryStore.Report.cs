//⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.Report.cs`/
//⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.Report.cs`/Shop#Core#
  namespace Shop.Core
// definition codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.Report.cs`/
//kind File
//               ^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.Report.cs`/Shop#Core#
//               kind Package
//               documentation
//               > ```csharp
//               > namespace Shop.Core
//               > ```
  {
//    ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.Report.cs`/Shop#Core#MemoryStore#
      public partial class MemoryStore
//                         ^^^^^^^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.Report.cs`/Shop#Core#MemoryStore#
//                         kind Class
//                         documentation
//                         > ```csharp
//                         > public partial class MemoryStore
//                         > ```
      {
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.Report.cs`/Shop#Core#MemoryStore#Report().
          public string Report() => Keys2.Describe(Count);
//                      ^^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.Report.cs`/Shop#Core#MemoryStore#Report().
//                      kind Method
//                      documentation
//                      > ```csharp
//                      > public string Report()
//                      > ```
//                                        ^^^^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.Report.cs`/Shop#Core#Keys2#Describe().
//                                                       ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.Report.cs`/Shop#Core#MemoryStore#Report().
      }
//    ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.Report.cs`/Shop#Core#MemoryStore#
  
//    ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.Report.cs`/Shop#Core#Keys2#
      internal static class Keys2
//                          ^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.Report.cs`/Shop#Core#Keys2#
//                          kind Class
//                          documentation
//                          > ```csharp
//                          > internal static class Keys2
//                          > ```
      {
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.Report.cs`/Shop#Core#Keys2#Describe().
          public static string Describe(int n) => n.ToString();
//                             ^^^^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.Report.cs`/Shop#Core#Keys2#Describe().
//                             kind Method
//                             documentation
//                             > ```csharp
//                             > public static string Describe(int n)
//                             > ```
//                                                            ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.Report.cs`/Shop#Core#Keys2#Describe().
      }
//    ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.Report.cs`/Shop#Core#Keys2#
  }
//⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.Report.cs`/Shop#Core#
  
//⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/MemoryStore.Report.cs`/
