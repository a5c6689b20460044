"""Ginza Retro Café resumed in the middle of a round: the round's summary
at its end counts the whole round, not only what was played since the
resume (PT15, issue 34: a seat's VP and yen gained before the resume were
missing from the summary; rulebook "B. End of the Round", ruling GR-10)."""
from __future__ import annotations

import json

from engines import new_game
from firmware.screens import ginza_round as gz

from .harness import cut_before


def _mid_round_2(game) -> bool:
    """Round 2 is under way and someone had gained yen or VP in it by the
    action before this one (so the cut keeps the gain)."""
    view = game.view(None)
    if not (view["phase"] == "play" and view["round"] == 2 and not gz.round_ended(view)):
        return False
    before, _mid_round_2.gained = getattr(_mid_round_2, "gained", False), _gained_in_round_2(game)
    return before


def _gained_in_round_2(game) -> bool:
    """Someone's yen or VP differ from round 2's start (kept on the function)."""
    start = getattr(_gained_in_round_2, "start", None)
    view = game.view(None)
    if start is None or start["round"] != 2:
        if view["round"] == 2 and not gz.round_ended(view):
            _gained_in_round_2.start = view
        return False
    return any(a["coins"] != b["coins"] or a["order_points"] != b["order_points"]
               for a, b in zip(start["players"], view["players"]))


def test_the_summary_after_a_resume_counts_the_whole_round(table, tmp_path):
    _gained_in_round_2.start, _mid_round_2.gained = None, False
    journal = cut_before(tmp_path, "ginza", 2, 3, _mid_round_2)
    lines = [json.loads(x) for x in journal.read_text().splitlines()]
    head = lines[0]
    game = new_game("ginza", 2, head["seed"], head.get("options") or None)
    start = None
    for action in lines[1:]:
        if action.get("type"):
            game.apply({k: v for k, v in action.items() if k != "crc"})
            view = game.view(None)
            if start is None or gz.summary_round(view) != gz.summary_round(start):
                start = view
    assert gz.summary_round(start) == 2
    t = table("ginza", 2, bots={0, 1}, journal=journal)
    s = t.session
    t.run_until(lambda t: gz.round_ended(s.game.view(None)), max_passes=4000)
    t.step()
    want = gz.round_summary(start, s.game.view(None))
    assert s.round_summary == want, (s.round_summary, want)
