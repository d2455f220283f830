#⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop.rb`/
 # frozen_string_literal: true
# definition codemap gem shop 1.0.0 `lib/shop.rb`/
#kind File
 
 require "shop/version"
#         ^^^^^^^^^^^^ reference codemap gem shop 1.0.0 `lib/shop/version.rb`/
 require "shop/cart"
#         ^^^^^^^^^ reference codemap gem shop 1.0.0 `lib/shop/cart.rb`/
 require "shop/item"
#         ^^^^^^^^^ reference codemap gem shop 1.0.0 `lib/shop/item.rb`/
 
 # The shop: carts of priced items.
#⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop.rb`/Shop#
 module Shop
#       ^^^^ definition codemap gem shop 1.0.0 `lib/shop.rb`/Shop#
#       kind Interface
#       documentation
#       > ```ruby
#       > module Shop
#       > ```
#       documentation
#       > The shop: carts of priced items.
   # Opens a cart for an owner.
#  ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop.rb`/Shop#open().
   def self.open(owner)
#           ^^^^ definition codemap gem shop 1.0.0 `lib/shop.rb`/Shop#open().
#           kind Function
#           documentation
#           > ```ruby
#           > def self.open(owner)
#           > ```
#           documentation
#           > Opens a cart for an owner.
     Cart.new(owner)
#         ^^^ reference codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#
   end
#    ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop.rb`/Shop#open().
 end
#  ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop.rb`/Shop#
 
#⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop.rb`/
