//⌄ enclosing_range_start codemap npm-js shop-web 0.1.0 `src/legacy.js`/
  // The old checkout, still in JavaScript.
// definition codemap npm-js shop-web 0.1.0 `src/legacy.js`/
//kind Module
//⌄ enclosing_range_start codemap npm-js shop-web 0.1.0 `src/legacy.js`/legacyTotal().
  function legacyTotal(items) {
//         ^^^^^^^^^^^ definition codemap npm-js shop-web 0.1.0 `src/legacy.js`/legacyTotal().
//         kind Function
//         documentation
//         > ```javascript
//         > function legacyTotal(items)
//         > ```
//         documentation
//         > The old checkout, still in JavaScript.
    return items.reduce((sum, i) => sum + i.price(), 0);
  }
//⌃ enclosing_range_end codemap npm-js shop-web 0.1.0 `src/legacy.js`/legacyTotal().
  
  module.exports = { legacyTotal };
  
//⌃ enclosing_range_end codemap npm-js shop-web 0.1.0 `src/legacy.js`/
