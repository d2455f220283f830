//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Store.php`/
  <?php
// definition codemap composer acme/shop 1.0.0 `src/Shop/Store.php`/
//kind File
  
  namespace Acme\Shop;
  
  /** Where items are kept. */
//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Store.php`/Store#
  interface Store extends \Countable
//          ^^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/Store.php`/Store#
//          kind Interface
//          documentation
//          > ```php
//          > interface Store extends \Countable
//          > ```
//          documentation
//          > Where items are kept.
  {
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Store.php`/Store#LIMIT.
      public const LIMIT = 100;
//                 ^^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/Store.php`/Store#LIMIT.
//                 kind Constant
//                 documentation
//                 > ```php
//                 > public const LIMIT = 100
//                 > ```
//                            ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Store.php`/Store#LIMIT.
  
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Store.php`/Store#get().
      public function get(string $key): ?Item;
//                    ^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/Store.php`/Store#get().
//                    kind AbstractMethod
//                    documentation
//                    > ```php
//                    > public function get(string $key): ?Item
//                    > ```
//                                       ^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#
//                                           ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Store.php`/Store#get().
  
      /**
       * Keeps the item under its name (intelephense's range for it starts here).
       */
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Store.php`/Store#put().
      public function put(Item $item): void;
//                    ^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/Store.php`/Store#put().
//                    kind AbstractMethod
//                    documentation
//                    > ```php
//                    > public function put(Item $item): void
//                    > ```
//                    documentation
//                    > Keeps the item under its name (intelephense's range for it starts here).
//                        ^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#
//                                         ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Store.php`/Store#put().
  }
//⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Store.php`/Store#
  
//⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Store.php`/
