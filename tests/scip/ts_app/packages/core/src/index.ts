//⌄ enclosing_range_start codemap npm @shop/core 1.4.0 `packages/core/src/index.ts`/
  /**
// definition codemap npm @shop/core 1.4.0 `packages/core/src/index.ts`/
//kind Module
//documentation
//> The shop's domain: items, prices and taxes.
   * @packageDocumentation
   * The shop's domain: items, prices and taxes.
   */
  export * from "./models";
//               ^^^^^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/models.ts`/
  export { formatPrice as price } from "./format";
//                                      ^^^^^^^^ reference codemap npm @shop/core 1.4.0 `packages/core/src/format.ts`/
  
//⌃ enclosing_range_end codemap npm @shop/core 1.4.0 `packages/core/src/index.ts`/
