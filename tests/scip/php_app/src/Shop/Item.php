//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/
  <?php
// definition codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/
//kind File
  
  namespace Acme\Shop;
  
//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Category#
  enum Category: string
//     ^^^^^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Category#
//     kind Type
//     documentation
//     > ```php
//     > enum Category: string
//     > ```
  {
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Category#Books.
      case Books = 'b';
//         ^^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Category#Books.
//         kind Constant
//         documentation
//         > ```php
//         > case Books = 'b'
//         > ```
//                    ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Category#Books.
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Category#Games.
      case Games = 'g';
//         ^^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Category#Games.
//         kind Constant
//         documentation
//         > ```php
//         > case Games = 'g'
//         > ```
//                    ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Category#Games.
  
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Category#label().
      public function label(): string
//                    ^^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Category#label().
//                    kind Method
//                    documentation
//                    > ```php
//                    > public function label(): string
//                    > ```
      {
          return ucfirst($this->name);
      }
//    ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Category#label().
  }
//⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Category#
  
  /** A thing for sale. */
//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#
  class Item
//      ^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#
//      kind Class
//      documentation
//      > ```php
//      > class Item
//      > ```
//      documentation
//      > A thing for sale.
  {
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#__construct().
      public function __construct(
//                    ^^^^^^^^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#__construct().
//                    kind Method
//                    documentation
//                    > ```php
//                    > public function __construct(public readonly string $name, private int $price, public Category $category = Category::Books,)
//                    > ```
//        ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#name.
          public readonly string $name,
//                                ^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#name.
//                                kind Field
//                                documentation
//                                > ```php
//                                > public readonly string $name
//                                > ```
//                                   ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#name.
//        ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#price.
          private int $price,
//                     ^^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#price.
//                     kind Field
//                     documentation
//                     > ```php
//                     > private int $price
//                     > ```
//                         ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#price.
//        ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#category.
          public Category $category = Category::Books,
//               ^^^^^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Category#
//                         ^^^^^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#category.
//                         kind Field
//                         documentation
//                         > ```php
//                         > public Category $category = Category::Books
//                         > ```
//                                                  ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#category.
      ) {
      }
//    ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#__construct().
  
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#`price~2`().
      public function price(): int
//                    ^^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#`price~2`().
//                    kind Method
//                    documentation
//                    > ```php
//                    > public function price(): int
//                    > ```
      {
          return $this->price;
      }
//    ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#`price~2`().
  
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#free().
      public static function free(string $name): self
//                           ^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#free().
//                           kind Method
//                           documentation
//                           > ```php
//                           > public static function free(string $name): self
//                           > ```
      {
          return new self($name, 0);
      }
//    ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#free().
  }
//⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#
  
//⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/
