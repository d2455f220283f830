#⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/base_store.rb`/
#⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/base_store.rb`/Shop#
 module Shop
# definition codemap gem shop 1.0.0 `lib/shop/base_store.rb`/
#kind File
#       ^^^^ definition codemap gem shop 1.0.0 `lib/shop/base_store.rb`/Shop#
#       kind Interface
#       documentation
#       > ```ruby
#       > module Shop
#       > ```
   # Counts writes.
#  ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/base_store.rb`/Shop#BaseStore#
   class BaseStore
#        ^^^^^^^^^ definition codemap gem shop 1.0.0 `lib/shop/base_store.rb`/Shop#BaseStore#
#        kind Class
#        documentation
#        > ```ruby
#        > class BaseStore
#        > ```
#        documentation
#        > Counts writes.
#    ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/base_store.rb`/Shop#BaseStore#writes.
     attr_reader :writes
#                 ^^^^^^ definition codemap gem shop 1.0.0 `lib/shop/base_store.rb`/Shop#BaseStore#writes.
#                 kind Field
#                 documentation
#                 > ```ruby
#                 > attr_reader :writes
#                 > ```
#                      ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/base_store.rb`/Shop#BaseStore#writes.
 
#    ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/base_store.rb`/Shop#BaseStore#initialize().
     def initialize
#        ^^^^^^^^^^ definition codemap gem shop 1.0.0 `lib/shop/base_store.rb`/Shop#BaseStore#initialize().
#        kind Method
#        documentation
#        > ```ruby
#        > def initialize
#        > ```
       @writes = 0
     end
#      ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/base_store.rb`/Shop#BaseStore#initialize().
 
#    ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/base_store.rb`/Shop#BaseStore#touch().
     def touch
#        ^^^^^ definition codemap gem shop 1.0.0 `lib/shop/base_store.rb`/Shop#BaseStore#touch().
#        kind Method
#        documentation
#        > ```ruby
#        > def touch
#        > ```
       @writes += 1
     end
#      ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/base_store.rb`/Shop#BaseStore#touch().
   end
#    ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/base_store.rb`/Shop#BaseStore#
 end
#  ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/base_store.rb`/Shop#
 
#⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/base_store.rb`/
