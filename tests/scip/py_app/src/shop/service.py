#⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/service.py`/
 """Checking orders out."""
# definition codemap python shop 0.1.0 `src/shop/service.py`/
#kind Module
#documentation
#> Checking orders out.
 import shop.util as util
#       ^^^^^^^^^ reference codemap python shop 0.1.0 `src/shop/util.py`/
 from .models import Order, make_order
#     ^^^^^^^ reference codemap python shop 0.1.0 `src/shop/models.py`/
 
 
#⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/service.py`/OrderService#
 class OrderService:
#      ^^^^^^^^^^^^ definition codemap python shop 0.1.0 `src/shop/service.py`/OrderService#
#      kind Class
#      documentation
#      > ```python
#      > class OrderService
#      > ```
#    ⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/service.py`/OrderService#__init__().
     def __init__(self, prefix: str = "order"):
#        ^^^^^^^^ definition codemap python shop 0.1.0 `src/shop/service.py`/OrderService#__init__().
#        kind Method
#        documentation
#        > ```python
#        > def __init__(self, prefix: str = "order")
#        > ```
         self.prefix = prefix
#                           ⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/service.py`/OrderService#__init__().
 
#    ⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/service.py`/OrderService#validate().
     def validate(self, order: Order) -> bool:
#        ^^^^^^^^ definition codemap python shop 0.1.0 `src/shop/service.py`/OrderService#validate().
#        kind Method
#        documentation
#        > ```python
#        > def validate(self, order: Order) -> bool
#        > ```
#                              ^^^^^ reference codemap python shop 0.1.0 `src/shop/models.py`/Order#
         return order.total() > 0
#                     ^^^^^ reference codemap python shop 0.1.0 `src/shop/models.py`/Order#total().
#                               ⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/service.py`/OrderService#validate().
 
#    ⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/service.py`/OrderService#checkout().
     def checkout(self, number: int) -> float:
#        ^^^^^^^^ definition codemap python shop 0.1.0 `src/shop/service.py`/OrderService#checkout().
#        kind Method
#        documentation
#        > ```python
#        > def checkout(self, number: int) -> float
#        > ```
         order = make_order(number, ("book", 12.5), ("pen", 1.5))
#                ^^^^^^^^^^ reference codemap python shop 0.1.0 `src/shop/models.py`/make_order().
         if not self.validate(order):
#                    ^^^^^^^^ reference codemap python shop 0.1.0 `src/shop/service.py`/OrderService#validate().
             util.log("empty order")
#                 ^^^ reference codemap python shop 0.1.0 `src/shop/util.py`/log().
             return 0.0
         util.log(order.describe())
#             ^^^ reference codemap python shop 0.1.0 `src/shop/util.py`/log().
#                       ^^^^^^^^ reference codemap python shop 0.1.0 `src/shop/models.py`/Base#describe().
         return order.total()
#                     ^^^^^ reference codemap python shop 0.1.0 `src/shop/models.py`/Order#total().
#                           ⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/service.py`/OrderService#
#                           ⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/service.py`/OrderService#checkout().
 
#⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/service.py`/
