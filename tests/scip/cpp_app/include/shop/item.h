//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/item.h`/
  #pragma once
// definition codemap conan-cpp shop 0.3.0 `include/shop/item.h`/
//kind File
  
  #include "shop/money.hpp"
//          ^^^^^^^^^^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#
  namespace shop::catalog {
//                ^^^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#
//                kind Namespace
//                documentation
//                > ```cpp
//                > namespace shop::catalog
//                > ```
//                documentation
//                > namespace shop::catalog
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Flag#
//            ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#FLAG_NONE.
//                       ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#FLAG_FRAGILE.
  enum Flag { FLAG_NONE, FLAG_FRAGILE };
//     ^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Flag#
//     kind Type
//     documentation
//     > ```cpp
//     > enum Flag
//     > ```
//            ^^^^^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#FLAG_NONE.
//            kind Constant
//            documentation
//            > ```cpp
//            > FLAG_NONE
//            > ```
//                       ^^^^^^^^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#FLAG_FRAGILE.
//                       kind Constant
//                       documentation
//                       > ```cpp
//                       > FLAG_FRAGILE
//                       > ```
//                    ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#FLAG_NONE.
//                                  ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#FLAG_FRAGILE.
//                                    ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Flag#
  
  /// Anything that can be sold.
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Item#
  class Item {
//      ^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Item#
//      kind Class
//      documentation
//      > ```cpp
//      > class Item
//      > ```
//      documentation
//      > Anything that can be sold.
   public:
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Item#`~Item`().
    virtual ~Item() = default;
//          ^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Item#`~Item`().
//          kind Method
//          documentation
//          > ```cpp
//          > virtual ~Item()
//          > ```
//                           ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Item#`~Item`().
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Item#price().
    virtual Money price() const = 0;
//          ^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#
//                ^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Item#price().
//                kind Method
//                documentation
//                > ```cpp
//                > virtual Money price() const = 0
//                > ```
//                                 ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Item#price().
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Item#name().
    virtual const char* name() const = 0;
//                      ^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Item#name().
//                      kind Method
//                      documentation
//                      > ```cpp
//                      > virtual const char* name() const = 0
//                      > ```
//                                      ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Item#name().
  };
//⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Item#
  
  /// A book, sold at its cover price.
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Book#
  class Book : public Item {
//      ^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Book#
//      kind Class
//      documentation
//      > ```cpp
//      > class Book : public Item
//      > ```
//      documentation
//      > A book, sold at its cover price.
//      relationship codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Item# implementation
//                    ^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Item#
   public:
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Book#Book().
    Book(const char* title, Money cover);
//  ^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Book#Book().
//  kind Method
//  documentation
//  > ```cpp
//  > Book(const char* title, Money cover)
//  > ```
//                          ^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#
//                                      ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Book#Book().
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Book#price().
    Money price() const override;
//  ^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#
//        ^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Book#price().
//        kind Method
//        documentation
//        > ```cpp
//        > Money price() const override
//        > ```
//        relationship codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Item#price(). implementation reference
//                              ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Book#price().
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Book#name().
    const char* name() const override;
//              ^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Book#name().
//              kind Method
//              documentation
//              > ```cpp
//              > const char* name() const override
//              > ```
//              relationship codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Item#name(). implementation reference
//                                   ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Book#name().
  
   private:
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Book#title_.
    const char* title_;
//              ^^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Book#title_.
//              kind Field
//              documentation
//              > ```cpp
//              > const char* title_
//              > ```
//                    ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Book#title_.
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Book#cover_.
    Money cover_;
//  ^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#
//        ^^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Book#cover_.
//        kind Field
//        documentation
//        > ```cpp
//        > Money cover_
//        > ```
//              ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Book#cover_.
  };
//⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Book#
  
  }  // namespace shop::catalog
//⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#
  
//⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/item.h`/
