#⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/models.py`/
 """Order models."""
# definition codemap python shop 0.1.0 `src/shop/models.py`/
#kind Module
#documentation
#> Order models.
 from dataclasses import dataclass, field
#     ^^^^^^^^^^^ reference codemap python dataclasses . `ext:dataclasses`/
 
#⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/models.py`/TAX_RATE.
 TAX_RATE = 0.2
#^^^^^^^^ definition codemap python shop 0.1.0 `src/shop/models.py`/TAX_RATE.
#kind Constant
#documentation
#> ```python
#> TAX_RATE = 0.2
#> ```
#             ⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/models.py`/TAX_RATE.
 
 
#⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/models.py`/Base#
 class Base:
#      ^^^^ definition codemap python shop 0.1.0 `src/shop/models.py`/Base#
#      kind Class
#      documentation
#      > ```python
#      > class Base
#      > ```
#      documentation
#      > Something with an id.
     """Something with an id."""
 
#    ⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/models.py`/Base#describe().
     def describe(self) -> str:
#        ^^^^^^^^ definition codemap python shop 0.1.0 `src/shop/models.py`/Base#describe().
#        kind Method
#        documentation
#        > ```python
#        > def describe(self) -> str
#        > ```
         return f"{type(self).__name__}#{self.ident()}"
#                                             ^^^^^ reference codemap python shop 0.1.0 `src/shop/models.py`/Base#ident().
#                                                     ⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/models.py`/Base#describe().
 
#    ⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/models.py`/Base#ident().
     def ident(self) -> str:
#        ^^^^^ definition codemap python shop 0.1.0 `src/shop/models.py`/Base#ident().
#        kind Method
#        documentation
#        > ```python
#        > def ident(self) -> str
#        > ```
         raise NotImplementedError
#                                ⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/models.py`/Base#
#                                ⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/models.py`/Base#ident().
 
 
#⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/models.py`/Order#
 @dataclass
# ^^^^^^^^^ reference codemap python dataclasses . `ext:dataclasses`/dataclass().
 class Order(Base):
#      ^^^^^ definition codemap python shop 0.1.0 `src/shop/models.py`/Order#
#      kind Class
#      documentation
#      > ```python
#      > class Order(Base)
#      > ```
#      documentation
#      > An order of items.
#      relationship codemap python shop 0.1.0 `src/shop/models.py`/Base# implementation
#            ^^^^ reference codemap python shop 0.1.0 `src/shop/models.py`/Base#
     """An order of items."""
 
#    ⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/models.py`/Order#number.
     number: int
#    ^^^^^^ definition codemap python shop 0.1.0 `src/shop/models.py`/Order#number.
#    kind Field
#    documentation
#    > ```python
#    > number: int
#    > ```
#              ⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/models.py`/Order#number.
#    ⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/models.py`/Order#items.
     items: list = field(default_factory=list)
#    ^^^^^ definition codemap python shop 0.1.0 `src/shop/models.py`/Order#items.
#    kind Field
#    documentation
#    > ```python
#    > items: list = field(default_factory=list)
#    > ```
#                  ^^^^^ reference codemap python dataclasses . `ext:dataclasses`/field().
#                                            ⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/models.py`/Order#items.
 
#    ⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/models.py`/Order#ident().
     def ident(self) -> str:
#        ^^^^^ definition codemap python shop 0.1.0 `src/shop/models.py`/Order#ident().
#        kind Method
#        documentation
#        > ```python
#        > def ident(self) -> str
#        > ```
#        relationship codemap python shop 0.1.0 `src/shop/models.py`/Base#ident(). implementation reference
         return str(self.number)
#                              ⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/models.py`/Order#ident().
 
#    ⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/models.py`/Order#add_item().
     def add_item(self, name: str, price: float) -> None:
#        ^^^^^^^^ definition codemap python shop 0.1.0 `src/shop/models.py`/Order#add_item().
#        kind Method
#        documentation
#        > ```python
#        > def add_item(self, name: str, price: float) -> None
#        > ```
         self.items.append((name, price))
#                                       ⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/models.py`/Order#add_item().
 
#    ⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/models.py`/Order#total().
     def total(self) -> float:
#        ^^^^^ definition codemap python shop 0.1.0 `src/shop/models.py`/Order#total().
#        kind Method
#        documentation
#        > ```python
#        > def total(self) -> float
#        > ```
         net = sum(price for _, price in self.items)
         return round(net * (1 + TAX_RATE), 2)
#                                            ⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/models.py`/Order#
#                                            ⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/models.py`/Order#total().
 
 
#⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/models.py`/RushOrder#
 class RushOrder(Order):
#      ^^^^^^^^^ definition codemap python shop 0.1.0 `src/shop/models.py`/RushOrder#
#      kind Class
#      documentation
#      > ```python
#      > class RushOrder(Order)
#      > ```
#      relationship codemap python shop 0.1.0 `src/shop/models.py`/Order# implementation
#                ^^^^^ reference codemap python shop 0.1.0 `src/shop/models.py`/Order#
#    ⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/models.py`/RushOrder#total().
     def total(self) -> float:
#        ^^^^^ definition codemap python shop 0.1.0 `src/shop/models.py`/RushOrder#total().
#        kind Method
#        documentation
#        > ```python
#        > def total(self) -> float
#        > ```
#        relationship codemap python shop 0.1.0 `src/shop/models.py`/Order#total(). implementation reference
         return super().total() + 5
#                       ^^^^^ reference codemap python shop 0.1.0 `src/shop/models.py`/Order#total().
#                                 ⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/models.py`/RushOrder#
#                                 ⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/models.py`/RushOrder#total().
 
 
#⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/models.py`/make_order().
 def make_order(number: int, *items) -> Order:
#    ^^^^^^^^^^ definition codemap python shop 0.1.0 `src/shop/models.py`/make_order().
#    kind Function
#    documentation
#    > ```python
#    > def make_order(number: int, *items) -> Order
#    > ```
#                                       ^^^^^ reference codemap python shop 0.1.0 `src/shop/models.py`/Order#
     order = Order(number)
#            ^^^^^ reference codemap python shop 0.1.0 `src/shop/models.py`/Order#
     for name, price in items:
         order.add_item(name, price)
#              ^^^^^^^^ reference codemap python shop 0.1.0 `src/shop/models.py`/Order#add_item().
     return order
#               ⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/models.py`/make_order().
 
#⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/models.py`/
