//⌄ enclosing_range_start codemap conan inv 0.1.0 `src/util.c`/
  /* Helpers no header declares. */
// definition codemap conan inv 0.1.0 `src/util.c`/
//kind File
  
  /* Units in a dozen. */
//⌄ enclosing_range_start codemap conan inv 0.1.0 `src/util.c`/dozen().
  int dozen(int n) {
//    ^^^^^ definition codemap conan inv 0.1.0 `src/util.c`/dozen().
//    kind Function
//    documentation
//    > ```c
//    > int dozen(int n)
//    > ```
//    documentation
//    > Units in a dozen.
      struct pack { int units; } p = { n * 12 };
      return p.units;
  }
//⌃ enclosing_range_end codemap conan inv 0.1.0 `src/util.c`/dozen().
  
//⌃ enclosing_range_end codemap conan inv 0.1.0 `src/util.c`/
