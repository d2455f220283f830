//⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Store.java`/
  package com.acme.shop;
// definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Store.java`/
//kind File
//        ^^^^^^^^^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/`/
  
  /** A place that keeps counts by key. */
//⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Store.java`/Store#
  public interface Store {
//                 ^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Store.java`/Store#
//                 kind Interface
//                 documentation
//                 > ```java
//                 > public interface Store
//                 > ```
//                 documentation
//                 > A place that keeps counts by key.
      /** Sets the count of a key. */
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Store.java`/Store#put().
      void put(String key, int value);
//         ^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Store.java`/Store#put().
//         kind AbstractMethod
//         documentation
//         > ```java
//         > void put(String key, int value)
//         > ```
//         documentation
//         > Sets the count of a key.
//                                   ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Store.java`/Store#put().
  
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Store.java`/Store#get().
      Integer get(String key);
//            ^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Store.java`/Store#get().
//            kind AbstractMethod
//            documentation
//            > ```java
//            > Integer get(String key)
//            > ```
//                           ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Store.java`/Store#get().
  
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Store.java`/Store#MAX_KEYS.
      int MAX_KEYS = 1000;
//        ^^^^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Store.java`/Store#MAX_KEYS.
//        kind Constant
//        documentation
//        > ```java
//        > int MAX_KEYS
//        > ```
//                       ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Store.java`/Store#MAX_KEYS.
  }
//⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Store.java`/Store#
  
//⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Store.java`/
