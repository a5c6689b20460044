"""The simulated cabinet's keyboard: which keys stand for each seat's
button, cup and navigation, and how the window's legend names them."""
from __future__ import annotations

#: Keyboard of the simulated cabinet: seat -> (button, cup, nav-left,
#: nav-right, nav-push) pygame key names.  Hold the cup key = cup lifted.
SIM_KEYS = [
    ("space", "q", "left", "right", "down"),
    ("return", "w", "a", "d", "s"),
    ("right shift", "e", "j", "l", "k"),
    ("backspace", "r", "f", "h", "g"),
    ("1", "t", "z", "c", "x"),
    ("2", "y", "u", "o", "i"),
]
#: How the window's legend names SIM_KEYS' keys.
KEY_NAMES = {"space": "Space", "return": "Return", "right shift": "Right Shift", "backspace": "Backspace",
             "left": "Left", "right": "Right", "down": "Down", "up": "Up"}

#: Keyboard control -> the seat input it closes while held.
KEY_INPUTS = {"button": "button", "left": "nav_a", "right": "nav_b", "push": "nav_push"}


def key_name(key: str) -> str:
    """The legend's name of a pygame key name ("right shift" -> "Right Shift", "q" -> "Q")."""
    return KEY_NAMES.get(key, key.upper())
