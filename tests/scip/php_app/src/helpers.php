//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/helpers.php`/
  <?php
// definition codemap composer acme/shop 1.0.0 `src/helpers.php`/
//kind File
  
//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/helpers.php`/SHOP_VERSION.
  define('SHOP_VERSION', '1.0');
//        ^^^^^^^^^^^^ definition codemap composer acme/shop 1.0.0 `src/helpers.php`/SHOP_VERSION.
//        kind Constant
//        documentation
//        > ```php
//        > define('SHOP_VERSION', '1.0')
//        > ```
//                            ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/helpers.php`/SHOP_VERSION.
  
  /**
   * Formats a price in cents.
   */
//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/helpers.php`/money().
  function money(int $cents): string
//         ^^^^^ definition codemap composer acme/shop 1.0.0 `src/helpers.php`/money().
//         kind Function
//         documentation
//         > ```php
//         > function money(int $cents): string
//         > ```
//         documentation
//         > Formats a price in cents.
  {
      return sprintf('%.2f', $cents / 100);
  }
//⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/helpers.php`/money().
  
//⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/helpers.php`/
