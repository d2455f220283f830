//⌄ enclosing_range_start codemap conan inv 0.1.0 `src/stock.c`/
  #include <string.h>
// definition codemap conan inv 0.1.0 `src/stock.c`/
//kind File
//          ^^^^^^^^ reference codemap conan string.h . `ext:string.h`/
  #include "inv/stock.h"
//          ^^^^^^^^^^^ reference codemap conan inv 0.1.0 `include/inv/stock.h`/
  
//⌄ enclosing_range_start codemap conan inv 0.1.0 `src/stock.c`/stock_added.
  int stock_added = 0;
//    ^^^^^^^^^^^ definition codemap conan inv 0.1.0 `src/stock.c`/stock_added.
//    kind Variable
//    documentation
//    > ```c
//    > int stock_added = 0
//    > ```
//                   ⌃ enclosing_range_end codemap conan inv 0.1.0 `src/stock.c`/stock_added.
  
  static int clamp(int n);
  
  /* The item of that name, or NULL. */
//⌄ enclosing_range_start codemap conan inv 0.1.0 `src/stock.c`/stock_find().
  item_t *stock_find(store_t *s, const char *name) {
//^^^^^^ reference codemap conan inv 0.1.0 `include/inv/stock.h`/item_t#
//        ^^^^^^^^^^ definition codemap conan inv 0.1.0 `src/stock.c`/stock_find().
//        kind Function
//        documentation
//        > ```c
//        > item_t *stock_find(store_t *s, const char *name)
//        > ```
//        documentation
//        > The item of that name, or NULL.
//        relationship codemap conan inv 0.1.0 `include/inv/stock.h`/stock_find(). implementation
//                   ^^^^^^^ reference codemap conan inv 0.1.0 `include/inv/stock.h`/store_t#
      for (size_t i = 0; i < s->len; i++) {
          if (strcmp(s->items[i].name, name) == 0) {
              return &s->items[i];
          }
      }
      return NULL;
  }
//⌃ enclosing_range_end codemap conan inv 0.1.0 `src/stock.c`/stock_find().
  
//⌄ enclosing_range_start codemap conan inv 0.1.0 `src/stock.c`/stock_add().
  int stock_add(store_t *s, const char *name, int units) {
//    ^^^^^^^^^ definition codemap conan inv 0.1.0 `src/stock.c`/stock_add().
//    kind Function
//    documentation
//    > ```c
//    > int stock_add(store_t *s, const char *name, int units)
//    > ```
//    relationship codemap conan inv 0.1.0 `include/inv/stock.h`/stock_add(). implementation
//              ^^^^^^^ reference codemap conan inv 0.1.0 `include/inv/stock.h`/store_t#
      item_t *it = stock_find(s, name);
//    ^^^^^^ reference codemap conan inv 0.1.0 `include/inv/stock.h`/item_t#
//                 ^^^^^^^^^^ reference codemap conan inv 0.1.0 `src/stock.c`/stock_find().
      if (it == NULL) {
          if (s->len >= MAX_ITEMS) {
              return -1;
          }
          it = &s->items[s->len++];
          strncpy(it->name, name, sizeof(it->name) - 1);
          it->kind = KIND_TOOL;
          it->count = 0;
      }
      it->count = clamp(it->count + units);
//                ^^^^^ reference codemap conan inv 0.1.0 `src/stock.c`/clamp().
      stock_added += units;
      if (s->on_change) {
          s->on_change(it);
      }
      return it->count;
  }
//⌃ enclosing_range_end codemap conan inv 0.1.0 `src/stock.c`/stock_add().
  
  /* Keeps a count between 0 and 9999. */
//⌄ enclosing_range_start codemap conan inv 0.1.0 `src/stock.c`/clamp().
  static int clamp(int n) {
//           ^^^^^ definition codemap conan inv 0.1.0 `src/stock.c`/clamp().
//           kind Function
//           documentation
//           > ```c
//           > static int clamp(int n)
//           > ```
//           documentation
//           > Keeps a count between 0 and 9999.
      return MAX(0, n) > 9999 ? 9999 : MAX(0, n);
//           ^^^ reference codemap conan inv 0.1.0 `include/inv/stock.h`/MAX().
//                                     ^^^ reference codemap conan inv 0.1.0 `include/inv/stock.h`/MAX().
  }
//⌃ enclosing_range_end codemap conan inv 0.1.0 `src/stock.c`/clamp().
  
//⌃ enclosing_range_end codemap conan inv 0.1.0 `src/stock.c`/
