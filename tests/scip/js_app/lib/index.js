//⌄ enclosing_range_start codemap npm-js js-shop 0.3.0 `lib/index.js`/
  'use strict';
// definition codemap npm-js js-shop 0.3.0 `lib/index.js`/
//kind Module
//documentation
//> The package's entry: the store and its helpers.
  /** @fileoverview The package's entry: the store and its helpers. */
  const { Store } = require('./store');
//                           ^^^^^^^ reference codemap npm-js js-shop 0.3.0 `lib/store.js`/
  const util = require('./util');
//                      ^^^^^^ reference codemap npm-js js-shop 0.3.0 `lib/util.js`/
  
  module.exports = { Store, util };
  
//⌃ enclosing_range_end codemap npm-js js-shop 0.3.0 `lib/index.js`/
