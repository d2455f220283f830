//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/app.php`/
  <?php
// definition codemap composer acme/shop 1.0.0 `src/app.php`/
//kind File
  
  use Acme\Shop\Catalog;
//    ^^^^^^^^^^^^^^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/Catalog.php`/
  use Acme\Shop\Item;
//    ^^^^^^^^^^^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/
  use Acme\Shop\MemoryStore;
//    ^^^^^^^^^^^^^^^^^^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/
  use Psr\Log\LoggerInterface;
//    ^^^^^^^^^^^^^^^^^^^^^^^ reference codemap composer Psr\Log . `ext:Psr\Log`/
  
  require __DIR__ . '/helpers.php';
  
//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/app.php`/main().
  function main(?LoggerInterface $logger = null): void
//         ^^^^ definition codemap composer acme/shop 1.0.0 `src/app.php`/main().
//         kind Function
//         documentation
//         > ```php
//         > function main(?LoggerInterface $logger = null): void
//         > ```
//               ^^^^^^^^^^^^^^^ reference codemap composer Psr\Log . `ext:Psr\Log`/LoggerInterface#
  {
      $store = MemoryStore::withItems(Item::free('map'));
//                          ^^^^^^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#withItems().
//                                          ^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#free().
      $catalog = new Catalog($store);
//                   ^^^^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/Catalog.php`/Catalog#
      $catalog->add('book', 1200);
//              ^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/Catalog.php`/Catalog#add().
      echo money($catalog->total('book', 'map')), PHP_EOL;
//         ^^^^^ reference codemap composer acme/shop 1.0.0 `src/helpers.php`/money().
//                         ^^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/Catalog.php`/Catalog#total().
      $logger?->info(SHOP_VERSION);
  }
//⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/app.php`/main().
  
  main();
//^^^^ reference codemap composer acme/shop 1.0.0 `src/app.php`/main().
  
//⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/app.php`/
