//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/
  <?php
// definition codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/
//kind File
  
  namespace Acme\Shop;
  
  use Acme\Support\{Keys, Logs};
//                  ^^^^ reference codemap composer acme/shop 1.0.0 `src/Support/Keys.php`/
//                        ^^^^ reference codemap composer acme/shop 1.0.0 `src/Support/Logs.php`/
  use function Acme\Support\normalize;
//             ^^^^^^^^^^^^^^^^^^^^^^ reference codemap composer acme/shop 1.0.0 `src/Support/`/
  
  /**
   * Keeps items in memory.
   */
//⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#
  class MemoryStore extends BaseStore
//      ^^^^^^^^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#
//      kind Class
//      documentation
//      > ```php
//      > class MemoryStore extends BaseStore
//      > ```
//      documentation
//      > Keeps items in memory.
//      relationship codemap composer acme/shop 1.0.0 `src/Shop/BaseStore.php`/BaseStore# implementation
//      relationship codemap composer acme/shop 1.0.0 `src/Support/Logs.php`/Logs# implementation
//                          ^^^^^^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/BaseStore.php`/BaseStore#
  {
      use Logs;
//        ^^^^ reference codemap composer acme/shop 1.0.0 `src/Support/Logs.php`/Logs#
  
      /** @var array<string, Item> */
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#items.
      private array $items = [];
//                   ^^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#items.
//                   kind Field
//                   documentation
//                   > ```php
//                   > private array $items = []
//                   > ```
//                   documentation
//                   > @var array<string, Item>
//                             ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#items.
  
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#get().
      public function get(string $key): ?Item
//                    ^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#get().
//                    kind Method
//                    documentation
//                    > ```php
//                    > public function get(string $key): ?Item
//                    > ```
//                                       ^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#
      {
          return $this->items[normalize($key)] ?? null;
//                            ^^^^^^^^^ reference codemap composer acme/shop 1.0.0 `src/Support/Keys.php`/normalize().
      }
//    ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#get().
  
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#put().
      public function put(Item $item): void
//                    ^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#put().
//                    kind Method
//                    documentation
//                    > ```php
//                    > public function put(Item $item): void
//                    > ```
//                        ^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#
      {
          parent::touch();
//                ^^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/BaseStore.php`/BaseStore#touch().
          $this->log('put ' . $item->name);
//               ^^^ reference codemap composer acme/shop 1.0.0 `src/Support/Logs.php`/Logs#log().
          $this->items[Keys::join('item', $item->name)] = $item;
//                           ^^^^ reference codemap composer acme/shop 1.0.0 `src/Support/Keys.php`/Keys#join().
      }
//    ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#put().
  
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#count().
      public function count(): int
//                    ^^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#count().
//                    kind Method
//                    documentation
//                    > ```php
//                    > public function count(): int
//                    > ```
      {
          return count($this->items);
      }
//    ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#count().
  
//    ⌄ enclosing_range_start codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#withItems().
      public static function withItems(Item ...$items): static
//                           ^^^^^^^^^ definition codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#withItems().
//                           kind Method
//                           documentation
//                           > ```php
//                           > public static function withItems(Item ...$items): static
//                           > ```
//                                     ^^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/Item.php`/Item#
      {
          $store = new static();
          foreach ($items as $item) {
              $store->put($item);
//                    ^^^ reference codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#put().
          }
          return $store;
      }
//    ⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#withItems().
  }
//⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/MemoryStore#
  
//⌃ enclosing_range_end codemap composer acme/shop 1.0.0 `src/Shop/MemoryStore.php`/
