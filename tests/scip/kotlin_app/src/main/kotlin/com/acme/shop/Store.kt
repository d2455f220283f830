//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Store.kt`/
  package com.acme.shop
// definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Store.kt`/
//kind File
//        ^^^^^^^^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/`/
  
  /** A place that keeps counts by key. */
//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Store.kt`/Store#
  interface Store {
//          ^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Store.kt`/Store#
//          kind Interface
//          documentation
//          > ```kotlin
//          > interface Store
//          > ```
//          documentation
//          > A place that keeps counts by key.
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Store.kt`/Store#put().
      fun put(key: String, value: Int)
//        ^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Store.kt`/Store#put().
//        kind AbstractMethod
//        documentation
//        > ```kotlin
//        > fun put(key: String, value: Int)
//        > ```
//                                   ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Store.kt`/Store#put().
  
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Store.kt`/Store#get().
      fun get(key: String): Int?
//        ^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Store.kt`/Store#get().
//        kind AbstractMethod
//        documentation
//        > ```kotlin
//        > fun get(key: String): Int?
//        > ```
//                             ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Store.kt`/Store#get().
  }
//⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Store.kt`/Store#
  
//⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Store.kt`/
