//⌄ enclosing_range_start codemap npm-js js-shop 0.3.0 `lib/store.js`/
  const EventEmitter = require('events');
// definition codemap npm-js js-shop 0.3.0 `lib/store.js`/
//kind Module
//                              ^^^^^^ reference codemap npm-js events . `ext:events`/
  const { slugify } = require('./util');
//                             ^^^^^^ reference codemap npm-js js-shop 0.3.0 `lib/util.js`/
  
//      ⌄ enclosing_range_start codemap npm-js js-shop 0.3.0 `lib/store.js`/MAX_ITEMS.
  const MAX_ITEMS = 100;
//      ^^^^^^^^^ definition codemap npm-js js-shop 0.3.0 `lib/store.js`/MAX_ITEMS.
//      kind Constant
//      documentation
//      > ```javascript
//      > const MAX_ITEMS = 100
//      > ```
//                    ⌃ enclosing_range_end codemap npm-js js-shop 0.3.0 `lib/store.js`/MAX_ITEMS.
  
  /** Items by their slug. */
//⌄ enclosing_range_start codemap npm-js js-shop 0.3.0 `lib/store.js`/Store#
  class Store extends EventEmitter {
//      ^^^^^ definition codemap npm-js js-shop 0.3.0 `lib/store.js`/Store#
//      kind Class
//      documentation
//      > ```javascript
//      > class Store extends EventEmitter
//      > ```
//      documentation
//      > Items by their slug.
//  ⌄ enclosing_range_start codemap npm-js js-shop 0.3.0 `lib/store.js`/Store#constructor().
    constructor() {
//  ^^^^^^^^^^^ definition codemap npm-js js-shop 0.3.0 `lib/store.js`/Store#constructor().
//  kind Method
//  documentation
//  > ```javascript
//  > constructor()
//  > ```
      super();
      this.items = new Map();
    }
//  ⌃ enclosing_range_end codemap npm-js js-shop 0.3.0 `lib/store.js`/Store#constructor().
  
//  ⌄ enclosing_range_start codemap npm-js js-shop 0.3.0 `lib/store.js`/Store#add().
    add(name) {
//  ^^^ definition codemap npm-js js-shop 0.3.0 `lib/store.js`/Store#add().
//  kind Method
//  documentation
//  > ```javascript
//  > add(name)
//  > ```
      const slug = slugify(name);
//                 ^^^^^^^ reference codemap npm-js js-shop 0.3.0 `lib/util.js`/slugify().
      validate(slug);
//    ^^^^^^^^ reference codemap npm-js js-shop 0.3.0 `lib/store.js`/validate().
      this.items.set(slug, name);
      this.emit('add', slug);
      return slug;
    }
//  ⌃ enclosing_range_end codemap npm-js js-shop 0.3.0 `lib/store.js`/Store#add().
  
//  ⌄ enclosing_range_start codemap npm-js js-shop 0.3.0 `lib/store.js`/Store#size.
    get size() {
//      ^^^^ definition codemap npm-js js-shop 0.3.0 `lib/store.js`/Store#size.
//      kind Field
//      documentation
//      > ```javascript
//      > get size()
//      > ```
      return this.items.size;
    }
//  ⌃ enclosing_range_end codemap npm-js js-shop 0.3.0 `lib/store.js`/Store#size.
  }
//⌃ enclosing_range_end codemap npm-js js-shop 0.3.0 `lib/store.js`/Store#
  
//⌄ enclosing_range_start codemap npm-js js-shop 0.3.0 `lib/store.js`/validate().
  function validate(slug) {
//         ^^^^^^^^ definition codemap npm-js js-shop 0.3.0 `lib/store.js`/validate().
//         kind Function
//         documentation
//         > ```javascript
//         > function validate(slug)
//         > ```
    if (slug.length > MAX_ITEMS) {
      throw new Error('too long');
    }
  }
//⌃ enclosing_range_end codemap npm-js js-shop 0.3.0 `lib/store.js`/validate().
  
  module.exports = { Store, validate };
  
//⌃ enclosing_range_end codemap npm-js js-shop 0.3.0 `lib/store.js`/
