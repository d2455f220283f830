//⌄ enclosing_range_start codemap conan inv 0.1.0 `include/inv/stock.h`/
  /* Stock keeping: items, their kinds and the store that holds them. */
// definition codemap conan inv 0.1.0 `include/inv/stock.h`/
//kind File
  #ifndef INV_STOCK_H
//⌄ enclosing_range_start codemap conan inv 0.1.0 `include/inv/stock.h`/INV_STOCK_H.
  #define INV_STOCK_H
//        ^^^^^^^^^^^ definition codemap conan inv 0.1.0 `include/inv/stock.h`/INV_STOCK_H.
//        kind Constant
//        documentation
//        > ```c
//        > #define INV_STOCK_H
//        > ```
//                  ⌃ enclosing_range_end codemap conan inv 0.1.0 `include/inv/stock.h`/INV_STOCK_H.
  
  #include <stddef.h>
//          ^^^^^^^^ reference codemap conan stddef.h . `ext:stddef.h`/
  
  /* The most items a store holds. */
//⌄ enclosing_range_start codemap conan inv 0.1.0 `include/inv/stock.h`/MAX_ITEMS.
  #define MAX_ITEMS 64
//        ^^^^^^^^^ definition codemap conan inv 0.1.0 `include/inv/stock.h`/MAX_ITEMS.
//        kind Constant
//        documentation
//        > ```c
//        > #define MAX_ITEMS 64
//        > ```
//        documentation
//        > The most items a store holds.
//                   ⌃ enclosing_range_end codemap conan inv 0.1.0 `include/inv/stock.h`/MAX_ITEMS.
  
  /* The larger of two values. */
//⌄ enclosing_range_start codemap conan inv 0.1.0 `include/inv/stock.h`/MAX().
  #define MAX(a, b) ((a) > (b) ? (a) : (b))
//        ^^^ definition codemap conan inv 0.1.0 `include/inv/stock.h`/MAX().
//        kind Function
//        documentation
//        > ```c
//        > #define MAX(a, b)
//        > ```
//        documentation
//        > The larger of two values.
//                                        ⌃ enclosing_range_end codemap conan inv 0.1.0 `include/inv/stock.h`/MAX().
  
  /* What an item is. */
//⌄ enclosing_range_start codemap conan inv 0.1.0 `include/inv/stock.h`/item_kind#
  enum item_kind {
//     ^^^^^^^^^ definition codemap conan inv 0.1.0 `include/inv/stock.h`/item_kind#
//     kind Type
//     documentation
//     > ```c
//     > enum item_kind
//     > ```
//     documentation
//     > What an item is.
//    ⌄ enclosing_range_start codemap conan inv 0.1.0 `include/inv/stock.h`/KIND_TOOL.
      KIND_TOOL,
//    ^^^^^^^^^ definition codemap conan inv 0.1.0 `include/inv/stock.h`/KIND_TOOL.
//    kind Constant
//    documentation
//    > ```c
//    > KIND_TOOL
//    > ```
//            ⌃ enclosing_range_end codemap conan inv 0.1.0 `include/inv/stock.h`/KIND_TOOL.
//    ⌄ enclosing_range_start codemap conan inv 0.1.0 `include/inv/stock.h`/KIND_PART.
      KIND_PART = 4,
//    ^^^^^^^^^ definition codemap conan inv 0.1.0 `include/inv/stock.h`/KIND_PART.
//    kind Constant
//    documentation
//    > ```c
//    > KIND_PART = 4
//    > ```
//                ⌃ enclosing_range_end codemap conan inv 0.1.0 `include/inv/stock.h`/KIND_PART.
  };
//⌃ enclosing_range_end codemap conan inv 0.1.0 `include/inv/stock.h`/item_kind#
  
  /* One stocked item. */
//⌄ enclosing_range_start codemap conan inv 0.1.0 `include/inv/stock.h`/item#
//⌄ enclosing_range_start codemap conan inv 0.1.0 `include/inv/stock.h`/item_t#
  typedef struct item {
//               ^^^^ definition codemap conan inv 0.1.0 `include/inv/stock.h`/item#
//               kind Struct
//               documentation
//               > ```c
//               > struct item
//               > ```
//               documentation
//               > One stocked item.
//    ⌄ enclosing_range_start codemap conan inv 0.1.0 `include/inv/stock.h`/item#name.
      char name[32];
//         ^^^^ definition codemap conan inv 0.1.0 `include/inv/stock.h`/item#name.
//         kind Field
//         documentation
//         > ```c
//         > char name[32]
//         > ```
//                 ⌃ enclosing_range_end codemap conan inv 0.1.0 `include/inv/stock.h`/item#name.
//    ⌄ enclosing_range_start codemap conan inv 0.1.0 `include/inv/stock.h`/item#kind.
      enum item_kind kind;
//         ^^^^^^^^^ reference codemap conan inv 0.1.0 `include/inv/stock.h`/item_kind#
//                   ^^^^ definition codemap conan inv 0.1.0 `include/inv/stock.h`/item#kind.
//                   kind Field
//                   documentation
//                   > ```c
//                   > enum item_kind kind
//                   > ```
//                       ⌃ enclosing_range_end codemap conan inv 0.1.0 `include/inv/stock.h`/item#kind.
//    ⌄ enclosing_range_start codemap conan inv 0.1.0 `include/inv/stock.h`/item#count.
      int count; /* units on the shelf */
//        ^^^^^ definition codemap conan inv 0.1.0 `include/inv/stock.h`/item#count.
//        kind Field
//        documentation
//        > ```c
//        > int count
//        > ```
//        documentation
//        > units on the shelf
//             ⌃ enclosing_range_end codemap conan inv 0.1.0 `include/inv/stock.h`/item#count.
  } item_t;
