//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/BaseStore.php`/
  <?php
// definition codemap composer acme/shop 1.0.0 `src/Shop/BaseStore.php`/
//kind File
  
  namespace Acme\Shop;
  
//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/BaseStore.php`/BaseStore#
  abstract class BaseStore implements Store
//               ^^^^^^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/BaseStore.php`/BaseStore#
//               kind Class
//               documentation
//               > ```php
//               > abstract class BaseStore implements Store
//               > ```
//               relationship codemap composer acme/shop 1.0.0 `src/Shop/Store.php`/Store# implementation
  {
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/BaseStore.php`/BaseStore#writes.
      protected int $writes = 0;
//                   ^^^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/BaseStore.php`/BaseStore#writes.
//                   kind Field
//                   documentation
//                   > ```php
//                   > protected int $writes = 0
//                   > ```
//                             ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/BaseStore.php`/BaseStore#writes.
  
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/BaseStore.php`/BaseStore#touch().
      protected function touch(): void
//                       ^^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/BaseStore.php`/BaseStore#touch().
//                       kind Method
//                       documentation
//                       > ```php
//                       > protected function touch(): void
//                       > ```
      {
          $this->writes++;
      }
//    ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/BaseStore.php`/BaseStore#touch().
  }
//⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/BaseStore.php`/BaseStore#
  
//⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/BaseStore.php`/
