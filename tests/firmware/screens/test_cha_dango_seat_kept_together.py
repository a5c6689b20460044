"""PT31 item 4 (c26b, c34): a result line wrapped with the seat's number
alone on the next line ("Seat 3: 582 ms after Seat" / "1").  The wrapper
keeps "Seat N" on one line, with an ordinary space (the words read as
before)."""
from __future__ import annotations

from firmware.screens.draw import default_measure
from firmware.ui.kit import wrap_words


def test_pt31_seat_and_its_number_are_never_split_by_the_wrap():
    measure = default_measure()
    text = "Seat 3: 582 ms after Seat 1"
    split = 0
    for width in range(60, 400, 3):
        lines = wrap_words(text, width, 20, measure)
        if lines is None:
            continue
        assert not any(ln.endswith("Seat") for ln in lines), (width, lines)
        assert " ".join(lines) == text, "the words must read as they were"
        split += len(lines) > 1
    assert split, "no width wrapped the line: the test shows nothing"
