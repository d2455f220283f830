//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/util/Keys.kt`/
  package com.acme.shop.util
// definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/util/Keys.kt`/
//kind File
//        ^^^^^^^^^^^^^^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/util/`/
//        kind Package
  
//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/util/Keys.kt`/PREFIX.
  const val PREFIX = "k:"
//          ^^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/util/Keys.kt`/PREFIX.
//          kind Constant
//          documentation
//          > ```kotlin
//          > const val PREFIX
//          > ```
//                      ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/util/Keys.kt`/PREFIX.
  
  /** A key in its one spelling. */
//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/util/Keys.kt`/normalize().
  fun normalize(key: String): String = PREFIX + key.trim().lowercase()
//    ^^^^^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/util/Keys.kt`/normalize().
//    kind Function
//    documentation
//    > ```kotlin
//    > fun normalize(key: String): String
//    > ```
//    documentation
//    > A key in its one spelling.
//                                                                   ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/util/Keys.kt`/normalize().
  
//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/util/Keys.kt`/Keys#
  object Keys {
//       ^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/util/Keys.kt`/Keys#
//       kind Class
//       documentation
//       > ```kotlin
//       > object Keys
//       > ```
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/util/Keys.kt`/Keys#isValid().
      fun isValid(key: String): Boolean = key.isNotEmpty()
//        ^^^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/util/Keys.kt`/Keys#isValid().
//        kind Method
//        documentation
//        > ```kotlin
//        > fun isValid(key: String): Boolean
//        > ```
//                                                       ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/util/Keys.kt`/Keys#isValid().
  }
//⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/util/Keys.kt`/Keys#
  
//⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/util/Keys.kt`/
