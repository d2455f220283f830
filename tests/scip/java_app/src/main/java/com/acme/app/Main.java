//⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/app/Main.java`/
  package com.acme.app;
// definition codemap maven shop 1.2.0 `src/main/java/com/acme/app/Main.java`/
//kind File
//        ^^^^^^^^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/app/`/
//        kind Package
  
  import static com.acme.shop.util.Keys.normalize;
//              ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/util/Keys.java`/
  
  import com.acme.shop.*;
//       ^^^^^^^^^^^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/`/
  import com.acme.shop.Catalog.Item;
//       ^^^^^^^^^^^^^^^^^^^^^^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/
  import java.util.List;
//       ^^^^^^^^^^^^^^ reference codemap maven java.util . `ext:java.util`/
  
//⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/app/Main.java`/Main#
  public class Main {
//             ^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/app/Main.java`/Main#
//             kind Class
//             documentation
//             > ```java
//             > public class Main
//             > ```
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/app/Main.java`/Main#main().
      public static void main(String[] args) {
//                       ^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/app/Main.java`/Main#main().
//                       kind Method
//                       documentation
//                       > ```java
//                       > public static void main(String[] args)
//                       > ```
          Store store = new MemoryStore();
//        ^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Store.java`/Store#
//                          ^^^^^^^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#
          store.put(normalize("apples"), 3);
//              ^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Store.java`/Store#put().
//                  ^^^^^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/util/Keys.java`/Keys#normalize().
          var memory = new MemoryStore(10);
//                         ^^^^^^^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#
          memory.put("pears");
//               ^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#`put~2`().
          System.out.println(memory.size() + store.get("apples"));
//                                  ^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/MemoryStore.java`/MemoryStore#size().
//                                                 ^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Store.java`/Store#get().
          Catalog catalog = new Catalog(List.of(Item.free("map")));
//        ^^^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#
//                              ^^^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#
//                                                   ^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#Item#free().
          report(catalog);
//        ^^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/app/Main.java`/Main#report().
      }
//    ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/app/Main.java`/Main#main().
  
//    ⌄ enclosing_range_start codemap maven shop 1.2.0 `src/main/java/com/acme/app/Main.java`/Main#report().
      static void report(Catalog catalog) {
//                ^^^^^^ definition codemap maven shop 1.2.0 `src/main/java/com/acme/app/Main.java`/Main#report().
//                kind Method
//                documentation
//                > ```java
//                > static void report(Catalog catalog)
//                > ```
//                       ^^^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#
          Runnable r = new Runnable() {
              @Override
              public void run() {
                  System.out.println(catalog.total());
//                                           ^^^^^ reference codemap maven shop 1.2.0 `src/main/java/com/acme/shop/Catalog.java`/Catalog#total().
              }
          };
          r.run();
      }
//    ⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/app/Main.java`/Main#report().
  }
//⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/app/Main.java`/Main#
  
//⌃ enclosing_range_end codemap maven shop 1.2.0 `src/main/java/com/acme/app/Main.java`/
