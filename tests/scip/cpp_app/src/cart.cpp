//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/cart.cpp`/
  #include "shop/cart.hpp"
// definition codemap conan-cpp shop 0.3.0 `src/cart.cpp`/
//kind File
//          ^^^^^^^^^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/
  
  namespace {
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/cart.cpp`/clamp().
  int clamp(int n) { return n < 0 ? 0 : n; }
//    ^^^^^ definition codemap conan-cpp shop 0.3.0 `src/cart.cpp`/clamp().
//    kind Function
//    documentation
//    > ```cpp
//    > int clamp(int n)
//    > ```
//                                         ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/cart.cpp`/clamp().
  
  }  // namespace
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#
  namespace shop {
//          ^^^^ definition codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#
//          kind Namespace
//          documentation
//          > ```cpp
//          > namespace shop
//          > ```
//          documentation
//          > namespace shop
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#Cart#Cart().
  Cart::Cart() = default;
//      ^^^^ definition codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#Cart#Cart().
//      kind Method
//      documentation
//      > ```cpp
//      > Cart::Cart()
//      > ```
//      relationship codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#Cart(). implementation
//                      ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#Cart#Cart().
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#Cart#`~Cart`().
  Cart::~Cart() {}
//      ^^^^^ definition codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#Cart#`~Cart`().
//      kind Method
//      documentation
//      > ```cpp
//      > Cart::~Cart()
//      > ```
//      relationship codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#`~Cart`(). implementation
//               ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#Cart#`~Cart`().
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#Cart#add().
  void Cart::add(const catalog::Item* item) { add(item, 1); }
//           ^^^ definition codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#Cart#add().
//           kind Method
//           documentation
//           > ```cpp
//           > void Cart::add(const catalog::Item* item)
//           > ```
//           relationship codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#add(). implementation
//                              ^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Item#
//                                            ^^^ reference codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#Cart#`add~2`().
//                                                          ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#Cart#add().
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#Cart#`add~2`().
  void Cart::add(const catalog::Item* item, int quantity) {
//           ^^^ definition codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#Cart#`add~2`().
//           kind Method
//           documentation
//           > ```cpp
//           > void Cart::add(const catalog::Item* item, int quantity)
//           > ```
//           relationship codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#`add~2`(). implementation
//                              ^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Item#
    for (int i = 0; i < clamp(quantity); ++i) {
//                      ^^^^^ reference codemap conan-cpp shop 0.3.0 `src/cart.cpp`/clamp().
      lines.push(item);
//          ^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Stack#push().
    }
    count += quantity;
  }
//⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#Cart#`add~2`().
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#Cart#total().
  Money Cart::total() const { return sum(*this); }
//^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#
//            ^^^^^ definition codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#Cart#total().
//            kind Method
//            documentation
//            > ```cpp
//            > Money Cart::total() const
//            > ```
//            relationship codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#total(). implementation
//                                   ^^^ reference codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#sum().
//                                               ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#Cart#total().
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#sum().
  Money sum(const Cart& cart) {
//^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#
//      ^^^ definition codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#sum().
//      kind Function
//      documentation
//      > ```cpp
//      > Money sum(const Cart& cart)
//      > ```
//      relationship codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#sum(). implementation
//                ^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#
    Money total;
//  ^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#
    int rate = legacy_tax_rate(1);
//             ^^^^^^^^^^^^^^^ reference codemap conan shop 0.3.0 `src/legacy.c`/legacy_tax_rate().
    return total + Money(rate);
//                 ^^^^^ reference codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#Money#`Money~2`().
  }
//⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#sum().
  
  }  // namespace shop
//⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#catalog#
  namespace shop::catalog {
//                ^^^^^^^ definition codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#catalog#
//                kind Namespace
//                documentation
//                > ```cpp
//                > namespace shop::catalog
//                > ```
//                documentation
//                > namespace shop::catalog
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#catalog#Book#Book().
  Book::Book(const char* title, Money cover) : title_(title), cover_(cover) {}
//      ^^^^ definition codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#catalog#Book#Book().
//      kind Method
//      documentation
//      > ```cpp
//      > Book::Book(const char* title, Money cover)
//      > ```
//      relationship codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Book#Book(). implementation
//                              ^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#
//                                                                           ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#catalog#Book#Book().
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#catalog#Book#price().
  Money Book::price() const { return cover_; }
//^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#
//            ^^^^^ definition codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#catalog#Book#price().
//            kind Method
//            documentation
//            > ```cpp
//            > Money Book::price() const
//            > ```
//            relationship codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Book#price(). implementation
//                                           ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#catalog#Book#price().
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#catalog#Book#name().
  const char* Book::name() const { return title_; }
//                  ^^^^ definition codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#catalog#Book#name().
//                  kind Method
//                  documentation
//                  > ```cpp
//                  > const char* Book::name() const
//                  > ```
//                  relationship codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Book#name(). implementation
//                                                ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#catalog#Book#name().
  
  }  // namespace shop::catalog
//⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/cart.cpp`/shop#catalog#
  
//⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/cart.cpp`/
