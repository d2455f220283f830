#⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/item.rb`/
#⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/item.rb`/Shop#
 module Shop
# definition codemap gem shop 1.0.0 `lib/shop/item.rb`/
#kind File
#       ^^^^ definition codemap gem shop 1.0.0 `lib/shop/item.rb`/Shop#
#       kind Interface
#       documentation
#       > ```ruby
#       > module Shop
#       > ```
   # An item on sale.
#  ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/item.rb`/Shop#Item#
   Item = Struct.new(:name, :price) do
#  ^^^^ definition codemap gem shop 1.0.0 `lib/shop/item.rb`/Shop#Item#
#  kind Class
#  documentation
#  > ```ruby
#  > Item = Struct.new(:name, :price) do
#  > ```
#  documentation
#  > An item on sale.
#    ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/item.rb`/Shop#Item#label().
     def label
#        ^^^^^ definition codemap gem shop 1.0.0 `lib/shop/item.rb`/Shop#Item#label().
#        kind Method
#        documentation
#        > ```ruby
#        > def label
#        > ```
       "#{name} (#{price})"
     end
#      ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/item.rb`/Shop#Item#label().
   end
#    ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/item.rb`/Shop#Item#
 end
#  ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/item.rb`/Shop#
 
#⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/item.rb`/
