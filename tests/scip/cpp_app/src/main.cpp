//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/main.cpp`/
  #include <iostream>
// definition codemap conan-cpp shop 0.3.0 `src/main.cpp`/
//kind File
//          ^^^^^^^^ reference codemap conan-cpp iostream . `ext:iostream`/
  
  #include "shop/cart.hpp"
//          ^^^^^^^^^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/
  
  using shop::Money;
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/main.cpp`/print().
  static void print(const Money& m) { std::cout << m.format() << "\n"; }
//            ^^^^^ definition codemap conan-cpp shop 0.3.0 `src/main.cpp`/print().
//            kind Function
//            documentation
//            > ```cpp
//            > static void print(const Money& m)
//            > ```
//                        ^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#
//                                                   ^^^^^^ reference codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#Money#format().
//                                                                     ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/main.cpp`/print().
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/main.cpp`/main().
  int main() {
//    ^^^^ definition codemap conan-cpp shop 0.3.0 `src/main.cpp`/main().
//    kind Function
//    documentation
//    > ```cpp
//    > int main()
//    > ```
    shop::catalog::Book book("Dune", Money(12, 99));
//                 ^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Book#
//                                   ^^^^^ reference codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#Money#`Money~3`().
    shop::Cart cart;
//        ^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#
    cart.add(&book, 2);
//       ^^^ reference codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#Cart#`add~2`().
    Money total = cart.total();
//  ^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#
//                     ^^^^^ reference codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#Cart#total().
    auto* again = new shop::Cart();
//                          ^^^^ reference codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#Cart#Cart().
    again->add(&book);
//         ^^^ reference codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#Cart#add().
    print(total);
//  ^^^^^ reference codemap conan-cpp shop 0.3.0 `src/main.cpp`/print().
    if (total == shop::sum(cart)) {
//                     ^^^ reference codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#sum().
      print(book.price());
//    ^^^^^ reference codemap conan-cpp shop 0.3.0 `src/main.cpp`/print().
//               ^^^^^ reference codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#catalog#Book#price().
    }
    delete again;
    return 0;
  }
//⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/main.cpp`/main().
  
//⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/main.cpp`/
