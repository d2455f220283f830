//⌄ enclosing_range_start codemap npm-js js-shop 0.3.0 `lib/app.mjs`/
  import { Store } from './store.js';
// definition codemap npm-js js-shop 0.3.0 `lib/app.mjs`/
//kind Module
//                       ^^^^^^^^^^ reference codemap npm-js js-shop 0.3.0 `lib/store.js`/
  import * as path from 'node:path';
//                       ^^^^^^^^^ reference codemap npm-js path . `ext:path`/
  
  /** Fills a store from the command line. */
//⌄ enclosing_range_start codemap npm-js js-shop 0.3.0 `lib/app.mjs`/run().
  export default function run(args) {
//                        ^^^ definition codemap npm-js js-shop 0.3.0 `lib/app.mjs`/run().
//                        kind Function
//                        documentation
//                        > ```javascript
//                        > function run(args)
//                        > ```
//                        documentation
//                        > Fills a store from the command line.
    const store = new Store();
//                    ^^^^^ reference codemap npm-js js-shop 0.3.0 `lib/store.js`/Store#
    for (const a of args) {
      store.add(path.basename(a));
//          ^^^ reference codemap npm-js js-shop 0.3.0 `lib/store.js`/Store#add().
    }
    return store;
  }
//⌃ enclosing_range_end codemap npm-js js-shop 0.3.0 `lib/app.mjs`/run().
  
//             ⌄ enclosing_range_start codemap npm-js js-shop 0.3.0 `lib/app.mjs`/handlers.
  export const handlers = {
//             ^^^^^^^^ definition codemap npm-js js-shop 0.3.0 `lib/app.mjs`/handlers.
//             kind Constant
//             documentation
//             > ```javascript
//             > const handlers = {
//             > ```
//  ⌄ enclosing_range_start codemap npm-js js-shop 0.3.0 `lib/app.mjs`/handlers#onAdd().
    onAdd(slug) {
//  ^^^^^ definition codemap npm-js js-shop 0.3.0 `lib/app.mjs`/handlers#onAdd().
//  kind Method
//  documentation
//  > ```javascript
//  > onAdd(slug) {
//  > ```
      return slug;
    },
//  ⌃ enclosing_range_end codemap npm-js js-shop 0.3.0 `lib/app.mjs`/handlers#onAdd().
  };
//⌃ enclosing_range_end codemap npm-js js-shop 0.3.0 `lib/app.mjs`/handlers.
  
  [1, 2].forEach(function each(n) {
    const local = n * 2;
    return local;
  });
  
//⌃ enclosing_range_end codemap npm-js js-shop 0.3.0 `lib/app.mjs`/
