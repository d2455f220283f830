//⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/
  package com.acme.shop;
// definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/
//kind File
//        ^^^^^^^^^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/`/
  
  import java.util.List;
//       ^^^^^^^^^^^^^^ reference codemap maven java.util . `ext:java.util`/
  
  /** What the shop sells. */
//⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#
  public final class Catalog {
//                   ^^^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#
//                   kind Class
//                   documentation
//                   > ```java
//                   > public final class Catalog
//                   > ```
//                   documentation
//                   > What the shop sells.
      /** A kind of item. */
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Category#
      public enum Category {
//                ^^^^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Category#
//                kind Type
//                documentation
//                > ```java
//                > public enum Category
//                > ```
//                documentation
//                > A kind of item.
//        ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Category#BOOKS.
          BOOKS("b"),
//        ^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Category#BOOKS.
//        kind Constant
//        documentation
//        > ```java
//        > BOOKS("b")
//        > ```
//                 ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Category#BOOKS.
//        ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Category#GAMES.
          GAMES("g");
//        ^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Category#GAMES.
//        kind Constant
//        documentation
//        > ```java
//        > GAMES("g")
//        > ```
//                 ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Category#GAMES.
  
//        ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Category#code.
          private final String code;
//                             ^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Category#code.
//                             kind Field
//                             documentation
//                             > ```java
//                             > private final String code
//                             > ```
//                                 ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Category#code.
  
//        ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Category#Category().
          Category(String code) {
//        ^^^^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Category#Category().
//        kind Method
//        documentation
//        > ```java
//        > Category(String code)
//        > ```
              this.code = code;
          }
//        ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Category#Category().
  
//        ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Category#`code~2`().
          public String code() {
//                      ^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Category#`code~2`().
//                      kind Method
//                      documentation
//                      > ```java
//                      > public String code()
//                      > ```
              return code;
          }
//        ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Category#`code~2`().
      }
//    ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Category#
  
      /** An item and its price. */
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#
//                       ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#name.
//                                    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#price.
//                                               ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#category.
      public record Item(String name, int price, Category category) {
//                  ^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#
//                  kind Class
//                  documentation
//                  > ```java
//                  > public record Item(String name, int price, Category category)
//                  > ```
//                  documentation
//                  > An item and its price.
//                              ^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#name.
//                              kind Field
//                              documentation
//                              > ```java
//                              > String name
//                              > ```
//                                        ^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#price.
//                                        kind Field
//                                        documentation
//                                        > ```java
//                                        > int price
//                                        > ```
//                                               ^^^^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Category#
//                                                        ^^^^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#category.
//                                                        kind Field
//                                                        documentation
//                                                        > ```java
//                                                        > Category category
//                                                        > ```
//                                 ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#name.
//                                            ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#price.
//                                                               ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#category.
//        ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#Item().
          public Item {
//               ^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#Item().
//               kind Method
//               documentation
//               > ```java
//               > public Item
//               > ```
              if (price < 0) {
                  throw new IllegalArgumentException("price");
              }
          }
//        ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#Item().
  
//        ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#free().
          public static Item free(String name) {
//                      ^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#
//                           ^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#free().
//                           kind Method
//                           documentation
//                           > ```java
//                           > public static Item free(String name)
//                           > ```
              return new Item(name, 0, Category.BOOKS);
//                       ^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#
//                                     ^^^^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Category#
          }
//        ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#free().
      }
//    ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#
  
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#items.
      private final List<Item> items;
//                  ^^^^ reference codemap maven java.util . `ext:java.util`/List#
//                       ^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#
//                             ^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#items.
//                             kind Field
//                             documentation
//                             > ```java
//                             > private final List<Item> items
//                             > ```
//                                  ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#items.
  
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Catalog().
      public Catalog(List<Item> items) {
//           ^^^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Catalog().
//           kind Method
//           documentation
//           > ```java
//           > public Catalog(List<Item> items)
//           > ```
//                   ^^^^ reference codemap maven java.util . `ext:java.util`/List#
//                        ^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#
          this.items = items;
      }
//    ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Catalog().
  
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#total().
      public int total() {
//               ^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#total().
//               kind Method
//               documentation
//               > ```java
//               > public int total()
//               > ```
          int sum = 0;
          for (Item i : items) {
//             ^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#
              sum += i.price();
          }
          return sum;
      }
//    ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#total().
  }
//⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#
  
//⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/
