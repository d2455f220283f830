//⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/BaseStore.cs`/
  using System;
// definition codemap nuget Shop 1.0.0 `src/Shop.Core/BaseStore.cs`/
//kind File
//      ^^^^^^ reference codemap nuget System . `ext:System`/
  
//⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/BaseStore.cs`/Shop#Core#
  namespace Shop.Core
//               ^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/BaseStore.cs`/Shop#Core#
//               kind Package
//               documentation
//               > ```csharp
//               > namespace Shop.Core
//               > ```
  {
      /// <summary>What every store counts.</summary>
//    ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/BaseStore.cs`/Shop#Core#BaseStore#
      public abstract class BaseStore
//                          ^^^^^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/BaseStore.cs`/Shop#Core#BaseStore#
//                          kind Class
//                          documentation
//                          > ```csharp
//                          > public abstract class BaseStore
//                          > ```
//                          documentation
//                          > What every store counts.
      {
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/BaseStore.cs`/Shop#Core#BaseStore#writes.
          protected int writes;
//                      ^^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/BaseStore.cs`/Shop#Core#BaseStore#writes.
//                      kind Field
//                      documentation
//                      > ```csharp
//                      > protected int writes
//                      > ```
//                            ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/BaseStore.cs`/Shop#Core#BaseStore#writes.
  
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/BaseStore.cs`/Shop#Core#BaseStore#Changed.
          public event EventHandler Changed;
//                                  ^^^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/BaseStore.cs`/Shop#Core#BaseStore#Changed.
//                                  kind Field
//                                  documentation
//                                  > ```csharp
//                                  > public event EventHandler Changed
//                                  > ```
//                                         ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/BaseStore.cs`/Shop#Core#BaseStore#Changed.
  
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/BaseStore.cs`/Shop#Core#BaseStore#Touch().
          protected void Touch()
//                       ^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/BaseStore.cs`/Shop#Core#BaseStore#Touch().
//                       kind Method
//                       documentation
//                       > ```csharp
//                       > protected void Touch()
//                       > ```
          {
              writes++;
              Changed?.Invoke(this, EventArgs.Empty);
          }
//        ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/BaseStore.cs`/Shop#Core#BaseStore#Touch().
      }
//    ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/BaseStore.cs`/Shop#Core#BaseStore#
  }
//⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/BaseStore.cs`/Shop#Core#
  
//⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/BaseStore.cs`/
