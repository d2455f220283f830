//⌄ enclosing_range_start codemap maven shop 1.2.0 `src/test/java/com/acme/shop/MemoryStoreTest.java`/
  package com.acme.shop;
// definition codemap maven shop 1.2.0 `src/test/java/com/acme/shop/MemoryStoreTest.java`/
//kind File
//        ^^^^^^^^^^^^^ definition codemap maven shop 1.2.0 `src/test/java/com/acme/shop/`/
//        kind Package
  
//⌄ enclosing_range_start codemap maven shop 1.2.0 `src/test/java/com/acme/shop/MemoryStoreTest.java`/MemoryStoreTest#
  class MemoryStoreTest {
//      ^^^^^^^^^^^^^^^ definition codemap maven shop 1.2.0 `src/test/java/com/acme/shop/MemoryStoreTest.java`/MemoryStoreTest#
//      kind Class
//      documentation
//      > ```java
//      > class MemoryStoreTest
//      > ```
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/test/java/com/acme/shop/MemoryStoreTest.java`/MemoryStoreTest#putsAndGets().
      void putsAndGets() {
//         ^^^^^^^^^^^ definition codemap maven shop 1.2.0 `src/test/java/com/acme/shop/MemoryStoreTest.java`/MemoryStoreTest#putsAndGets().
//         kind Method
//         documentation
//         > ```java
//         > void putsAndGets()
//         > ```
          MemoryStore s = new MemoryStore();
//        ^^^^^^^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#
//                            ^^^^^^^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#
          s.put("a", 2);
//          ^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#put().
          if (s.get("a") != 2) {
//              ^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#get().
              throw new AssertionError("get");
          }
      }
//    ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/test/java/com/acme/shop/MemoryStoreTest.java`/MemoryStoreTest#putsAndGets().
  }
//⌃ enclosing_range_end codemap maven shop 1.2.0 `src/test/java/com/acme/shop/MemoryStoreTest.java`/MemoryStoreTest#
  
//⌃ enclosing_range_end codemap maven shop 1.2.0 `src/test/java/com/acme/shop/MemoryStoreTest.java`/
