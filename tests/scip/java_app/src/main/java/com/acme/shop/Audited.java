//⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Audited.java`/
  package com.acme.shop;
// definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Audited.java`/
//kind File
//        ^^^^^^^^^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/`/
//        kind Package
  
  import java.lang.annotation.Retention;
//       ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ reference codemap maven java.lang.annotation . `ext:java.lang.annotation`/
  import java.lang.annotation.RetentionPolicy;
//       ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ reference codemap maven java.lang.annotation . `ext:java.lang.annotation`/
  
  /** Marks a store whose writes are logged. */
//⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Audited.java`/Audited#
  @Retention(RetentionPolicy.RUNTIME)
//           ^^^^^^^^^^^^^^^ reference codemap maven java.lang.annotation . `ext:java.lang.annotation`/RetentionPolicy#
  public @interface Audited {
//                  ^^^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Audited.java`/Audited#
//                  kind Interface
//                  documentation
//                  > ```java
//                  > public @interface Audited
//                  > ```
//                  documentation
//                  > Marks a store whose writes are logged.
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Audited.java`/Audited#value().
      String value() default "";
//           ^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Audited.java`/Audited#value().
//           kind AbstractMethod
//           documentation
//           > ```java
//           > String value() default ""
//           > ```
//                             ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Audited.java`/Audited#value().
  }
//⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Audited.java`/Audited#
  
//⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Audited.java`/
