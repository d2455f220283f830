//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Catalog.php`/
  <?php
// definition codemap composer acme/shop 1.0.0 `src/Shop/Catalog.php`/
//kind File
  
  namespace Acme\Shop;
  
  use Acme\Support\Keys as K;
//    ^^^^^^^^^^^^^^^^^ reference codemap composer acme/shop 1.0.0 `src/Support/Keys.php`/
  
//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Catalog.php`/Catalog#
  class Catalog
//      ^^^^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/Catalog.php`/Catalog#
//      kind Class
//      documentation
//      > ```php
//      > class Catalog
//      > ```
  {
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Catalog.php`/Catalog#store.
      private Store $store;
//            ^^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/Store.php`/Store#
//                   ^^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/Catalog.php`/Catalog#store.
//                   kind Field
//                   documentation
//                   > ```php
//                   > private Store $store
//                   > ```
//                        ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Catalog.php`/Catalog#store.
  
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Catalog.php`/Catalog#__construct().
      public function __construct(Store $store)
//                    ^^^^^^^^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/Catalog.php`/Catalog#__construct().
//                    kind Method
//                    documentation
//                    > ```php
//                    > public function __construct(Store $store)
//                    > ```
//                                ^^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/Store.php`/Store#
      {
          $this->store = $store;
      }
//    ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Catalog.php`/Catalog#__construct().
  
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Catalog.php`/Catalog#add().
      public function add(string $name, int $price): Item
//                    ^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/Catalog.php`/Catalog#add().
//                    kind Method
//                    documentation
//                    > ```php
//                    > public function add(string $name, int $price): Item
//                    > ```
//                                                   ^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#
      {
          $item = new Item($name, $price);
//                    ^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#
          $this->store->put($item);
//                      ^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/Store.php`/Store#put().
          return $item;
      }
//    ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Catalog.php`/Catalog#add().
  
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Catalog.php`/Catalog#total().
      public function total(string ...$names): int
//                    ^^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/Catalog.php`/Catalog#total().
//                    kind Method
//                    documentation
//                    > ```php
//                    > public function total(string ...$names): int
//                    > ```
      {
          $sum = 0;
          foreach ($names as $name) {
              $sum += $this->store->get(K::join($name))?->price() ?? 0;
//                                  ^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/Store.php`/Store#get().
//                                         ^^^^ reference codemap composer acme/shop 1.0.0 `src/Support/Keys.php`/Keys#join().
//                                                        ^^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#`price~2`().
          }
          return $sum;
      }
//    ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Catalog.php`/Catalog#total().
  }
//⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Catalog.php`/Catalog#
  
//⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Catalog.php`/
