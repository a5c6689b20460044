"""Issue 34, item 8, read as a person reads the window: over a stretch of
bots' play in each game, no text on the HDMI or on any seat's OLED shows
a rule id ("... dining area (CD-10)"), a word cut with an ellipsis, a
count with its noun in the wrong number ("Stop! 1 rerolls", "2 die") or a
table number nobody sees ("to T06 top"), and no OLED cuts its seat's
prompt in the middle of a word ("nudge: 2 die unreada")."""
from __future__ import annotations

import re

import pytest

RULE_ID = re.compile(r"\b(?:CD|RG|GR|CC|CI|CAB|CJ|GZ)-\d+")
#: a word cut by an ellipsis ("unrea..."); a whole word in capitals followed by
#: "..." is not cut, and whole words end in " ..."
CUT = re.compile(r"[a-z](?:\.\.\.|\u2026)")
#: a count and its noun in the wrong number ("Seat 1 rerolls" is a verb)
NUMBER = re.compile(r"(?<![Ss]eat )\b1 (?:rerolls|dice|VP cards|cards|customers|droids|coins)\b"
                    r"|\b(?:0|[2-9]|\d\d+) die\b")
TABLE_NO = re.compile(r"\bT\d\d\b")         # Café Junior's tables carry no numbers on the HDMI


def _cut_prompt(text: str, prompt: str) -> bool:
    """True when an OLED ``text`` is the start of ``prompt`` cut inside a word."""
    return 3 <= len(text) < len(prompt) and prompt.startswith(text) and prompt[len(text)].isalnum() \
        and text[-1].isalnum()


@pytest.mark.parametrize("game_id, seed, passes, ms", [
    ("retrograde", 2, 100, 500), ("cha-dango", 2, 100, 500), ("ginza", 2, 100, 500),
    ("cryptid-cafe", 2, 60, 500), ("cafe-junior", 1, 40, 300)])
def test_a_person_reads_no_rule_id_cut_word_or_wrong_count_in_bots_play(table, game_id, seed, passes, ms):
    """Before the fix (main with the words commit reverted): Retrograde's
    OLED said "Stop! 1 rerolls", Cha dango's HDMI "(CD-10)", Café Junior's
    OLED "Japan boy to T10 left"; Ginza's OLED said "roll 1 dice!" on main."""
    t = table(game_id, 3, bots={0, 1, 2}, seed=seed)
    found: dict[str, str] = {}
    for n in range(passes):
        if not t.step(ms=ms) or t.loop.stage != "play":
            break
        seen = [("HDMI", x) for x in t.scene().texts()]
        seen += [(f"seat {k + 1}'s OLED", x) for k in range(3) for x in t.oled_texts(k)]
        for where, text in seen:
            for what, rx in (("rule id", RULE_ID), ("cut word", CUT), ("wrong number", NUMBER),
                             ("table number", TABLE_NO)):
                if rx.search(text):
                    found.setdefault(text, f"{what} on {where}, pass {n + 1}")
        for seat, prompt in (t.session.context().get("prompts") or {}).items():
            if isinstance(seat, int) and seat < 3:
                for text in t.oled_texts(seat):
                    if _cut_prompt(text, str(prompt)):
                        found.setdefault(text, f"seat {seat + 1}'s prompt {prompt!r} cut, pass {n + 1}")
    assert not found, "; ".join(f"{text!r}: {why}" for text, why in found.items())
