"""Café International Junior in the window: a press that fills a table says
so before it is made (PT45, a fresh play-tester: arming the 4th guest at a
table showed only "press again", yet the press scored +11, ended the turn
and drew new cards).  With the cursor on such a choice the seat's OLED says
"fill table"; once armed its top bar says what the press does, "+11, your
turn ends", and the seat's HDMI banner says it too."""
from __future__ import annotations

import json

from harness import near_end

SEAT = 0


def _journal_at(tmp_path, when):
    """A journal of a bots' game (3 seats, seed 4, as the play-tester's)
    up to and with the first action after which ``when(game)`` holds."""
    from engines import new_game
    path = near_end(tmp_path, "cafe-junior", 3, 4, 1)
    lines = path.read_text().splitlines()
    head = json.loads(lines[0])
    game = new_game("cafe-junior", 3, head["seed"], head.get("options") or None)
    for i, line in enumerate(lines[1:], start=1):
        action = json.loads(line)
        if not action.get("type"):
            continue
        game.apply({k: v for k, v in action.items() if k != "crc"})
        if when(game):
            path.write_text("\n".join(lines[:i + 1]) + "\n")
            return path
    raise AssertionError("the awaited moment never came")


def _fills(game, act) -> bool:
    """True when ``act`` seats the 4th guest at its table."""
    if act.get("type") != "place":
        return False
    table = next(t for t in game.view(None)["tables"] if t["table"] == act["table"])
    return sum(1 for g in table["seats"].values() if g is not None) == 3


def _may_fill(game) -> bool:
    return (game.active_players() == [SEAT] and game.view(None)["table_pile"] > 0
            and len(game.view(SEAT)["hand"]) > 1
            and any(_fills(game, a) for a in game.legal_actions(SEAT)))


def test_arming_the_guest_that_fills_a_table_says_plus_11_and_the_turn_ends(table, tmp_path):
    t = table("cafe-junior", 3, bots={1, 2}, journal=_journal_at(tmp_path, _may_fill))
    t.run_until(lambda t: _may_fill(t.session.game) and t.has_choice(SEAT), max_passes=600)
    s = t.session
    for _ in range(80):
        if _fills(s.game, s.runtime.controls[SEAT].shown(s.game).chosen):
            break
        t.press(SEAT, "right")
    chosen = s.runtime.controls[SEAT].shown(s.game).chosen
    assert _fills(s.game, chosen), chosen
    said = t.oled_texts(SEAT)
    assert any(x.startswith("fill") and "+11" in x for x in said), said   # on it: the choice says it fills
    assert "+11, your turn ends" in said, said                            # and, unarmed too, what the press does (PT48)
    before = s.game.scores()[SEAT]
    from firmware.rulings import LOOK_FIRST_US
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.press(SEAT, "button")                                           # armed
    assert s.runtime.controls[SEAT].shown(s.game).armed
    said = t.oled_texts(SEAT)
    assert "+11, your turn ends" in said, said
    assert any(x.startswith("row ") for x in said), said              # where it sits, still said
    assert any(x.startswith("press again") for x in said), said
    hdmi = " ".join(t.scene().texts())
    assert "+11, your turn ends" in hdmi, hdmi
    t.press(SEAT, "button")                                           # taken: as said
    t.step(3)
    assert s.game.scores()[SEAT] - before == 11
    assert s.game.view(None)["current_player"] != SEAT
