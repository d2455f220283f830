//⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/util/Keys.java`/
  package com.acme.shop.util;
// definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/util/Keys.java`/
//kind File
//        ^^^^^^^^^^^^^^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/util/`/
//        kind Package
  
  /** Key helpers. */
//⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/util/Keys.java`/Keys#
  public final class Keys {
//                   ^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/util/Keys.java`/Keys#
//                   kind Class
//                   documentation
//                   > ```java
//                   > public final class Keys
//                   > ```
//                   documentation
//                   > Key helpers.
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/util/Keys.java`/Keys#PREFIX.
      public static final String PREFIX = "k:";
//                               ^^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/util/Keys.java`/Keys#PREFIX.
//                               kind Field
//                               documentation
//                               > ```java
//                               > public static final String PREFIX
//                               > ```
//                                            ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/util/Keys.java`/Keys#PREFIX.
  
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/util/Keys.java`/Keys#Keys().
      private Keys() {}
//            ^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/util/Keys.java`/Keys#Keys().
//            kind Method
//            documentation
//            > ```java
//            > private Keys()
//            > ```
//                    ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/util/Keys.java`/Keys#Keys().
  
      /** Lower-cases and prefixes a key. */
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/util/Keys.java`/Keys#normalize().
      public static String normalize(String key) {
//                         ^^^^^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/util/Keys.java`/Keys#normalize().
//                         kind Method
//                         documentation
//                         > ```java
//                         > public static String normalize(String key)
//                         > ```
//                         documentation
//                         > Lower-cases and prefixes a key.
          return PREFIX + key.trim().toLowerCase();
      }
//    ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/util/Keys.java`/Keys#normalize().
  }
//⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/util/Keys.java`/Keys#
  
//⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/util/Keys.java`/
