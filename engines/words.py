"""Words for the text players read (event texts, screens): a count with its
noun in the right number."""
from __future__ import annotations


def plural(n: int, one: str, many: str | None = None) -> str:
    """``n`` and its noun, singular for exactly 1: ``plural(1, "reroll")`` ->
    "1 reroll", ``plural(2, "reroll")`` -> "2 rerolls", ``plural(2, "die",
    "dice")`` -> "2 dice", ``plural(0, "card")`` -> "0 cards".  ``many``:
    the plural when it is not ``one`` + "s"."""
    return f"{n} {one if n == 1 else (many if many is not None else one + 's')}"
