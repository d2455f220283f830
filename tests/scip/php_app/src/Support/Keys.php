//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Support/Keys.php`/
  <?php
// definition codemap composer acme/shop 1.0.0 `src/Support/Keys.php`/
//kind File
  
  namespace Acme\Support;
  
//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Support/Keys.php`/SEPARATOR.
  const SEPARATOR = ':';
//      ^^^^^^^^^ definition codemap composer acme/shop 1.0.0 `src/Support/Keys.php`/SEPARATOR.
//      kind Constant
//      documentation
//      > ```php
//      > const SEPARATOR = ':'
//      > ```
//                     ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Support/Keys.php`/SEPARATOR.
  
  /** Normalises a key. */
//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Support/Keys.php`/normalize().
  function normalize(string $key): string
//         ^^^^^^^^^ definition codemap composer acme/shop 1.0.0 `src/Support/Keys.php`/normalize().
//         kind Function
//         documentation
//         > ```php
//         > function normalize(string $key): string
//         > ```
//         documentation
//         > Normalises a key.
  {
      return strtolower(trim($key));
  }
//⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Support/Keys.php`/normalize().
  
//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Support/Keys.php`/Keys#
  final class Keys
//            ^^^^ definition codemap composer acme/shop 1.0.0 `src/Support/Keys.php`/Keys#
//            kind Class
//            documentation
//            > ```php
//            > final class Keys
//            > ```
  {
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Support/Keys.php`/Keys#join().
      public static function join(string ...$parts): string
//                           ^^^^ definition codemap composer acme/shop 1.0.0 `src/Support/Keys.php`/Keys#join().
//                           kind Method
//                           documentation
//                           > ```php
//                           > public static function join(string ...$parts): string
//                           > ```
      {
          return implode(SEPARATOR, array_map('Acme\Support\normalize', $parts));
      }
//    ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Support/Keys.php`/Keys#join().
  }
//⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Support/Keys.php`/Keys#
  
//⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Support/Keys.php`/
