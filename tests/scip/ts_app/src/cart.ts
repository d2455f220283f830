//⌄ enclosing_range_start codemap npm shop-web 0.1.0 `src/cart.ts`/
  import { Book, makeBook, price, type Priced } from "@shop/core";
// definition codemap npm shop-web 0.1.0 `src/cart.ts`/
//kind Module
//                                                    ^^^^^^^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/index.ts`/
  import Formatter from "@shop/core/format";
//                       ^^^^^^^^^^^^^^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/format.ts`/
  import { log } from "@app/util/log";
//                     ^^^^^^^^^^^^^ reference codemap npm shop-web 0.1.0 `src/util/log.ts`/
  import * as legacy from "./legacy.js";
//                         ^^^^^^^^^^^ reference codemap npm-js shop-web 0.1.0 `src/legacy.js`/
  import { EventEmitter } from "node:events";
//                              ^^^^^^^^^^^ reference codemap npm events . `ext:events`/
  
  /** A shopping cart. */
//⌄ enclosing_range_start codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#
  export class Cart extends EventEmitter {
//             ^^^^ definition codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#
//             kind Class
//             documentation
//             > ```typescript
//             > class Cart extends EventEmitter
//             > ```
//             documentation
//             > A shopping cart.
//  ⌄ enclosing_range_start codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#items.
    private items: Priced[] = [];
//          ^^^^^ definition codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#items.
//          kind Field
//          documentation
//          > ```typescript
//          > private items: Priced[] = []
//          > ```
//                 ^^^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Priced#
//                             ⌃ enclosing_range_end codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#items.
//  ⌄ enclosing_range_start codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#formatter.
    private formatter = new Formatter();
//          ^^^^^^^^^ definition codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#formatter.
//          kind Field
//          documentation
//          > ```typescript
//          > private formatter = new Formatter()
//          > ```
//                          ^^^^^^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/format.ts`/Formatter#
//                                    ⌃ enclosing_range_end codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#formatter.
  
//  ⌄ enclosing_range_start codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#add().
    add(item: Priced): void {
//  ^^^ definition codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#add().
//  kind Method
//  documentation
//  > ```typescript
//  > add(item: Priced): void
//  > ```
//            ^^^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Priced#
      this.items.push(item);
      this.emit("added", item);
      log(this.summary());
//    ^^^ reference codemap npm shop-web 0.1.0 `src/util/log.ts`/log().
//             ^^^^^^^ reference codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#summary().
    }
//  ⌃ enclosing_range_end codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#add().
  
//  ⌄ enclosing_range_start codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#total().
    total(): number {
//  ^^^^^ definition codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#total().
//  kind Method
//  documentation
//  > ```typescript
//  > total(): number
//  > ```
      return legacy.legacyTotal(this.items);
//                  ^^^^^^^^^^^ reference codemap npm-js shop-web 0.1.0 `src/legacy.js`/legacyTotal().
    }
//  ⌃ enclosing_range_end codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#total().
  
//  ⌄ enclosing_range_start codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#summary().
    summary(): string {
//  ^^^^^^^ definition codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#summary().
//  kind Method
//  documentation
//  > ```typescript
//  > summary(): string
//  > ```
      return this.formatter.format(this.total());
//                          ^^^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/format.ts`/Formatter#format().
//                                      ^^^^^ reference codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#total().
    }
//  ⌃ enclosing_range_end codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#summary().
  }
//⌃ enclosing_range_end codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#
  
//             ⌄ enclosing_range_start codemap npm shop-web 0.1.0 `src/cart.ts`/checkout().
  export const checkout = (cart: Cart): string => {
//             ^^^^^^^^ definition codemap npm shop-web 0.1.0 `src/cart.ts`/checkout().
//             kind Function
//             documentation
//             > ```typescript
//             > const checkout = (cart: Cart): string
//             > ```
//                               ^^^^ reference codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#
    const book = makeBook("b-1", 1250);
//               ^^^^^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/makeBook().
    book.describe();
//       ^^^^^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#describe().
    cart.add(book);
//       ^^^ reference codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#add().
    return price(cart.total());
//         ^^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/format.ts`/formatPrice().
//                    ^^^^^ reference codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#total().
  };
//⌃ enclosing_range_end codemap npm shop-web 0.1.0 `src/cart.ts`/checkout().
  
//⌄ enclosing_range_start codemap npm shop-web 0.1.0 `src/cart.ts`/firstBook().
  export function firstBook(): Book {
//                ^^^^^^^^^ definition codemap npm shop-web 0.1.0 `src/cart.ts`/firstBook().
//                kind Function
//                documentation
//                > ```typescript
//                > function firstBook(): Book
//                > ```
//                             ^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Book#
    return makeBook("b-0", 900);
//         ^^^^^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/makeBook().
  }
//⌃ enclosing_range_end codemap npm shop-web 0.1.0 `src/cart.ts`/firstBook().
  
//⌃ enclosing_range_end codemap npm shop-web 0.1.0 `src/cart.ts`/
