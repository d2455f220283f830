//⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/format.ts`/
  import { Currency } from "./models";
// definition codemap npm @shop/core 1.4.0 `packages/core/src/format.ts`/
//kind Module
//                          ^^^^^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/
  
  // Prices for people.
//⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/format.ts`/formatPrice().
  export function formatPrice(value: number, currency: Currency = Currency.EUR): string {
//                ^^^^^^^^^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/format.ts`/formatPrice().
//                kind Function
//                documentation
//                > ```typescript
//                > function formatPrice(value: number, currency: Currency = Currency.EUR): string
//                > ```
//                documentation
//                > Prices for people.
//                                                     ^^^^^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/Currency#
    return `${value.toFixed(2)} ${currency}`;
  }
//⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/format.ts`/formatPrice().
  
//⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/format.ts`/Formatter#
  export default class Formatter {
//                     ^^^^^^^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/format.ts`/Formatter#
//                     kind Class
//                     documentation
//                     > ```typescript
//                     > class Formatter
//                     > ```
//  ⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/format.ts`/Formatter#format().
    format(value: number): string {
//  ^^^^^^ definition codemap npm @shop/core 1.4.0 `packages/core/src/format.ts`/Formatter#format().
//  kind Method
//  documentation
//  > ```typescript
//  > format(value: number): string
//  > ```
      return formatPrice(value);
//           ^^^^^^^^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/format.ts`/formatPrice().
    }
//  ⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/format.ts`/Formatter#format().
  }
//⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/format.ts`/Formatter#
  
//⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/format.ts`/
