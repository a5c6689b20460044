"""The gallery's OCR (2026-12-06): Ginza's end card said each seat's VP in
parts as "orders 4 + yen 0 + bonus 5"; its "+" signs were the smallest
marks on the 800 x 480 card (screens_ocr p10 11 px).  Retrograde's end
card says its parts with commas ("5 droids, 1 boss, 6 trophies (all: +3),
2 coins"); Ginza's reads the same way: "orders 4, yen 0, bonus 5"."""
from __future__ import annotations

import re

from firmware.app.gallery import STATES, context_for, find_state
from firmware.screens import ginza as gz


def _over_view():
    state = next(s for s in STATES["ginza"] if s.name == "over")
    game, events = find_state(state)
    context_for(game, events, state)
    return game.view(None)


def test_the_end_cards_breakdown_reads_with_commas_not_plus_signs():
    view = _over_view()
    for seat in range(len(view["players"])):
        words = gz.breakdown_words(view, seat)
        assert re.fullmatch(r"orders \d+, yen \d+ \(\u00a5\d+\), bonus -?\d+", words), words
    for forms in gz.result_breakdown(view):
        for form in [forms] if isinstance(forms, str) else forms:
            assert "+" not in form and form.startswith("orders "), form
