//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/test/kotlin/com/acme/shop/MemoryStoreTest.kt`/
  package com.acme.shop
// definition codemap kotlin-maven kshop . `src/test/kotlin/com/acme/shop/MemoryStoreTest.kt`/
//kind File
//        ^^^^^^^^^^^^^ definition codemap kotlin-maven kshop . `src/test/kotlin/com/acme/shop/`/
//        kind Package
  
//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/test/kotlin/com/acme/shop/MemoryStoreTest.kt`/MemoryStoreTest#
  class MemoryStoreTest {
//      ^^^^^^^^^^^^^^^ definition codemap kotlin-maven kshop . `src/test/kotlin/com/acme/shop/MemoryStoreTest.kt`/MemoryStoreTest#
//      kind Class
//      documentation
//      > ```kotlin
//      > class MemoryStoreTest
//      > ```
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/test/kotlin/com/acme/shop/MemoryStoreTest.kt`/MemoryStoreTest#putsAndGets().
      fun putsAndGets() {
//        ^^^^^^^^^^^ definition codemap kotlin-maven kshop . `src/test/kotlin/com/acme/shop/MemoryStoreTest.kt`/MemoryStoreTest#putsAndGets().
//        kind Method
//        documentation
//        > ```kotlin
//        > fun putsAndGets()
//        > ```
          val store = MemoryStore()
//                    ^^^^^^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#
          store.put("a", 2)
//              ^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#put().
          check(store.get("a") == 2)
//                    ^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#get().
      }
//    ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/test/kotlin/com/acme/shop/MemoryStoreTest.kt`/MemoryStoreTest#putsAndGets().
  }
//⌃ enclosing_range_end codemap kotlin-maven kshop . `src/test/kotlin/com/acme/shop/MemoryStoreTest.kt`/MemoryStoreTest#
  
//⌃ enclosing_range_end codemap kotlin-maven kshop . `src/test/kotlin/com/acme/shop/MemoryStoreTest.kt`/
