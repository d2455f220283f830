//⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/
//⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/Shop#Core#
  namespace Shop.Core
// definition codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/
//kind File
//               ^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/Shop#Core#
//               kind Package
//               documentation
//               > ```csharp
//               > namespace Shop.Core
//               > ```
  {
      /// <summary>Where items are kept.</summary>
//    ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/Shop#Core#IStore#
      public interface IStore
//                     ^^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/Shop#Core#IStore#
//                     kind Interface
//                     documentation
//                     > ```csharp
//                     > public interface IStore
//                     > ```
//                     documentation
//                     > Where items are kept.
      {
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/Shop#Core#IStore#Put().
          void Put(string key, int value);
//             ^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/Shop#Core#IStore#Put().
//             kind AbstractMethod
//             documentation
//             > ```csharp
//             > void Put(string key, int value)
//             > ```
//                                       ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/Shop#Core#IStore#Put().
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/Shop#Core#IStore#Get().
          int? Get(string key);
//             ^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/Shop#Core#IStore#Get().
//             kind AbstractMethod
//             documentation
//             > ```csharp
//             > int? Get(string key)
//             > ```
//                            ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/Shop#Core#IStore#Get().
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/Shop#Core#IStore#Count.
          int Count { get; }
//            ^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/Shop#Core#IStore#Count.
//            kind Field
//            documentation
//            > ```csharp
//            > int Count
//            > ```
//                         ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/Shop#Core#IStore#Count.
      }
//    ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/Shop#Core#IStore#
  }
//⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/Shop#Core#
  
//⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/IStore.cs`/
