"""Play-tester: the feed said "Round 2: card B, card C, card A": the order
read as a claim order it is not (it is the order the cards were dealt).
Now: "Round 2: cards A, B, C face up"."""
from __future__ import annotations

from engines import new_game
from firmware.screens.retrograde_sheet import feed_text


def test_a_rounds_cards_are_said_as_the_cards_face_up_in_letter_order():
    game = new_game("retrograde", 3, 1)
    face_up = game.view(None)["face_up_ids"][:3]
    letters = {cid: "BCA"[i] for i, cid in enumerate(face_up)}
    from engines.retrograde.components import default_components
    text = "Round 2: " + ", ".join(default_components().card(c).describe() for c in face_up)
    assert feed_text(text, letters) == "Round 2: cards A, B, C face up"
