//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/
  package com.acme.shop
// definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/
//kind File
//        ^^^^^^^^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/`/
  
  /** What a shop sells. */
//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#
//                  ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#name.
//                                    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#price.
  sealed class Item(val name: String, val price: Int) {
//             ^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#
//             kind Class
//             documentation
//             > ```kotlin
//             > sealed class Item(val name: String, val price: Int)
//             > ```
//             documentation
//             > What a shop sells.
//                      ^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#name.
//                      kind Field
//                      documentation
//                      > ```kotlin
//                      > val name: String
//                      > ```
//                                        ^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#price.
//                                        kind Field
//                                        documentation
//                                        > ```kotlin
//                                        > val price: Int
//                                        > ```
//                                 ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#name.
//                                                 ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#price.
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#Book#
      class Book(name: String, price: Int) : Item(name, price)
//          ^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#Book#
//          kind Class
//          documentation
//          > ```kotlin
//          > class Book(name: String, price: Int) : Item(name, price)
//          > ```
//          relationship codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item# implementation
//                                           ^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#
//                                                           ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#Book#
  
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#Gift#
      object Gift : Item("gift", 0)
//           ^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#Gift#
//           kind Class
//           documentation
//           > ```kotlin
//           > object Gift : Item("gift", 0)
//           > ```
//           relationship codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item# implementation
//                  ^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#
//                                ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#Gift#
  
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#isFree().
      fun isFree(): Boolean = price == 0
//        ^^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#isFree().
//        kind Method
//        documentation
//        > ```kotlin
//        > fun isFree(): Boolean
//        > ```
//                                     ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#isFree().
  }
//⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#
  
//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Category#
//                    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Category#code.
  enum class Category(val code: String) {
//           ^^^^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Category#
//           kind Type
//           documentation
//           > ```kotlin
//           > enum class Category(val code: String)
//           > ```
//                        ^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Category#code.
//                        kind Field
//                        documentation
//                        > ```kotlin
//                        > val code: String
//                        > ```
//                                   ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Category#code.
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Category#BOOKS.
      BOOKS("b"),
//    ^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Category#BOOKS.
//    kind Constant
//    documentation
//    > ```kotlin
//    > BOOKS("b")
//    > ```
//             ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Category#BOOKS.
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Category#GAMES.
      GAMES("g");
//    ^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Category#GAMES.
//    kind Constant
//    documentation
//    > ```kotlin
//    > GAMES("g")
//    > ```
//             ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Category#GAMES.
  
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Category#label().
      fun label(): String = code.uppercase()
//        ^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Category#label().
//        kind Method
//        documentation
//        > ```kotlin
//        > fun label(): String
//        > ```
//                                         ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Category#label().
  }
//⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Category#
  
//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Prices#
  typealias Prices = Map<String, Int>
//          ^^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Prices#
//          kind Type
//          documentation
//          > ```kotlin
//          > typealias Prices = Map<String, Int>
//          > ```
//                                  ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Prices#
  
  /** The total price of the items. */
//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/List#total().
  fun List<Item>.total(): Int = sumOf { it.price }
//         ^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#
//               ^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/List#total().
//               kind Function
//               documentation
//               > ```kotlin
//               > fun List<Item>.total(): Int
//               > ```
//               documentation
//               > The total price of the items.
//                                               ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/List#total().
  
  /** A name's length, for a string. */
//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/String#weight().
  fun String.weight(): Int = length
//           ^^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/String#weight().
//           kind Function
//           documentation
//           > ```kotlin
//           > fun String.weight(): Int
//           > ```
//           documentation
//           > A name's length, for a string.
//                                ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/String#weight().
  
  /** The same for an item: another receiver, another ID. */
//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#weight().
  fun Item.weight(): Int = price
//         ^^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#weight().
//         kind Function
//         documentation
//         > ```kotlin
//         > fun Item.weight(): Int
//         > ```
//         documentation
//         > The same for an item: another receiver, another ID.
//                             ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#weight().
  
//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#label.
  val Item.label: String
//         ^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#label.
//         kind Variable
//         documentation
//         > ```kotlin
//         > val Item.label: String
//         > ```
      get() = name.uppercase()
//                           ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#label.
  
//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Catalog#
//              ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Catalog#items.
  class Catalog(private val items: List<Item>) {
//      ^^^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Catalog#
//      kind Class
//      documentation
//      > ```kotlin
//      > class Catalog(private val items: List<Item>)
//      > ```
//                          ^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Catalog#items.
//                          kind Field
//                          documentation
//                          > ```kotlin
//                          > private val items: List<Item>
//                          > ```
//                                      ^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#
//                                          ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Catalog#items.
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Catalog#total().
      fun total(): Int = items.total()
//        ^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Catalog#total().
//        kind Method
//        documentation
//        > ```kotlin
//        > fun total(): Int
//        > ```
//                                   ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Catalog#total().
  
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Catalog#first().
      fun first(): Item = items.first()
//        ^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Catalog#first().
//        kind Method
//        documentation
//        > ```kotlin
//        > fun first(): Item
//        > ```
//                 ^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#
//                                    ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Catalog#first().
  }
//⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Catalog#
  
//⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/
