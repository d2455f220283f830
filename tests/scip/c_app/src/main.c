//⌄ enclosing_range_start codemap conan inv 0.1.0 `src/main.c`/
  #include <stdio.h>
// definition codemap conan inv 0.1.0 `src/main.c`/
//kind File
//          ^^^^^^^ reference codemap conan stdio.h . `ext:stdio.h`/
  #include "inv/report.h"
//          ^^^^^^^^^^^^ reference codemap conan inv 0.1.0 `include/inv/report.h`/
  
  /* What a change is logged with. */
//⌄ enclosing_range_start codemap conan inv 0.1.0 `src/main.c`/logger.
  static stock_hook logger = 0;
//       ^^^^^^^^^^ reference codemap conan inv 0.1.0 `include/inv/stock.h`/stock_hook#
//                  ^^^^^^ definition codemap conan inv 0.1.0 `src/main.c`/logger.
//                  kind Variable
//                  documentation
//                  > ```c
//                  > static stock_hook logger = 0
//                  > ```
//                  documentation
//                  > What a change is logged with.
//                            ⌃ enclosing_range_end codemap conan inv 0.1.0 `src/main.c`/logger.
  
//⌄ enclosing_range_start codemap conan inv 0.1.0 `src/main.c`/log_change().
  static void log_change(const item_t *it) {
//            ^^^^^^^^^^ definition codemap conan inv 0.1.0 `src/main.c`/log_change().
//            kind Function
//            documentation
//            > ```c
//            > static void log_change(const item_t *it)
//            > ```
//                             ^^^^^^ reference codemap conan inv 0.1.0 `include/inv/stock.h`/item_t#
      printf("%s: %d\n", it->name, it->count);
  }
//⌃ enclosing_range_end codemap conan inv 0.1.0 `src/main.c`/log_change().
  
//⌄ enclosing_range_start codemap conan inv 0.1.0 `src/main.c`/report_print().
  void report_print(const store_t *s) {
//     ^^^^^^^^^^^^ definition codemap conan inv 0.1.0 `src/main.c`/report_print().
//     kind Function
//     documentation
//     > ```c
//     > void report_print(const store_t *s)
//     > ```
//     relationship codemap conan inv 0.1.0 `include/inv/report.h`/report_print(). implementation
//                        ^^^^^^^ reference codemap conan inv 0.1.0 `include/inv/stock.h`/store_t#
      for (size_t i = 0; i < s->len; i++) {
          log_change(&s->items[i]);
//        ^^^^^^^^^^ reference codemap conan inv 0.1.0 `src/main.c`/log_change().
      }
  }
//⌃ enclosing_range_end codemap conan inv 0.1.0 `src/main.c`/report_print().
  
//⌄ enclosing_range_start codemap conan inv 0.1.0 `src/main.c`/main().
  int main(void) {
//    ^^^^ definition codemap conan inv 0.1.0 `src/main.c`/main().
//    kind Function
//    documentation
//    > ```c
//    > int main(void)
//    > ```
      store_t store = {0};
//    ^^^^^^^ reference codemap conan inv 0.1.0 `include/inv/stock.h`/store_t#
      store.on_change = log_change;
      logger = log_change;
      stock_add(&store, "hammer", dozen(3));
//    ^^^^^^^^^ reference codemap conan inv 0.1.0 `src/stock.c`/stock_add().
//                                ^^^^^ reference codemap conan inv 0.1.0 `src/util.c`/dozen().
      stock_add(&store, "nail", (int)sizeof(struct item));
//    ^^^^^^^^^ reference codemap conan inv 0.1.0 `src/stock.c`/stock_add().
//                                                 ^^^^ reference codemap conan inv 0.1.0 `include/inv/stock.h`/item#
      report_print(&store);
//    ^^^^^^^^^^^^ reference codemap conan inv 0.1.0 `src/main.c`/report_print().
      return 0;
  }
//⌃ enclosing_range_end codemap conan inv 0.1.0 `src/main.c`/main().
  
//⌃ enclosing_range_end codemap conan inv 0.1.0 `src/main.c`/
