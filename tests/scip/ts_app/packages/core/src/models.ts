//⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/
  /** Something with a price. */
// definition codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/
//kind Module
//⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Priced#
  export interface Priced {
//                 ^^^^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Priced#
//                 kind Interface
//                 documentation
//                 > ```typescript
//                 > interface Priced
//                 > ```
//                 documentation
//                 > Something with a price.
//  ⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Priced#price().
    price(): number;
//  ^^^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Priced#price().
//  kind AbstractMethod
//  documentation
//  > ```typescript
//  > price(): number
//  > ```
//                ⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Priced#price().
//  ⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Priced#currency.
    readonly currency: Currency;
//           ^^^^^^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Priced#currency.
//           kind Field
//           documentation
//           > ```typescript
//           > readonly currency: Currency
//           > ```
//                     ^^^^^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Currency#
//                            ⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Priced#currency.
  }
//⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Priced#
  
//⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Currency#
  export enum Currency {
//            ^^^^^^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Currency#
//            kind Type
//            documentation
//            > ```typescript
//            > enum Currency
//            > ```
//  ⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Currency#EUR.
    EUR = "EUR",
//  ^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Currency#EUR.
//  kind Constant
//  documentation
//  > ```typescript
//  > EUR = "EUR"
//  > ```
//            ⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Currency#EUR.
//  ⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Currency#USD.
    USD = "USD",
//  ^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Currency#USD.
//  kind Constant
//  documentation
//  > ```typescript
//  > USD = "USD"
//  > ```
//            ⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Currency#USD.
  }
//⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Currency#
  
//⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Sku#
  export type Sku = string;
//            ^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Sku#
//            kind Type
//            documentation
//            > ```typescript
//            > type Sku = string
//            > ```
//                        ⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Sku#
  
  /** An item of the catalogue. */
//⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#
  export abstract class Item implements Priced {
//                      ^^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#
//                      kind Class
//                      documentation
//                      > ```typescript
//                      > abstract class Item implements Priced
//                      > ```
//                      documentation
//                      > An item of the catalogue.
//                      relationship codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Priced# implementation
//  ⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#currency.
    readonly currency: Currency = Currency.EUR;
//           ^^^^^^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#currency.
//           kind Field
//           documentation
//           > ```typescript
//           > readonly currency: Currency = Currency.EUR
//           > ```
//                     ^^^^^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Currency#
//                                           ⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#currency.
  
//  ⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#constructor().
//              ⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#sku.
//                                 ⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#cents.
    constructor(readonly sku: Sku, protected cents: number) {}
//  ^^^^^^^^^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#constructor().
//  kind Method
//  documentation
//  > ```typescript
//  > constructor(readonly sku: Sku, protected cents: number)
//  > ```
//                       ^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#sku.
//                       kind Field
//                       documentation
//                       > ```typescript
//                       > readonly sku: Sku
//                       > ```
//                            ^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Sku#
//                                           ^^^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#cents.
//                                           kind Field
//                                           documentation
//                                           > ```typescript
//                                           > protected cents: number
//                                           > ```
//                              ⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#sku.
//                                                       ⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#cents.
//                                                           ⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#constructor().
  
//  ⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#price().
    abstract price(): number;
//           ^^^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#price().
//           kind Method
//           documentation
//           > ```typescript
//           > abstract price(): number
//           > ```
//           relationship codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Priced#price(). implementation reference
//                         ⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#price().
  
//  ⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#describe().
    describe(): string {
//  ^^^^^^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#describe().
//  kind Method
//  documentation
//  > ```typescript
//  > describe(): string
//  > ```
      return `${this.sku}: ${this.price()}`;
//                                ^^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#price().
    }
//  ⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#describe().
  }
//⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#
  
//⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Book#
  export class Book extends Item {
//             ^^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Book#
//             kind Class
//             documentation
//             > ```typescript
//             > class Book extends Item
//             > ```
//             relationship codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item# implementation
//                          ^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#
//  ⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Book#pages.
    pages = 0;
//  ^^^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Book#pages.
//  kind Field
//  documentation
//  > ```typescript
//  > pages = 0
//  > ```
//          ⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Book#pages.
  
//  ⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Book#price().
    price(): number {
//  ^^^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Book#price().
//  kind Method
//  documentation
//  > ```typescript
//  > price(): number
//  > ```
//  relationship codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Item#price(). implementation reference
      return this.cents / 100 + Tax.rate(this.cents);
//                                  ^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Tax#rate().
    }
//  ⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Book#price().
  }
//⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Book#
  
//⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/makeBook().
  export function makeBook(sku: Sku, cents: number): Book {
//                ^^^^^^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/makeBook().
//                kind Function
//                documentation
//                > ```typescript
//                > function makeBook(sku: Sku, cents: number): Book
//                > ```
//                              ^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Sku#
//                                                   ^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Book#
    return new Book(sku, cents);
//             ^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Book#
  }
//⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/makeBook().
  
//⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Tax#
  export namespace Tax {
//                 ^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Tax#
//                 kind Namespace
//                 documentation
//                 > ```typescript
//                 > namespace Tax
//                 > ```
//  ⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Tax#rate().
    export function rate(cents: number): number {
//                  ^^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Tax#rate().
//                  kind Function
//                  documentation
//                  > ```typescript
//                  > function rate(cents: number): number
//                  > ```
      return cents * 0.2;
    }
//  ⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Tax#rate().
  }
//⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Tax#
  
//⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/
