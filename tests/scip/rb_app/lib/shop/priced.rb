#⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/priced.rb`/
#⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/priced.rb`/Shop#
 module Shop
# definition codemap gem shop 1.0.0 `lib/shop/priced.rb`/
#kind File
#       ^^^^ definition codemap gem shop 1.0.0 `lib/shop/priced.rb`/Shop#
#       kind Interface
#       documentation
#       > ```ruby
#       > module Shop
#       > ```
   # Prices items at a rate.
#  ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/priced.rb`/Shop#Priced#
   module Priced
#         ^^^^^^ definition codemap gem shop 1.0.0 `lib/shop/priced.rb`/Shop#Priced#
#         kind Interface
#         documentation
#         > ```ruby
#         > module Priced
#         > ```
#         documentation
#         > Prices items at a rate.
#    ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/priced.rb`/Shop#Priced#price_of().
     def price_of(item)
#        ^^^^^^^^ definition codemap gem shop 1.0.0 `lib/shop/priced.rb`/Shop#Priced#price_of().
#        kind AbstractMethod
#        documentation
#        > ```ruby
#        > def price_of(item)
#        > ```
       item.price * rate
     end
#      ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/priced.rb`/Shop#Priced#price_of().
 
#    ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/priced.rb`/Shop#Priced#rate().
     def rate
#        ^^^^ definition codemap gem shop 1.0.0 `lib/shop/priced.rb`/Shop#Priced#rate().
#        kind AbstractMethod
#        documentation
#        > ```ruby
#        > def rate
#        > ```
       1
     end
#      ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/priced.rb`/Shop#Priced#rate().
   end
#    ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/priced.rb`/Shop#Priced#
 end
#  ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/priced.rb`/Shop#
 
#⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/priced.rb`/
