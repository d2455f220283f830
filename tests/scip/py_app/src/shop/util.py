#⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/util.py`/
 import logging
# definition codemap python shop 0.1.0 `src/shop/util.py`/
#kind Module
#       ^^^^^^^ reference codemap python logging . `ext:logging`/
 
#⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/util.py`/log_.
 log_ = logging.getLogger("shop")
#^^^^ definition codemap python shop 0.1.0 `src/shop/util.py`/log_.
#kind Variable
#documentation
#> ```python
#> log_ = logging.getLogger("shop")
#> ```
#               ^^^^^^^^^ reference codemap python logging . `ext:logging`/getLogger().
#                               ⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/util.py`/log_.
 
 
#⌄ enclosing_range_start codemap python shop 0.1.0 `src/shop/util.py`/log().
 def log(message: str) -> None:
#    ^^^ definition codemap python shop 0.1.0 `src/shop/util.py`/log().
#    kind Function
#    documentation
#    > ```python
#    > def log(message: str) -> None
#    > ```
#    documentation
#    > Log one line.
     """Log one line."""
     log_.info(message)
#                     ⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/util.py`/log().
 
#⌃ enclosing_range_end codemap python shop 0.1.0 `src/shop/util.py`/
