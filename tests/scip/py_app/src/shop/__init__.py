#⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/__init__.py`/
 """A small shop: orders and the service that checks them out."""
# definition codemap python shop 0.1.0 `src/shop/__init__.py`/
#kind Module
#documentation
#> A small shop: orders and the service that checks them out.
 from .models import Order, make_order
#     ^^^^^^^ reference codemap python shop 0.1.0 `src/shop/models.py`/
 
#⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/__init__.py`/__all__.
 __all__ = ["Order", "make_order"]
#^^^^^^^ definition codemap python shop 0.1.0 `src/shop/__init__.py`/__all__.
#kind Variable
#documentation
#> ```python
#> __all__ = ["Order", "make_order"]
#> ```
#                                ⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/__init__.py`/__all__.
 
#⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/__init__.py`/
