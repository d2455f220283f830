#⌄ enclosing_range_start codemap python shop 0.1.0 `main.py`/
 from shop.service import OrderService
# definition codemap python shop 0.1.0 `main.py`/
#kind Module
#     ^^^^^^^^^^^^ reference codemap python shop 0.1.0 `src/shop/service.py`/
 
 
#⌄ enclosing_range_start codemap python shop 0.1.0 `main.py`/main().
 def main() -> None:
#    ^^^^ definition codemap python shop 0.1.0 `main.py`/main().
#    kind Function
#    documentation
#    > ```python
#    > def main() -> None
#    > ```
     service = OrderService()
#              ^^^^^^^^^^^^ reference codemap python shop 0.1.0 `src/shop/service.py`/OrderService#
     print(service.checkout(7))
#                  ^^^^^^^^ reference codemap python shop 0.1.0 `src/shop/service.py`/OrderService#checkout().
#                             ⌃ enclosing_range_end codemap python shop 0.1.0 `main.py`/main().
 
 
 if __name__ == "__main__":
     main()
#    ^^^^ reference codemap python shop 0.1.0 `main.py`/main().
 
#⌃ enclosing_range_end codemap python shop 0.1.0 `main.py`/
