"""Retrograde: a seat's power-up counts say the same words on the table and
on the end screen, the rulebook's (issue 34, the fresh play-test of seed
11: "1 locked" and "(power icon) 0" during the game became "0 unlocked" at
the end, r74 -> r77).  Book, Power-Ups: "keep that card beside your sheet
until you unlock it": the cards beside the sheet are "kept", the others
"unlocked"; where the side of a sheet has no room for the icon and
"0 unlocked", the word stays and the icon goes."""
from __future__ import annotations

import re

from harness import near_end


def test_the_table_says_kept_and_unlocked_as_the_end_screen_does(table, tmp_path):
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    s = t.session
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    texts = t.scene().texts()
    assert not [x for x in texts if re.fullmatch(r"\d+ locked", x)], texts
    assert sum(1 for x in texts if x == "0 kept") == 3, texts
    assert sum(1 for x in texts if x == "0 unlocked") == 3, texts

    end = table("retrograde", 3, bots={0, 1, 2}, journal=near_end(tmp_path, "retrograde", 3, 11, 3))
    end.run_until(lambda t: t.loop.stage != "play", max_passes=4000, ms=100)
    words = {x.split(" ", 1)[1] for x in end.scene().texts() if re.fullmatch(r"\d+ (kept|unlocked|locked)", x)}
    assert words == {"kept", "unlocked"}, end.scene().texts()
