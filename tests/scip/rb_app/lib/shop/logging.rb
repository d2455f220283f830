#⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/logging.rb`/
#⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/logging.rb`/Shop#
 module Shop
# definition codemap gem shop 1.0.0 `lib/shop/logging.rb`/
#kind File
#       ^^^^ definition codemap gem shop 1.0.0 `lib/shop/logging.rb`/Shop#
#       kind Interface
#       documentation
#       > ```ruby
#       > module Shop
#       > ```
#  ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/logging.rb`/Shop#Logging#
   module Logging
#         ^^^^^^^ definition codemap gem shop 1.0.0 `lib/shop/logging.rb`/Shop#Logging#
#         kind Interface
#         documentation
#         > ```ruby
#         > module Logging
#         > ```
     # Prints one line.
#    ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/logging.rb`/Shop#Logging#line().
     def self.line(msg)
#             ^^^^ definition codemap gem shop 1.0.0 `lib/shop/logging.rb`/Shop#Logging#line().
#             kind Function
#             documentation
#             > ```ruby
#             > def self.line(msg)
#             > ```
#             documentation
#             > Prints one line.
       puts "[shop] #{msg}"
     end
#      ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/logging.rb`/Shop#Logging#line().
   end
#    ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/logging.rb`/Shop#Logging#
 end
#  ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/logging.rb`/Shop#
 
#⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/logging.rb`/
