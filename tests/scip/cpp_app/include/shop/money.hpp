//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/
  #pragma once
// definition codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/
//kind File
  
  #include <cstdint>
//          ^^^^^^^ reference codemap conan-cpp cstdint . `ext:cstdint`/
  #include <string>
//          ^^^^^^ reference codemap conan-cpp string . `ext:string`/
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#
  namespace shop {
//          ^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#
//          kind Namespace
//          documentation
//          > ```cpp
//          > namespace shop
//          > ```
//          documentation
//          > namespace shop
  
  /// An amount of money in cents.
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#
  class Money {
//      ^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#
//      kind Class
//      documentation
//      > ```cpp
//      > class Money
//      > ```
//      documentation
//      > An amount of money in cents.
   public:
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#Money().
    Money();
//  ^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#Money().
//  kind Method
//  documentation
//  > ```cpp
//  > Money()
//  > ```
//         ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#Money().
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#`Money~2`().
    explicit Money(std::int64_t cents);
//           ^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#`Money~2`().
//           kind Method
//           documentation
//           > ```cpp
//           > explicit Money(std::int64_t cents)
//           > ```
//                                    ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#`Money~2`().
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#`Money~3`().
    Money(std::int64_t units, int cents);
//  ^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#`Money~3`().
//  kind Method
//  documentation
//  > ```cpp
//  > Money(std::int64_t units, int cents)
//  > ```
//                                      ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#`Money~3`().
  
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#cents().
    std::int64_t cents() const { return cents_; }
//               ^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#cents().
//               kind Method
//               documentation
//               > ```cpp
//               > std::int64_t cents() const
//               > ```
//                                              ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#cents().
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#format().
    std::string format() const;
//              ^^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#format().
//              kind Method
//              documentation
//              > ```cpp
//              > std::string format() const
//              > ```
//                            ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#format().
  
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#`operator==`().
    bool operator==(const Money& other) const;
//       ^^^^^^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#`operator==`().
//       kind Method
//       documentation
//       > ```cpp
//       > bool operator==(const Money& other) const
//       > ```
//                        ^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#
//                                           ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#`operator==`().
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#operator+().
    Money operator+(const Money& other) const;
//  ^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#
//        ^^^^^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#operator+().
//        kind Method
//        documentation
//        > ```cpp
//        > Money operator+(const Money& other) const
//        > ```
//                        ^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#
//                                           ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#operator+().
  
   private:
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#cents_.
    std::int64_t cents_;
//               ^^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#cents_.
//               kind Field
//               documentation
//               > ```cpp
//               > std::int64_t cents_
//               > ```
//                     ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#cents_.
  };
//⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Currency#
//                      ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Currency#eur.
//                           ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Currency#usd.
  enum class Currency { eur, usd = 840 };
//           ^^^^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Currency#
//           kind Type
//           documentation
//           > ```cpp
//           > enum class Currency
//           > ```
//                      ^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Currency#eur.
//                      kind Constant
//                      documentation
//                      > ```cpp
//                      > eur
//                      > ```
//                           ^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Currency#usd.
//                           kind Constant
//                           documentation
//                           > ```cpp
//                           > usd = 840
//                           > ```
//                        ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Currency#eur.
//                                   ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Currency#usd.
//                                     ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Currency#
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Cents#
  using Cents = std::int64_t;
//      ^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Cents#
//      kind Type
//      documentation
//      > ```cpp
//      > using Cents = std::int64_t
//      > ```
//                          ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Cents#
  
  }  // namespace shop
//⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#
  
//⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/
