//⌄ enclosing_range_start codemap npm shop-web 0.1.0 `src/util/log.ts`/
//             ⌄ enclosing_range_start codemap npm shop-web 0.1.0 `src/util/log.ts`/LEVEL.
  export const LEVEL = 1;
// definition codemap npm shop-web 0.1.0 `src/util/log.ts`/
//kind Module
//             ^^^^^ definition codemap npm shop-web 0.1.0 `src/util/log.ts`/LEVEL.
//             kind Constant
//             documentation
//             > ```typescript
//             > const LEVEL = 1
//             > ```
//                     ⌃ enclosing_range_end codemap npm shop-web 0.1.0 `src/util/log.ts`/LEVEL.
  
//⌄ enclosing_range_start codemap npm shop-web 0.1.0 `src/util/log.ts`/log().
  export function log(message: string): void {
//                ^^^ definition codemap npm shop-web 0.1.0 `src/util/log.ts`/log().
//                kind Function
//                documentation
//                > ```typescript
//                > function log(message: string): void
//                > ```
    console.log(message);
  }
//⌃ enclosing_range_end codemap npm shop-web 0.1.0 `src/util/log.ts`/log().
  
//⌃ enclosing_range_end codemap npm shop-web 0.1.0 `src/util/log.ts`/
