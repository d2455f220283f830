#⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/version.rb`/
#⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/version.rb`/Shop#
 module Shop
# definition codemap gem shop 1.0.0 `lib/shop/version.rb`/
#kind File
#       ^^^^ definition codemap gem shop 1.0.0 `lib/shop/version.rb`/Shop#
#       kind Interface
#       documentation
#       > ```ruby
#       > module Shop
#       > ```
#  ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/version.rb`/Shop#VERSION.
   VERSION = "1.0.0"
#  ^^^^^^^ definition codemap gem shop 1.0.0 `lib/shop/version.rb`/Shop#VERSION.
#  kind Constant
#  documentation
#  > ```ruby
#  > VERSION = "1.0.0"
#  > ```
#                  ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/version.rb`/Shop#VERSION.
 end
#  ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/version.rb`/Shop#
 
#⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/version.rb`/
