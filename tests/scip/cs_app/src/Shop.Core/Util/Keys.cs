//⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/Util/Keys.cs`/
//⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/Util/Keys.cs`/Shop#Core#Util#
  namespace Shop.Core.Util;
// definition codemap nuget Shop 1.0.0 `src/Shop.Core/Util/Keys.cs`/
//kind File
//                    ^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/Util/Keys.cs`/Shop#Core#Util#
//                    kind Package
//                    documentation
//                    > ```csharp
//                    > namespace Shop.Core.Util
//                    > ```
  
  /// <summary>Normalises keys.</summary>
//⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/Util/Keys.cs`/Shop#Core#Util#Keys#
  public static class Keys
//                    ^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/Util/Keys.cs`/Shop#Core#Util#Keys#
//                    kind Class
//                    documentation
//                    > ```csharp
//                    > public static class Keys
//                    > ```
//                    documentation
//                    > Normalises keys.
  {
//    ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/Util/Keys.cs`/Shop#Core#Util#Keys#Prefix.
      public static readonly string Prefix = "k:";
//                                  ^^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/Util/Keys.cs`/Shop#Core#Util#Keys#Prefix.
//                                  kind Field
//                                  documentation
//                                  > ```csharp
//                                  > public static readonly string Prefix
//                                  > ```
//                                               ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/Util/Keys.cs`/Shop#Core#Util#Keys#Prefix.
  
//    ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/Util/Keys.cs`/Shop#Core#Util#Keys#Normalize().
      public static string Normalize(string key) => Prefix + key.Trim().ToLowerInvariant();
//                         ^^^^^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/Util/Keys.cs`/Shop#Core#Util#Keys#Normalize().
//                         kind Method
//                         documentation
//                         > ```csharp
//                         > public static string Normalize(string key)
//                         > ```
//                                                                                        ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/Util/Keys.cs`/Shop#Core#Util#Keys#Normalize().
  }
//⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/Util/Keys.cs`/Shop#Core#Util#
//⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/Util/Keys.cs`/Shop#Core#Util#Keys#
  
//⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/Util/Keys.cs`/
