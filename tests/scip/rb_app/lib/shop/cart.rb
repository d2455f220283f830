#⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/cart.rb`/
 require "json"
# definition codemap gem shop 1.0.0 `lib/shop/cart.rb`/
#kind File
#         ^^^^ reference codemap gem json . `ext:json`/
 require_relative "base_store"
#^^^^^^^^^^^^^^^^ reference codemap gem shop 1.0.0 `lib/shop/base_store.rb`/
 require_relative "priced"
#^^^^^^^^^^^^^^^^ reference codemap gem shop 1.0.0 `lib/shop/priced.rb`/
 require_relative "logging"
#^^^^^^^^^^^^^^^^ reference codemap gem shop 1.0.0 `lib/shop/logging.rb`/
 
#⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#
 module Shop
#       ^^^^ definition codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#
#       kind Interface
#       documentation
#       > ```ruby
#       > module Shop
#       > ```
   # A cart of items.
#  ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#
   class Cart < BaseStore
#        ^^^^ definition codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#
#        kind Class
#        documentation
#        > ```ruby
#        > class Cart < BaseStore
#        > ```
#        documentation
#        > A cart of items.
#        relationship codemap gem shop 1.0.0 `lib/shop/base_store.rb`/Shop#BaseStore# implementation
#        relationship codemap gem shop 1.0.0 `lib/shop/priced.rb`/Shop#Priced# implementation
#               ^^^^^^^^^ reference codemap gem shop 1.0.0 `lib/shop/base_store.rb`/Shop#BaseStore#
     include Priced
#            ^^^^^^ reference codemap gem shop 1.0.0 `lib/shop/priced.rb`/Shop#Priced#
     include Comparable
 
#    ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#MAX_ITEMS.
     MAX_ITEMS = 10
#    ^^^^^^^^^ definition codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#MAX_ITEMS.
#    kind Constant
#    documentation
#    > ```ruby
#    > MAX_ITEMS = 10
#    > ```
#                 ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#MAX_ITEMS.
 
#    ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#owner.
     attr_accessor :owner
#                   ^^^^^ definition codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#owner.
#                   kind Field
#                   documentation
#                   > ```ruby
#                   > attr_accessor :owner
#                   > ```
#                       ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#owner.
 
#    ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#initialize().
     def initialize(owner)
#        ^^^^^^^^^^ definition codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#initialize().
#        kind Method
#        documentation
#        > ```ruby
#        > def initialize(owner)
#        > ```
#        relationship codemap gem shop 1.0.0 `lib/shop/base_store.rb`/Shop#BaseStore#initialize(). implementation reference
       super()
       @owner = owner
       @items = []
     end
#      ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#initialize().
 
     # An empty cart with no owner.
#    ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#empty().
     def self.empty
#             ^^^^^ definition codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#empty().
#             kind Function
#             documentation
#             > ```ruby
#             > def self.empty
#             > ```
#             documentation
#             > An empty cart with no owner.
       new(nil)
#      ^^^ reference codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#
     end
#      ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#empty().
 
#    ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#add().
     def add(item)
#        ^^^ definition codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#add().
#        kind Method
#        documentation
#        > ```ruby
#        > def add(item)
#        > ```
       touch
#      ^^^^^ reference codemap gem shop 1.0.0 `lib/shop/base_store.rb`/Shop#BaseStore#touch().
       @items << item
       log("added #{item.name}")
#      ^^^ reference codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#log().
       self
     end
#      ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#add().
 
#    ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#total().
     def total
#        ^^^^^ definition codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#total().
#        kind Method
#        documentation
#        > ```ruby
#        > def total
#        > ```
       @items.sum { |i| price_of(i) }
#                       ^^^^^^^^ reference codemap gem shop 1.0.0 `lib/shop/priced.rb`/Shop#Priced#price_of().
     end
#      ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#total().
 
#    ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#`full?`().
     def full?
#        ^^^^^ definition codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#`full?`().
#        kind Method
#        documentation
#        > ```ruby
#        > def full?
#        > ```
       @items.size >= MAX_ITEMS
     end
#      ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#`full?`().
 
#    ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#`<=>`().
     def <=>(other)
#        ^^^ definition codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#`<=>`().
#        kind Method
#        documentation
#        > ```ruby
#        > def <=>(other)
#        > ```
       total <=> other.total
     end
#      ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#`<=>`().
 
#    ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#to_json().
     def to_json(*args)
#        ^^^^^^^ definition codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#to_json().
#        kind Method
#        documentation
#        > ```ruby
#        > def to_json(*args)
#        > ```
       JSON.generate(@items.map(&:to_h), *args)
     end
#      ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#to_json().
 
#    ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#`<<`().
     alias_method :<<, :add
#                  ^^ definition codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#`<<`().
#                  kind Method
#                  documentation
#                  > ```ruby
#                  > alias_method :<<, :add
#                  > ```
#                         ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#`<<`().
 
     private
 
#    ⌄ enclosing_range_start codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#log().
     def log(msg)
#        ^^^ definition codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#log().
#        kind Method
#        documentation
#        > ```ruby
#        > def log(msg)
#        > ```
       Logging.line(msg)
#              ^^^^ reference codemap gem shop 1.0.0 `lib/shop/logging.rb`/Shop#Logging#line().
     end
#      ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#log().
   end
#    ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#Cart#
 end
#  ⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/cart.rb`/Shop#
 
#⌃ enclosing_range_end codemap gem shop 1.0.0 `lib/shop/cart.rb`/
