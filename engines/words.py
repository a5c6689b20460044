"""Words for the text players read (event texts, screens): a count with its
noun in the right number."""
from __future__ import annotations

import re


def plural(n: int, one: str, many: str | None = None) -> str:
    """``n`` and its noun, singular for exactly 1: ``plural(1, "reroll")`` ->
    "1 reroll", ``plural(2, "reroll")`` -> "2 rerolls", ``plural(2, "die",
    "dice")`` -> "2 dice", ``plural(0, "card")`` -> "0 cards".  ``many``:
    the plural when it is not ``one`` + "s"."""
    return f"{n} {one if n == 1 else (many if many is not None else one + 's')}"


def seats_words(numbers: list[int]) -> str:
    """Seats by their 1-based numbers, as players read them: "seat 2",
    "seats 1, 3"."""
    return ("seat " if len(numbers) == 1 else "seats ") + ", ".join(map(str, numbers))


def a_number(n: int) -> str:
    """``n`` with its article as it is said in English: "an 8", "an 11",
    "an 18", "an 80", else "a 3" (the article follows the sound of the
    number's first word)."""
    said = str(n)
    vowel = said.startswith("8") or said in ("11", "18") or (len(said) in (5, 6) and said[:2] in ("11", "18"))
    return f"{'an' if vowel else 'a'} {said}"


#: Verbs whose -ing form doubles the last letter (the engines' event verbs).
_DOUBLED = {"stops": "stopping", "swaps": "swapping", "puts": "putting", "gets": "getting", "sets": "setting"}
#: Verbs that may follow "and" in an event text ("serves ... and gets ¥2").
_AND_VERBS = ("gets", "moves", "fills", "leaves", "takes", "ends", "pays", "loses", "scores")


def gerund(verb: str) -> str:
    """A third-person verb as its -ing form: "serves" -> "serving",
    "washes" -> "washing", "copies" -> "copying", "stops" -> "stopping";
    a word not ending in "s" is returned as it is."""
    if verb in _DOUBLED:
        return _DOUBLED[verb]
    if not verb.endswith("s") or verb.endswith("ss"):
        return verb
    if verb.endswith("ies"):
        stem = verb[:-3] + "y"
    elif verb.endswith(("shes", "ches", "xes", "sses", "zes")):
        stem = verb[:-2]
    else:
        stem = verb[:-1]
    if stem.endswith("e") and not stem.endswith(("ee", "ye", "oe")):
        stem = stem[:-1]
    return stem + "ing"


def took_back_words(text: str) -> str:
    """A take-back's event text as a sentence: "Seat 1 took back: serves
    the Thunderbird and gets a 6-coin tip" -> "Seat 1 took back serving
    the Thunderbird and getting a 6-coin tip" (issue 34, pt11); a text
    whose words do not open with such a verb keeps its colon."""
    m = re.match(r"^(Seat \d+ took back): ([a-z]+s)\b(.*)$", text)
    if m is None or gerund(m.group(2)) == m.group(2):
        return text
    rest = re.sub(r"\band (" + "|".join(_AND_VERBS) + r")\b", lambda v: f"and {gerund(v.group(1))}", m.group(3))
    return f"{m.group(1)} {gerund(m.group(2))}{rest}"
