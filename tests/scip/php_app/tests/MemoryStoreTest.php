//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `tests/MemoryStoreTest.php`/
  <?php
// definition codemap composer acme/shop 1.0.0 `tests/MemoryStoreTest.php`/
//kind File
  
  namespace Acme\Shop\Tests;
  
  use Acme\Shop\Item;
//    ^^^^^^^^^^^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/
  use Acme\Shop\MemoryStore;
//    ^^^^^^^^^^^^^^^^^^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/
  
//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `tests/MemoryStoreTest.php`/MemoryStoreTest#
  class MemoryStoreTest
//      ^^^^^^^^^^^^^^^ definition codemap composer acme/shop 1.0.0 `tests/MemoryStoreTest.php`/MemoryStoreTest#
//      kind Class
//      documentation
//      > ```php
//      > class MemoryStoreTest
//      > ```
  {
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `tests/MemoryStoreTest.php`/MemoryStoreTest#testPutsAndGets().
      public function testPutsAndGets(): void
//                    ^^^^^^^^^^^^^^^ definition codemap composer acme/shop 1.0.0 `tests/MemoryStoreTest.php`/MemoryStoreTest#testPutsAndGets().
//                    kind Method
//                    documentation
//                    > ```php
//                    > public function testPutsAndGets(): void
//                    > ```
      {
          $store = new MemoryStore();
//                     ^^^^^^^^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#
          $store->put(new Item('pen', 150));
//                ^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#put().
//                        ^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#
          assert($store->get('pen')?->price() === 150);
//                       ^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#get().
//                                    ^^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#`price~2`().
      }
//    ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `tests/MemoryStoreTest.php`/MemoryStoreTest#testPutsAndGets().
  }
//⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `tests/MemoryStoreTest.php`/MemoryStoreTest#
  
//⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `tests/MemoryStoreTest.php`/
