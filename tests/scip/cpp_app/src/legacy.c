//⌄ enclosing_range_start codemap conan shop 0.3.0 `src/legacy.c`/
  #include "legacy.h"
// definition codemap conan shop 0.3.0 `src/legacy.c`/
//kind File
//          ^^^^^^^^ reference codemap conan shop 0.3.0 `include/legacy.h`/
  
//⌄ enclosing_range_start codemap conan shop 0.3.0 `src/legacy.c`/legacy_tax_rate().
  int legacy_tax_rate(int region) {
//    ^^^^^^^^^^^^^^^ definition codemap conan shop 0.3.0 `src/legacy.c`/legacy_tax_rate().
//    kind Function
//    documentation
//    > ```c
//    > int legacy_tax_rate(int region)
//    > ```
//    relationship codemap conan shop 0.3.0 `include/legacy.h`/legacy_tax_rate(). implementation
    return region == 1 ? 20 : 7;
  }
//⌃ enclosing_range_end codemap conan shop 0.3.0 `src/legacy.c`/legacy_tax_rate().
  
//⌃ enclosing_range_end codemap conan shop 0.3.0 `src/legacy.c`/
