//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/
  #pragma once
// definition codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/
//kind File
  
  #include <vector>
//          ^^^^^^ reference codemap conan-cpp vector . `ext:vector`/
  
  #include "shop/item.h"
//          ^^^^^^^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/item.h`/
  #include "legacy.h"
//          ^^^^^^^^ reference codemap conan shop 0.3.0 `include/legacy.h`/
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#
  namespace shop {
//          ^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#
//          kind Namespace
//          documentation
//          > ```cpp
//          > namespace shop
//          > ```
//          documentation
//          > namespace shop
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Stack#
  template <typename T>
  class Stack {
//      ^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Stack#
//      kind Class
//      documentation
//      > ```cpp
//      > class Stack
//      > ```
   public:
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Stack#push().
    void push(const T& value) { items_.push_back(value); }
//       ^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Stack#push().
//       kind Method
//       documentation
//       > ```cpp
//       > void push(const T& value)
//       > ```
//                                                       ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Stack#push().
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Stack#empty().
    bool empty() const { return items_.empty(); }
//       ^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Stack#empty().
//       kind Method
//       documentation
//       > ```cpp
//       > bool empty() const
//       > ```
//                                              ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Stack#empty().
  
   private:
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Stack#items_.
    std::vector<T> items_;
//                 ^^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Stack#items_.
//                 kind Field
//                 documentation
//                 > ```cpp
//                 > std::vector<T> items_
//                 > ```
//                       ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Stack#items_.
  };
// ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Stack#
  
  /// A shopping cart.
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#
  struct Cart {
//       ^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#
//       kind Struct
//       documentation
//       > ```cpp
//       > struct Cart
//       > ```
//       documentation
//       > A shopping cart.
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#Cart().
    Cart();
//  ^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#Cart().
//  kind Method
//  documentation
//  > ```cpp
//  > Cart()
//  > ```
//        ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#Cart().
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#`~Cart`().
    ~Cart();
//  ^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#`~Cart`().
//  kind Method
//  documentation
//  > ```cpp
//  > ~Cart()
//  > ```
//         ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#`~Cart`().
  
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#add().
    void add(const catalog::Item* item);
//       ^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#add().
//       kind Method
//       documentation
//       > ```cpp
//       > void add(const catalog::Item* item)
//       > ```
//                          ^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Item#
//                                     ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#add().
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#`add~2`().
    void add(const catalog::Item* item, int quantity);
//       ^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#`add~2`().
//       kind Method
//       documentation
//       > ```cpp
//       > void add(const catalog::Item* item, int quantity)
//       > ```
//                          ^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Item#
//                                                   ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#`add~2`().
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#total().
    Money total() const;
//  ^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#
//        ^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#total().
//        kind Method
//        documentation
//        > ```cpp
//        > Money total() const
//        > ```
//                     ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#total().
  
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#lines.
    Stack<const catalog::Item*> lines;
//  ^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Stack#
//                       ^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/item.h`/shop#catalog#Item#
//                              ^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#lines.
//                              kind Field
//                              documentation
//                              > ```cpp
//                              > Stack<const catalog::Item*> lines
//                              > ```
//                                   ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#lines.
//  ⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#count.
    int count = 0;
//      ^^^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#count.
//      kind Field
//      documentation
//      > ```cpp
//      > int count = 0
//      > ```
//               ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#count.
  };
//⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#
  
//⌄ enclosing_range_start codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#sum().
  Money sum(const Cart& cart);
//^^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/money.hpp`/shop#Money#
//      ^^^ definition codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#sum().
//      kind Function
//      documentation
//      > ```cpp
//      > Money sum(const Cart& cart)
//      > ```
//                ^^^^ reference codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#Cart#
//                           ⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#sum().
  
  }  // namespace shop
//⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/shop#
  
//⌃ enclosing_range_end codemap conan-cpp shop 0.3.0 `include/shop/cart.hpp`/
