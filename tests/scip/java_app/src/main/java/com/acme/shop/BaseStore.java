//⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/BaseStore.java`/
  package com.acme.shop;
// definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/BaseStore.java`/
//kind File
//        ^^^^^^^^^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/`/
  
  /** What every store counts. */
//⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/BaseStore.java`/BaseStore#
  public abstract class BaseStore {
//                      ^^^^^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/BaseStore.java`/BaseStore#
//                      kind Class
//                      documentation
//                      > ```java
//                      > public abstract class BaseStore
//                      > ```
//                      documentation
//                      > What every store counts.
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/BaseStore.java`/BaseStore#writes.
      protected int writes;
//                  ^^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/BaseStore.java`/BaseStore#writes.
//                  kind Field
//                  documentation
//                  > ```java
//                  > protected int writes
//                  > ```
//                        ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/BaseStore.java`/BaseStore#writes.
  
      /** Counts one write. */
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/BaseStore.java`/BaseStore#touch().
      protected void touch() {
//                   ^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/BaseStore.java`/BaseStore#touch().
//                   kind Method
//                   documentation
//                   > ```java
//                   > protected void touch()
//                   > ```
//                   documentation
//                   > Counts one write.
          writes++;
      }
//    ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/BaseStore.java`/BaseStore#touch().
  }
//⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/BaseStore.java`/BaseStore#
  
//⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/BaseStore.java`/
