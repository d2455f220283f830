//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Support/Logs.php`/
  <?php
// definition codemap composer acme/shop 1.0.0 `src/Support/Logs.php`/
//kind File
  
  namespace Acme\Support;
  
  /** Remembers what happened. */
//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Support/Logs.php`/Logs#
  trait Logs
//      ^^^^ definition codemap composer acme/shop 1.0.0 `src/Support/Logs.php`/Logs#
//      kind Class
//      documentation
//      > ```php
//      > trait Logs
//      > ```
//      documentation
//      > Remembers what happened.
  {
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Support/Logs.php`/Logs#lines.
      protected array $lines = [];
//                     ^^^^^ definition codemap composer acme/shop 1.0.0 `src/Support/Logs.php`/Logs#lines.
//                     kind Field
//                     documentation
//                     > ```php
//                     > protected array $lines = []
//                     > ```
//                               ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Support/Logs.php`/Logs#lines.
  
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Support/Logs.php`/Logs#log().
      public function log(string $line): void
//                    ^^^ definition codemap composer acme/shop 1.0.0 `src/Support/Logs.php`/Logs#log().
//                    kind Method
//                    documentation
//                    > ```php
//                    > public function log(string $line): void
//                    > ```
      {
          $this->lines[] = $line;
      }
//    ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Support/Logs.php`/Logs#log().
  }
//⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Support/Logs.php`/Logs#
  
//⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Support/Logs.php`/
