"""Café International Junior (2 to 4 players): seat guests from a hidden hand
at tables whose flags match; rulebook ``cafe-international-junior.txt``,
rulings CI-1 to CI-7.  The registry loads :data:`ENGINE`."""
from .game import CafeJunior

ENGINE = CafeJunior

__all__ = ["CafeJunior", "ENGINE"]
