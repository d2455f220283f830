#⌄ enclosing_range_start codemap gem shop 1.0.0 `shop.gemspec`/
 # frozen_string_literal: true
# definition codemap gem shop 1.0.0 `shop.gemspec`/
#kind File
 
 require_relative "lib/shop/version"
#^^^^^^^^^^^^^^^^ reference codemap gem shop 1.0.0 `lib/shop/version.rb`/
 
 Gem::Specification.new do |s|
   s.name = "shop"
   s.version = "1.0.0"
   s.summary = "A small shop"
   s.files = Dir["lib/**/*.rb"]
 end
 
#⌃ enclosing_range_end codemap gem shop 1.0.0 `shop.gemspec`/
