//⌄ enclosing_range_start codemap conan inv 0.1.0 `include/inv/report.h`/
  #ifndef INV_REPORT_H
// definition codemap conan inv 0.1.0 `include/inv/report.h`/
//kind File
//⌄ enclosing_range_start codemap conan inv 0.1.0 `include/inv/report.h`/INV_REPORT_H.
  #define INV_REPORT_H
//        ^^^^^^^^^^^^ definition codemap conan inv 0.1.0 `include/inv/report.h`/INV_REPORT_H.
//        kind Constant
//        documentation
//        > ```c
//        > #define INV_REPORT_H
//        > ```
//                   ⌃ enclosing_range_end codemap conan inv 0.1.0 `include/inv/report.h`/INV_REPORT_H.
  
  #include "stock.h"
//          ^^^^^^^ reference codemap conan inv 0.1.0 `include/inv/stock.h`/
  
  /* Prints every item of a store. */
//⌄ enclosing_range_start codemap conan inv 0.1.0 `include/inv/report.h`/report_print().
  void report_print(const store_t *s);
//     ^^^^^^^^^^^^ definition codemap conan inv 0.1.0 `include/inv/report.h`/report_print().
//     kind Function
//     documentation
//     > ```c
//     > void report_print(const store_t *s)
//     > ```
//     documentation
//     > Prints every item of a store.
//                        ^^^^^^^ reference codemap conan inv 0.1.0 `include/inv/stock.h`/store_t#
//                                   ⌃ enclosing_range_end codemap conan inv 0.1.0 `include/inv/report.h`/report_print().
  
  #endif
  
//⌃ enclosing_range_end codemap conan inv 0.1.0 `include/inv/report.h`/
