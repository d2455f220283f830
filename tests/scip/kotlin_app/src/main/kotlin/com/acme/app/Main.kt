//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/app/Main.kt`/
  package com.acme.app
// definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/app/Main.kt`/
//kind File
//        ^^^^^^^^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/app/`/
//        kind Package
  
  import com.acme.shop.Catalog
//       ^^^^^^^^^^^^^^^^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/
  import com.acme.shop.Item
//       ^^^^^^^^^^^^^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/`/
  import com.acme.shop.MemoryStore
//       ^^^^^^^^^^^^^^^^^^^^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/
  import com.acme.shop.Store as KeyStore
//       ^^^^^^^^^^^^^^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Store.kt`/
  import com.acme.shop.util.*
//       ^^^^^^^^^^^^^^^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/util/`/
  import kotlin.math.max
//       ^^^^^^^^^^^^^^^ reference codemap kotlin-maven kotlin.math . `ext:kotlin.math`/
  
//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/app/Main.kt`/main().
  fun main() {
//    ^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/app/Main.kt`/main().
//    kind Function
//    documentation
//    > ```kotlin
//    > fun main()
//    > ```
      val store: KeyStore = MemoryStore.create()
//               ^^^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Store.kt`/Store#
//                                      ^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#Companion#create().
      store.put("a", 1)
//          ^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Store.kt`/Store#put().
      val memory = MemoryStore()
//                 ^^^^^^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#
      memory.put("b")
//           ^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#`put~2`().
      val catalog = Catalog(listOf(Item.Book("Kotlin", 30), Item.Gift))
//                  ^^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Catalog#
//                                      ^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Item#Book#
      report(catalog)
//    ^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/app/Main.kt`/report().
      println(max(memory.size(), 1))
//            ^^^ reference codemap kotlin-maven kotlin.math . `ext:kotlin.math`/max().
//                       ^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#size().
      Keys.isValid(normalize("C"))
//         ^^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/util/Keys.kt`/Keys#isValid().
//                 ^^^^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/util/Keys.kt`/normalize().
  }
//⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/app/Main.kt`/main().
  
//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/app/Main.kt`/report().
  fun report(catalog: Catalog) {
//    ^^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/app/Main.kt`/report().
//    kind Function
//    documentation
//    > ```kotlin
//    > fun report(catalog: Catalog)
//    > ```
//                    ^^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Catalog#
      println(catalog.total())
//                    ^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Catalog.kt`/Catalog#total().
  }
//⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/app/Main.kt`/report().
  
//⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/app/Main.kt`/
