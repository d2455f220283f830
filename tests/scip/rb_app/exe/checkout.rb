#⌄ enclosing_range_start codemap gem shop 1.0.0 `exe/checkout.rb`/
 require "shop"
# definition codemap gem shop 1.0.0 `exe/checkout.rb`/
#kind File
#         ^^^^ reference codemap gem shop 1.0.0 `lib/shop.rb`/
 require "shop/cart/discounts"
#         ^^^^^^^^^^^^^^^^^^^ reference codemap gem shop 1.0.0 `lib/shop/cart/discounts.rb`/
 
 cart = Shop.open("ann")
#            ^^^^ reference codemap gem shop 1.0.0 `lib/shop.rb`/Shop#open().
 cart.add(Shop::Item.new("tea", 3))
#                    ^^^ reference codemap gem shop 1.0.0 `lib/shop/item.rb`/Shop#Item#
 spare = Shop::Cart.empty
#                   ^^^^^ reference codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#empty().
 puts cart.discount(10)
 puts spare.full?
 
#⌃ enclosing_range_end codemap gem shop 1.0.0 `exe/checkout.rb`/
