//⌄ enclosing_range_start codemap conan shop 0.3.0 `include/legacy.h`/
  #ifndef LEGACY_H
// definition codemap conan shop 0.3.0 `include/legacy.h`/
//kind File
//⌄ enclosing_range_start codemap conan shop 0.3.0 `include/legacy.h`/LEGACY_H.
  #define LEGACY_H
//        ^^^^^^^^ definition codemap conan shop 0.3.0 `include/legacy.h`/LEGACY_H.
//        kind Constant
//        documentation
//        > ```c
//        > #define LEGACY_H
//        > ```
//               ⌃ enclosing_range_end codemap conan shop 0.3.0 `include/legacy.h`/LEGACY_H.
  
  #ifdef __cplusplus
  extern "C" {
  #endif
  
  /* The old C tax table. */
//⌄ enclosing_range_start codemap conan shop 0.3.0 `include/legacy.h`/legacy_tax_rate().
  int legacy_tax_rate(int region);
//    ^^^^^^^^^^^^^^^ definition codemap conan shop 0.3.0 `include/legacy.h`/legacy_tax_rate().
//    kind Function
//    documentation
//    > ```c
//    > int legacy_tax_rate(int region)
//    > ```
//    documentation
//    > The old C tax table.
//                               ⌃ enclosing_range_end codemap conan shop 0.3.0 `include/legacy.h`/legacy_tax_rate().
  
  #ifdef __cplusplus
  }
  #endif
  
  #endif
  
//⌃ enclosing_range_end codemap conan shop 0.3.0 `include/legacy.h`/
