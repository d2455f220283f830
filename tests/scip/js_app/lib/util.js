//⌄ enclosing_range_start codemap npm-js js-shop 0.3.0 `lib/util.js`/
  /** Lower case, dashes for spaces. */
// definition codemap npm-js js-shop 0.3.0 `lib/util.js`/
//kind Module
//⌄ enclosing_range_start codemap npm-js js-shop 0.3.0 `lib/util.js`/slugify().
  exports.slugify = function (text) {
//        ^^^^^^^ definition codemap npm-js js-shop 0.3.0 `lib/util.js`/slugify().
//        kind Function
//        documentation
//        > ```javascript
//        > exports.slugify = function (text)
//        > ```
//        documentation
//        > Lower case, dashes for spaces.
    return text.toLowerCase().split(' ').join('-');
  };
//⌃ enclosing_range_end codemap npm-js js-shop 0.3.0 `lib/util.js`/slugify().
  
//⌄ enclosing_range_start codemap npm-js js-shop 0.3.0 `lib/util.js`/VERSION.
  exports.VERSION = '0.3.0';
//        ^^^^^^^ definition codemap npm-js js-shop 0.3.0 `lib/util.js`/VERSION.
//        kind Variable
//        documentation
//        > ```javascript
//        > exports.VERSION = '0.3.0'
//        > ```
//                        ⌃ enclosing_range_end codemap npm-js js-shop 0.3.0 `lib/util.js`/VERSION.
  
//⌄ enclosing_range_start codemap npm-js js-shop 0.3.0 `lib/util.js`/joinAll().
  module.exports.joinAll = (items) => items.map(exports.slugify).join(',');
//               ^^^^^^^ definition codemap npm-js js-shop 0.3.0 `lib/util.js`/joinAll().
//               kind Function
//               documentation
//               > ```javascript
//               > module.exports.joinAll = (items)
//               > ```
//                                                                       ⌃ enclosing_range_end codemap npm-js js-shop 0.3.0 `lib/util.js`/joinAll().
  
//⌃ enclosing_range_end codemap npm-js js-shop 0.3.0 `lib/util.js`/
