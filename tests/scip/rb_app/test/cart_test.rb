#⌄ enclosing_range_start codemap gem shop 1.0.0 `test/cart_test.rb`/
 require "minitest/autorun"
# definition codemap gem shop 1.0.0 `test/cart_test.rb`/
#kind File
#         ^^^^^^^^^^^^^^^^ reference codemap gem minitest . `ext:minitest`/
 require_relative "../lib/shop/cart"
#                  ^^^^^^^^^^^^^^^^ reference codemap gem shop 1.0.0 `lib/shop/cart.rb`/
 
#⌄ enclosing_range_start codemap gem shop 1.0.0 `test/cart_test.rb`/CartTest#
 class CartTest < Minitest::Test
#      ^^^^^^^^ definition codemap gem shop 1.0.0 `test/cart_test.rb`/CartTest#
#      kind Class
#      documentation
#      > ```ruby
#      > class CartTest < Minitest::Test
#      > ```
#  ⌄ enclosing_range_start codemap gem shop 1.0.0 `test/cart_test.rb`/CartTest#test_add().
   def test_add
#      ^^^^^^^^ definition codemap gem shop 1.0.0 `test/cart_test.rb`/CartTest#test_add().
#      kind Method
#      documentation
#      > ```ruby
#      > def test_add
#      > ```
     cart = Shop::Cart.new("bo")
#                      ^^^ reference codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#
     cart.add(Shop::Item.new("pen", 2))
#         ^^^ reference codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#add().
#                        ^^^ reference codemap gem shop 1.0.0 `lib/shop/item.rb`/Shop#Item#
     assert_equal 2, cart.total
#                         ^^^^^ reference codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#total().
   end
#    ⌃ enclosing_range_end codemap gem shop 1.0.0 `test/cart_test.rb`/CartTest#test_add().
 end
#  ⌃ enclosing_range_end codemap gem shop 1.0.0 `test/cart_test.rb`/CartTest#
 
#⌃ enclosing_range_end codemap gem shop 1.0.0 `test/cart_test.rb`/
