//⌄ enclosing_range_start codemap npm shop-web 0.1.0 `src/view.tsx`/
  import { Cart, checkout } from "./cart";
// definition codemap npm shop-web 0.1.0 `src/view.tsx`/
//kind Module
//                                ^^^^^^ reference codemap npm shop-web 0.1.0 `src/cart.ts`/
  
//⌄ enclosing_range_start codemap npm shop-web 0.1.0 `src/view.tsx`/Props#
  type Props = { cart: Cart };
//     ^^^^^ definition codemap npm shop-web 0.1.0 `src/view.tsx`/Props#
//     kind Type
//     documentation
//     > ```typescript
//     > type Props = { cart: Cart }
//     > ```
//                     ^^^^ reference codemap npm shop-web 0.1.0 `src/cart.ts`/Cart#
//                           ⌃ enclosing_range_end codemap npm shop-web 0.1.0 `src/view.tsx`/Props#
  
  /** The cart as the page shows it. */
//⌄ enclosing_range_start codemap npm shop-web 0.1.0 `src/view.tsx`/CartView().
  export function CartView({ cart }: Props) {
//                ^^^^^^^^ definition codemap npm shop-web 0.1.0 `src/view.tsx`/CartView().
//                kind Function
//                documentation
//                > ```typescript
//                > function CartView({ cart }: Props)
//                > ```
//                documentation
//                > The cart as the page shows it.
//                                   ^^^^^ reference codemap npm shop-web 0.1.0 `src/view.tsx`/Props#
    const label = checkout(cart);
//                ^^^^^^^^ reference codemap npm shop-web 0.1.0 `src/cart.ts`/checkout().
    return <div className="cart">{label}</div>;
  }
//⌃ enclosing_range_end codemap npm shop-web 0.1.0 `src/view.tsx`/CartView().
  
  export default CartView;
  
//⌃ enclosing_range_end codemap npm shop-web 0.1.0 `src/view.tsx`/
