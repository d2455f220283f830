//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/money.cpp`/
  #include "shop/money.hpp"
// definition codemap conan-cpp shop 0.3.0 `src/money.cpp`/
//kind File
//          ^^^^^^^^^^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/
  
  #include <sstream>
//          ^^^^^^^ reference codemap conan-cpp sstream . `ext:sstream`/
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#
  namespace shop {
//          ^^^^ definition codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#
//          kind Namespace
//          documentation
//          > ```cpp
//          > namespace shop
//          > ```
//          documentation
//          > namespace shop
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#Money#Money().
  Money::Money() : cents_(0) {}
//       ^^^^^ definition codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#Money#Money().
//       kind Method
//       documentation
//       > ```cpp
//       > Money::Money()
//       > ```
//       relationship codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#Money(). implementation
//                            ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#Money#Money().
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#Money#`Money~2`().
  Money::Money(std::int64_t cents) : cents_(cents) {}
//       ^^^^^ definition codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#Money#`Money~2`().
//       kind Method
//       documentation
//       > ```cpp
//       > Money::Money(std::int64_t cents)
//       > ```
//       relationship codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#`Money~2`(). implementation
//                                                  ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#Money#`Money~2`().
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#Money#`Money~3`().
  Money::Money(std::int64_t units, int cents) : cents_(units * 100 + cents) {}
//       ^^^^^ definition codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#Money#`Money~3`().
//       kind Method
//       documentation
//       > ```cpp
//       > Money::Money(std::int64_t units, int cents)
//       > ```
//       relationship codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#`Money~3`(). implementation
//                                                                           ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#Money#`Money~3`().
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#Money#format().
  std::string Money::format() const {
//                   ^^^^^^ definition codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#Money#format().
//                   kind Method
//                   documentation
//                   > ```cpp
//                   > std::string Money::format() const
//                   > ```
//                   relationship codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#format(). implementation
    std::ostringstream out;
    out << cents_ / 100 << "." << cents_ % 100;
    return out.str();
  }
//⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#Money#format().
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#Money#`operator==`().
  bool Money::operator==(const Money& other) const { return cents_ == other.cents_; }
//            ^^^^^^^^^^ definition codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#Money#`operator==`().
//            kind Method
//            documentation
//            > ```cpp
//            > bool Money::operator==(const Money& other) const
//            > ```
//            relationship codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#`operator==`(). implementation
//                             ^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#
//                                                                                  ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#Money#`operator==`().
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#Money#operator+().
  Money Money::operator+(const Money& other) const { return Money(cents_ + other.cents()); }
//^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#
//             ^^^^^^^^^ definition codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#Money#operator+().
//             kind Method
//             documentation
//             > ```cpp
//             > Money Money::operator+(const Money& other) const
//             > ```
//             relationship codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#operator+(). implementation
//                             ^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#
//                                                          ^^^^^ reference codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#Money#`Money~2`().
//                                                                               ^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#cents().
//                                                                                         ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#Money#operator+().
  
  }  // namespace shop
//⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/money.cpp`/shop#
  
//⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `src/money.cpp`/
