"""Words for the text players read (event texts, screens): a count with its
noun in the right number."""
from __future__ import annotations


def plural(n: int, one: str, many: str | None = None) -> str:
    """``n`` and its noun, singular for exactly 1: ``plural(1, "reroll")`` ->
    "1 reroll", ``plural(2, "reroll")`` -> "2 rerolls", ``plural(2, "die",
    "dice")`` -> "2 dice", ``plural(0, "card")`` -> "0 cards".  ``many``:
    the plural when it is not ``one`` + "s"."""
    return f"{n} {one if n == 1 else (many if many is not None else one + 's')}"


def a_number(n: int) -> str:
    """``n`` with its article as it is said in English: "an 8", "an 11",
    "an 18", "an 80", else "a 3" (the article follows the sound of the
    number's first word)."""
    said = str(n)
    vowel = said.startswith("8") or said in ("11", "18") or (len(said) in (5, 6) and said[:2] in ("11", "18"))
    return f"{'an' if vowel else 'a'} {said}"