//  ^^^^^^ definition codemap conan inv 0.1.0 `include/inv/stock.h`/item_t#
//  kind Type
//  documentation
//  > ```c
//  > typedef struct item {…} item_t
//  > ```
//  documentation
//  > One stocked item.
//        ⌃ enclosing_range_end codemap conan inv 0.1.0 `include/inv/stock.h`/item#
//        ⌃ enclosing_range_end codemap conan inv 0.1.0 `include/inv/stock.h`/item_t#
  
  /* Called when a count changes. */
//⌄ enclosing_range_start codemap conan inv 0.1.0 `include/inv/stock.h`/stock_hook#
  typedef void (*stock_hook)(const item_t *it);
//               ^^^^^^^^^^ definition codemap conan inv 0.1.0 `include/inv/stock.h`/stock_hook#
//               kind Type
//               documentation
//               > ```c
//               > typedef void (*stock_hook)(const item_t *it)
//               > ```
//               documentation
//               > Called when a count changes.
//                                 ^^^^^^ reference codemap conan inv 0.1.0 `include/inv/stock.h`/item_t#
//                                            ⌃ enclosing_range_end codemap conan inv 0.1.0 `include/inv/stock.h`/stock_hook#
  
  /* A store: its items and a hook. */
//⌄ enclosing_range_start codemap conan inv 0.1.0 `include/inv/stock.h`/store_t#
  typedef struct {
//    ⌄ enclosing_range_start codemap conan inv 0.1.0 `include/inv/stock.h`/store_t#items.
      item_t items[MAX_ITEMS];
//    ^^^^^^ reference codemap conan inv 0.1.0 `include/inv/stock.h`/item_t#
//           ^^^^^ definition codemap conan inv 0.1.0 `include/inv/stock.h`/store_t#items.
//           kind Field
//           documentation
//           > ```c
//           > item_t items[MAX_ITEMS]
//           > ```
//                           ⌃ enclosing_range_end codemap conan inv 0.1.0 `include/inv/stock.h`/store_t#items.
//    ⌄ enclosing_range_start codemap conan inv 0.1.0 `include/inv/stock.h`/store_t#len.
      size_t len;
//           ^^^ definition codemap conan inv 0.1.0 `include/inv/stock.h`/store_t#len.
//           kind Field
//           documentation
//           > ```c
//           > size_t len
//           > ```
//              ⌃ enclosing_range_end codemap conan inv 0.1.0 `include/inv/stock.h`/store_t#len.
//    ⌄ enclosing_range_start codemap conan inv 0.1.0 `include/inv/stock.h`/store_t#on_change.
      stock_hook on_change;
//    ^^^^^^^^^^ reference codemap conan inv 0.1.0 `include/inv/stock.h`/stock_hook#
//               ^^^^^^^^^ definition codemap conan inv 0.1.0 `include/inv/stock.h`/store_t#on_change.
//               kind Field
//               documentation
//               > ```c
//               > stock_hook on_change
//               > ```
//                        ⌃ enclosing_range_end codemap conan inv 0.1.0 `include/inv/stock.h`/store_t#on_change.
  } store_t;
//  ^^^^^^^ definition codemap conan inv 0.1.0 `include/inv/stock.h`/store_t#
//  kind Struct
//  documentation
//  > ```c
//  > typedef struct store_t
//  > ```
//  documentation
//  > A store: its items and a hook.
//         ⌃ enclosing_range_end codemap conan inv 0.1.0 `include/inv/stock.h`/store_t#
  
  /* Items added since start-up. */
  extern int stock_added;
  
  /* Adds units of an item; returns its new count. */
//⌄ enclosing_range_start codemap conan inv 0.1.0 `include/inv/stock.h`/stock_add().
  int stock_add(store_t *s, const char *name, int units);
//    ^^^^^^^^^ definition codemap conan inv 0.1.0 `include/inv/stock.h`/stock_add().
//    kind Function
//    documentation
//    > ```c
//    > int stock_add(store_t *s, const char *name, int units)
//    > ```
//    documentation
//    > Adds units of an item; returns its new count.
//              ^^^^^^^ reference codemap conan inv 0.1.0 `include/inv/stock.h`/store_t#
//                                                      ⌃ enclosing_range_end codemap conan inv 0.1.0 `include/inv/stock.h`/stock_add().
  
  /* The item of that name, or NULL. */
//⌄ enclosing_range_start codemap conan inv 0.1.0 `include/inv/stock.h`/stock_find().
  item_t *stock_find(store_t *s, const char *name);
//^^^^^^ reference codemap conan inv 0.1.0 `include/inv/stock.h`/item_t#
//        ^^^^^^^^^^ definition codemap conan inv 0.1.0 `include/inv/stock.h`/stock_find().
//        kind Function
//        documentation
//        > ```c
//        > item_t *stock_find(store_t *s, const char *name)
//        > ```
//        documentation
//        > The item of that name, or NULL.
//                   ^^^^^^^ reference codemap conan inv 0.1.0 `include/inv/stock.h`/store_t#
//                                                ⌃ enclosing_range_end codemap conan inv 0.1.0 `include/inv/stock.h`/stock_find().
  
  #endif
  
//⌃ enclosing_range_end codemap conan inv 0.1.0 `include/inv/stock.h`/
