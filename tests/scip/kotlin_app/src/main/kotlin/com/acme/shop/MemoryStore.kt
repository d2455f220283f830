//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/
  package com.acme.shop
// definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/
//kind File
//        ^^^^^^^^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/`/
  
  import com.acme.shop.util.normalize
//       ^^^^^^^^^^^^^^^^^^^^^^^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/util/`/
  
  /** A store in memory. */
//⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#
//                  ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#capacity.
  class MemoryStore(private val capacity: Int) : BaseStore("memory"), Store {
//      ^^^^^^^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#
//      kind Class
//      documentation
//      > ```kotlin
//      > class MemoryStore(private val capacity: Int) : BaseStore("memory"), Store
//      > ```
//      documentation
//      > A store in memory.
//      relationship codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/BaseStore.kt`/BaseStore# implementation
//      relationship codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Store.kt`/Store# implementation
//                              ^^^^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#capacity.
//                              kind Field
//                              documentation
//                              > ```kotlin
//                              > private val capacity: Int
//                              > ```
//                                               ^^^^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/BaseStore.kt`/BaseStore#
//                                          ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#capacity.
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#items.
      private val items = HashMap<String, Entry>()
//                ^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#items.
//                kind Field
//                documentation
//                > ```kotlin
//                > private val items
//                > ```
//                                        ^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#Entry#
//                                               ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#items.
  
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#MemoryStore().
      constructor() : this(16)
//    ^^^^^^^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#MemoryStore().
//    kind Method
//    documentation
//    > ```kotlin
//    > constructor() : this(16)
//    > ```
//                           ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#MemoryStore().
  
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#put().
      override fun put(key: String, value: Int) {
//                 ^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#put().
//                 kind Method
//                 documentation
//                 > ```kotlin
//                 > override fun put(key: String, value: Int)
//                 > ```
//                 relationship codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Store.kt`/Store#put(). implementation reference
          touch()
//        ^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/BaseStore.kt`/BaseStore#touch().
          items[normalize(key)] = Entry(value)
//              ^^^^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/util/Keys.kt`/normalize().
//                                ^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#Entry#
      }
//    ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#put().
  
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#`put~2`().
      fun put(key: String) = put(key, 1)
//        ^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#`put~2`().
//        kind Method
//        documentation
//        > ```kotlin
//        > fun put(key: String)
//        > ```
//        relationship codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Store.kt`/Store#put(). implementation reference
//                           ^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#put().
//                                     ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#`put~2`().
  
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#get().
      override fun get(key: String): Int? = find(key)?.count
//                 ^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#get().
//                 kind Method
//                 documentation
//                 > ```kotlin
//                 > override fun get(key: String): Int?
//                 > ```
//                 relationship codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/Store.kt`/Store#get(). implementation reference
//                                          ^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#find().
//                                                         ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#get().
  
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#find().
      private fun find(key: String): Entry? {
//                ^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#find().
//                kind Method
//                documentation
//                > ```kotlin
//                > private fun find(key: String): Entry?
//                > ```
//                                   ^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#Entry#
          val entry: Entry? = items[normalize(key)]
//                   ^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#Entry#
//                                  ^^^^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/util/Keys.kt`/normalize().
          return entry
      }
//    ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#find().
  
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#size().
      fun size(): Int = items.size
//        ^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#size().
//        kind Method
//        documentation
//        > ```kotlin
//        > fun size(): Int
//        > ```
//                               ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#size().
  
      /** One key's count. */
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#Entry#
//                     ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#Entry#count.
      data class Entry(val count: Int)
//               ^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#Entry#
//               kind Class
//               documentation
//               > ```kotlin
//               > data class Entry(val count: Int)
//               > ```
//               documentation
//               > One key's count.
//                         ^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#Entry#count.
//                         kind Field
//                         documentation
//                         > ```kotlin
//                         > val count: Int
//                         > ```
//                                  ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#Entry#count.
//                                   ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#Entry#
  
//    ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#Companion#
      companion object {
//    ^^^^^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#Companion#
//    kind Class
//    documentation
//    > ```kotlin
//    > companion object
//    > ```
//        ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#Companion#DEFAULT_CAPACITY.
          const val DEFAULT_CAPACITY = 16
//                  ^^^^^^^^^^^^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#Companion#DEFAULT_CAPACITY.
//                  kind Constant
//                  documentation
//                  > ```kotlin
//                  > const val DEFAULT_CAPACITY
//                  > ```
//                                      ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#Companion#DEFAULT_CAPACITY.
  
//        ⌄ enclosing_range_start codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#Companion#create().
          fun create(): MemoryStore = MemoryStore(DEFAULT_CAPACITY)
//            ^^^^^^ definition codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#Companion#create().
//            kind Method
//            documentation
//            > ```kotlin
//            > fun create(): MemoryStore
//            > ```
//                      ^^^^^^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#
//                                    ^^^^^^^^^^^ reference codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#
//                                                                ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#Companion#create().
      }
//    ⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#Companion#
  }
//⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/MemoryStore#
  
//⌃ enclosing_range_end codemap kotlin-maven kshop . `src/main/kotlin/com/acme/shop/MemoryStore.kt`/
