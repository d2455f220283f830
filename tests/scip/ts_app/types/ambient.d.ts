//⌄ enclosing_range_start codemap npm shop-web 0.1.0 `types/ambient.d.ts`/
  // What the app uses from outside, declared here so that the fixture type-checks offline.
// definition codemap npm shop-web 0.1.0 `types/ambient.d.ts`/
//kind Module
  
  declare module "node:events" {
//  ⌄ enclosing_range_start codemap npm shop-web 0.1.0 `types/ambient.d.ts`/EventEmitter#
    export class EventEmitter {
//               ^^^^^^^^^^^^ definition codemap npm shop-web 0.1.0 `types/ambient.d.ts`/EventEmitter#
//               kind Class
//               documentation
//               > ```typescript
//               > class EventEmitter
//               > ```
//    ⌄ enclosing_range_start codemap npm shop-web 0.1.0 `types/ambient.d.ts`/EventEmitter#emit().
      emit(event: string, ...args: unknown[]): boolean;
//    ^^^^ definition codemap npm shop-web 0.1.0 `types/ambient.d.ts`/EventEmitter#emit().
//    kind Method
//    documentation
//    > ```typescript
//    > emit(event: string, ...args: unknown[]): boolean
//    > ```
//                                                   ⌃ enclosing_range_end codemap npm shop-web 0.1.0 `types/ambient.d.ts`/EventEmitter#emit().
    }
//  ⌃ enclosing_range_end codemap npm shop-web 0.1.0 `types/ambient.d.ts`/EventEmitter#
  }
  
//        ⌄ enclosing_range_start codemap npm shop-web 0.1.0 `types/ambient.d.ts`/JSX#
  declare namespace JSX {
//                  ^^^ definition codemap npm shop-web 0.1.0 `types/ambient.d.ts`/JSX#
//                  kind Namespace
//                  documentation
//                  > ```typescript
//                  > namespace JSX
//                  > ```
//  ⌄ enclosing_range_start codemap npm shop-web 0.1.0 `types/ambient.d.ts`/JSX#IntrinsicElements#
    interface IntrinsicElements {
//            ^^^^^^^^^^^^^^^^^ definition codemap npm shop-web 0.1.0 `types/ambient.d.ts`/JSX#IntrinsicElements#
//            kind Interface
//            documentation
//            > ```typescript
//            > interface IntrinsicElements
//            > ```
      [name: string]: { className?: string };
    }
//  ⌃ enclosing_range_end codemap npm shop-web 0.1.0 `types/ambient.d.ts`/JSX#IntrinsicElements#
  }
//⌃ enclosing_range_end codemap npm shop-web 0.1.0 `types/ambient.d.ts`/JSX#
  
//⌃ enclosing_range_end codemap npm shop-web 0.1.0 `types/ambient.d.ts`/
