"""Word wraps kept by the HDMI renderer (:func:`firmware.ui.text_rules.wrap_words`):
a screen showing a clock is built again every frame with the same texts,
so the renderer keeps each wrap; a kept wrap must be the wrap made anew,
and what a caller does with the lines it gets must not change it."""
from __future__ import annotations

from firmware.ui.text_rules import WRAPS_KEPT, _wrap_words, wrap_words


class _Owner:
    """A measure's owner with a ``wrap_cache``, as the HDMI renderer is:
    7 px a character, 10 px a line; counts its measures."""

    def __init__(self) -> None:
        self.wrap_cache: dict = {}
        self.measured = 0

    def measure(self, text: str, size: int) -> tuple[int, int]:
        self.measured += 1
        return 7 * len(text), 10


TEXTS = ["Seat 2 reveals it in 3 s", "Seat 1: wrong hit, the fox did not match",
         "Last order: pink fox 412 ms ahead of Seat 3", "supercalifragilistic", ""]


def test_a_kept_wrap_is_the_wrap_made_anew_at_every_width():
    owner = _Owner()
    for width in (40, 90, 150, 400):
        for text in TEXTS:
            fresh = _wrap_words(text, width, 14, owner.measure)
            assert wrap_words(text, width, 14, owner.measure) == fresh      # made and kept
            before = owner.measured
            assert wrap_words(text, width, 14, owner.measure) == fresh      # the kept one: nothing measured
            assert owner.measured == before


def test_a_word_wider_than_the_box_is_none_kept_or_not():
    owner = _Owner()
    assert wrap_words("supercalifragilistic", 40, 14, owner.measure) is None
    assert wrap_words("supercalifragilistic", 40, 14, owner.measure) is None


def test_changing_the_lines_given_leaves_the_kept_wrap_alone():
    owner = _Owner()
    lines = wrap_words(TEXTS[2], 150, 14, owner.measure)
    want = list(lines)
    lines.append("changed")
    lines[0] = "changed"
    assert wrap_words(TEXTS[2], 150, 14, owner.measure) == want


def test_sizes_and_widths_are_kept_apart_and_the_store_is_bounded():
    owner = _Owner()
    assert wrap_words(TEXTS[2], 150, 14, owner.measure) != wrap_words(TEXTS[2], 300, 14, owner.measure)
    for i in range(WRAPS_KEPT + 5):
        wrap_words(f"text {i}", 200, 14, owner.measure)
    assert len(owner.wrap_cache) <= WRAPS_KEPT


def test_a_plain_measure_is_not_kept_anywhere():
    calls = []

    def measure(text: str, size: int) -> tuple[int, int]:
        calls.append(text)
        return 7 * len(text), 10

    wrap_words(TEXTS[0], 90, 14, measure)
    n = len(calls)
    wrap_words(TEXTS[0], 90, 14, measure)
    assert len(calls) == 2 * n
