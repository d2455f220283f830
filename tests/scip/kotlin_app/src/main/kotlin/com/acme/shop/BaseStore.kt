//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/BaseStore.kt`/
  package com.acme.shop
// definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/BaseStore.kt`/
//kind File
//        ^^^^^^^^^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/`/
//        kind Package
  
  /** Counts the writes of a store. */
//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/BaseStore.kt`/BaseStore#
//                         ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/BaseStore.kt`/BaseStore#name.
  abstract class BaseStore(val name: String) {
//               ^^^^^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/BaseStore.kt`/BaseStore#
//               kind Class
//               documentation
//               > ```kotlin
//               > abstract class BaseStore(val name: String)
//               > ```
//               documentation
//               > Counts the writes of a store.
//                             ^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/BaseStore.kt`/BaseStore#name.
//                             kind Field
//                             documentation
//                             > ```kotlin
//                             > val name: String
//                             > ```
//                                        ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/BaseStore.kt`/BaseStore#name.
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/BaseStore.kt`/BaseStore#writes.
      protected var writes: Int = 0
//                  ^^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/BaseStore.kt`/BaseStore#writes.
//                  kind Field
//                  documentation
//                  > ```kotlin
//                  > protected var writes: Int
//                  > ```
//                                ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/BaseStore.kt`/BaseStore#writes.
  
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/BaseStore.kt`/BaseStore#touch().
      protected fun touch() {
//                  ^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/BaseStore.kt`/BaseStore#touch().
//                  kind Method
//                  documentation
//                  > ```kotlin
//                  > protected fun touch()
//                  > ```
          writes += 1
      }
//    ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/BaseStore.kt`/BaseStore#touch().
  }
//⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/BaseStore.kt`/BaseStore#
  
//⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/BaseStore.kt`/
