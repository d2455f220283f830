//⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/
  package com.acme.shop;
// definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/
//kind File
//        ^^^^^^^^^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/`/
  
  import com.acme.shop.util.Keys;
//       ^^^^^^^^^^^^^^^^^^^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/util/Keys.java`/
  import java.util.HashMap;
//       ^^^^^^^^^^^^^^^^^ reference codemap maven java.util . `ext:java.util`/
  import java.util.Map;
//       ^^^^^^^^^^^^^ reference codemap maven java.util . `ext:java.util`/
  
  /** A store in memory. */
//⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#
  @Audited("memory")
  public class MemoryStore extends BaseStore implements Store {
//             ^^^^^^^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#
//             kind Class
//             documentation
//             > ```java
//             > public class MemoryStore extends BaseStore implements Store
//             > ```
//             documentation
//             > A store in memory.
//             relationship codemap maven shop 1.2.0 `src/main/java/com/acme/shop/BaseStore.java`/BaseStore# implementation
//             relationship codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Store.java`/Store# implementation
//                                 ^^^^^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/BaseStore.java`/BaseStore#
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#items.
      private final Map<String, Entry> items = new HashMap<>();
//                  ^^^ reference codemap maven java.util . `ext:java.util`/Map#
//                              ^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#Entry#
//                                     ^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#items.
//                                     kind Field
//                                     documentation
//                                     > ```java
//                                     > private final Map<String, Entry> items
//                                     > ```
//                                                 ^^^^^^^ reference codemap maven java.util . `ext:java.util`/HashMap().
//                                                            ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#items.
//                      ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#capacity.
//                                ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#reserve.
      private final int capacity, reserve;
//                      ^^^^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#capacity.
//                      kind Field
//                      documentation
//                      > ```java
//                      > private final int capacity
//                      > ```
//                                ^^^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#reserve.
//                                kind Field
//                                documentation
//                                > ```java
//                                > private final int reserve
//                                > ```
//                             ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#capacity.
//                                      ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#reserve.
  
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#MemoryStore().
      public MemoryStore() {
//           ^^^^^^^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#MemoryStore().
//           kind Method
//           documentation
//           > ```java
//           > public MemoryStore()
//           > ```
          this(MAX_KEYS);
      }
//    ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#MemoryStore().
  
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#`MemoryStore~2`().
      public MemoryStore(int capacity) {
//           ^^^^^^^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#`MemoryStore~2`().
//           kind Method
//           documentation
//           > ```java
//           > public MemoryStore(int capacity)
//           > ```
          this.capacity = capacity;
          this.reserve = 0;
      }
//    ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#`MemoryStore~2`().
  
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#put().
      @Override
      public void put(String key, int value) {
//                ^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#put().
//                kind Method
//                documentation
//                > ```java
//                > public void put(String key, int value)
//                > ```
//                relationship codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Store.java`/Store#put(). implementation reference
          touch();
//        ^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/BaseStore.java`/BaseStore#touch().
          items.put(Keys.normalize(key), new Entry(value));
//                       ^^^^^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/util/Keys.java`/Keys#normalize().
//                                           ^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#Entry#
      }
//    ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#put().
  
      /** Adds one to a key's count. */
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#`put~2`().
      public void put(String key) {
//                ^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#`put~2`().
//                kind Method
//                documentation
//                > ```java
//                > public void put(String key)
//                > ```
//                documentation
//                > Adds one to a key's count.
//                relationship codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Store.java`/Store#put(). implementation reference
          Entry e = find(key);
//        ^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#Entry#
//                  ^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#find().
          put(key, e == null ? 1 : e.count + 1);
//        ^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#put().
      }
//    ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#`put~2`().
  
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#get().
      @Override
      public Integer get(String key) {
//                   ^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#get().
//                   kind Method
//                   documentation
//                   > ```java
//                   > public Integer get(String key)
//                   > ```
//                   relationship codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Store.java`/Store#get(). implementation reference
          Entry e = find(key);
//        ^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#Entry#
//                  ^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#find().
          return e == null ? null : e.count;
      }
//    ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#get().
  
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#find().
      private Entry find(String key) {
//            ^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#Entry#
//                  ^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#find().
//                  kind Method
//                  documentation
//                  > ```java
//                  > private Entry find(String key)
//                  > ```
          return items.get(Keys.normalize(key));
//                              ^^^^^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/util/Keys.java`/Keys#normalize().
      }
//    ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#find().
  
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#size().
      public int size() {
//               ^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#size().
//               kind Method
//               documentation
//               > ```java
//               > public int size()
//               > ```
          return items.size();
      }
//    ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#size().
  
      /** One key's count. */
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#Entry#
      static final class Entry {
//                       ^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#Entry#
//                       kind Class
//                       documentation
//                       > ```java
//                       > static final class Entry
//                       > ```
//                       documentation
//                       > One key's count.
//        ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#Entry#count.
          final int count;
//                  ^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#Entry#count.
//                  kind Field
//                  documentation
//                  > ```java
//                  > final int count
//                  > ```
//                       ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#Entry#count.
  
//        ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#Entry#Entry().
          Entry(int count) {
//        ^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#Entry#Entry().
//        kind Method
//        documentation
//        > ```java
//        > Entry(int count)
//        > ```
              this.count = count;
          }
//        ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#Entry#Entry().
      }
//    ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#Entry#
  }
//⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#
  
//⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/
