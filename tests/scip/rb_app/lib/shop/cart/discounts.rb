#⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/cart/discounts.rb`/
#⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/cart/discounts.rb`/Shop#
 module Shop
# definition codemap gem shop 1.0.0 `lib/shop/cart/discounts.rb`/
#kind File
#       ^^^^ definition codemap gem shop 1.0.0 `lib/shop/cart/discounts.rb`/Shop#
#       kind Interface
#       documentation
#       > ```ruby
#       > module Shop
#       > ```
   # Discounts, opened again beside the cart.
#  ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/cart/discounts.rb`/Shop#Cart#
   class Cart
#        ^^^^ definition codemap gem shop 1.0.0 `lib/shop/cart/discounts.rb`/Shop#Cart#
#        kind Class
#        documentation
#        > ```ruby
#        > class Cart
#        > ```
#        documentation
#        > Discounts, opened again beside the cart.
#    ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/cart/discounts.rb`/Shop#Cart#discount().
     def discount(pct)
#        ^^^^^^^^ definition codemap gem shop 1.0.0 `lib/shop/cart/discounts.rb`/Shop#Cart#discount().
#        kind Method
#        documentation
#        > ```ruby
#        > def discount(pct)
#        > ```
       total * pct / 100
     end
#      ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/cart/discounts.rb`/Shop#Cart#discount().
   end
#    ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/cart/discounts.rb`/Shop#Cart#
 end
#  ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/cart/discounts.rb`/Shop#
 
#⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/cart/discounts.rb`/
