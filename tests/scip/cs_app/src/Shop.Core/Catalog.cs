//⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/
  using System.Collections.Generic;
// definition codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/
//kind File
//      ^^^^^^^^^^^^^^^^^^^^^^^^^^ reference codemap nuget System.Collections.Generic . `ext:System.Collections.Generic`/
  using System.Linq;
//      ^^^^^^^^^^^ reference codemap nuget System.Linq . `ext:System.Linq`/
  
//⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#
  namespace Shop.Core
//               ^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#
//               kind Package
//               documentation
//               > ```csharp
//               > namespace Shop.Core
//               > ```
  {
//    ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Category#
      public enum Category
//                ^^^^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Category#
//                kind Type
//                documentation
//                > ```csharp
//                > public enum Category
//                > ```
      {
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Category#Books.
          Books,
//        ^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Category#Books.
//        kind Constant
//        documentation
//        > ```csharp
//        > Books
//        > ```
//            ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Category#Books.
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Category#Games.
          Games = 2,
//        ^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Category#Games.
//        kind Constant
//        documentation
//        > ```csharp
//        > Games = 2
//        > ```
//                ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Category#Games.
      }
//    ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Category#
  
      /// <summary>An item for sale.</summary>
//    ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#
//                       ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#Name.
//                                    ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#Price.
//                                               ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#Category.
      public record Item(string Name, int Price, Category Category)
//                  ^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#
//                  kind Class
//                  documentation
//                  > ```csharp
//                  > public record Item(string Name, int Price, Category Category)
//                  > ```
//                  documentation
//                  > An item for sale.
//                              ^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#Name.
//                              kind Field
//                              documentation
//                              > ```csharp
//                              > string Name
//                              > ```
//                                        ^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#Price.
//                                        kind Field
//                                        documentation
//                                        > ```csharp
//                                        > int Price
//                                        > ```
//                                               ^^^^^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Category#
//                                                        ^^^^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#Category.
//                                                        kind Field
//                                                        documentation
//                                                        > ```csharp
//                                                        > Category Category
//                                                        > ```
//                                 ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#Name.
//                                            ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#Price.
//                                                               ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#Category.
      {
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#Free().
          public static Item Free(string name) => new Item(name, 0, Category.Books);
//                      ^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#
//                           ^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#Free().
//                           kind Method
//                           documentation
//                           > ```csharp
//                           > public static Item Free(string name)
//                           > ```
//                                                    ^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#
//                                                                                 ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#Free().
      }
//    ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#
  
//    ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#PriceChanged#
      public delegate void PriceChanged(Item item, int old);
//                         ^^^^^^^^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#PriceChanged#
//                         kind Type
//                         documentation
//                         > ```csharp
//                         > public delegate void PriceChanged(Item item, int old)
//                         > ```
//                                      ^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#
//                                                         ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#PriceChanged#
  
//    ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Catalog#
      public sealed class Catalog
//                        ^^^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Catalog#
//                        kind Class
//                        documentation
//                        > ```csharp
//                        > public sealed class Catalog
//                        > ```
      {
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Catalog#items.
          private readonly List<Item> items;
//                              ^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#
//                                    ^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Catalog#items.
//                                    kind Field
//                                    documentation
//                                    > ```csharp
//                                    > private readonly List<Item> items
//                                    > ```
//                                         ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Catalog#items.
  
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Catalog#Catalog().
          public Catalog(List<Item> items)
//               ^^^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Catalog#Catalog().
//               kind Method
//               documentation
//               > ```csharp
//               > public Catalog(List<Item> items)
//               > ```
//                            ^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#
          {
              this.items = items;
          }
//        ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Catalog#Catalog().
  
//        ⌄ enclosing_range_start codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Catalog#Total().
          public int Total()
//                   ^^^^^ definition codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Catalog#Total().
//                   kind Method
//                   documentation
//                   > ```csharp
//                   > public int Total()
//                   > ```
          {
//            ⌄ enclosing_range_start local 0
              int Sum(IEnumerable<Item> xs) => xs.Sum(i => i.Price);
//                ^^^ definition local 0
//                kind Function
//                documentation
//                > ```csharp
//                > int Sum(IEnumerable<Item> xs)
//                > ```
//                                ^^^^ reference codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Item#
//                                                                 ⌃ enclosing_range_end local 0
              return Sum(items);
//                   ^^^ reference local 0
          }
//        ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Catalog#Total().
      }
//    ⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#Catalog#
  }
//⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/Shop#Core#
  
//⌃ enclosing_range_end codemap nuget Shop 1.0.0 `src/Shop.Core/Catalog.cs`/
