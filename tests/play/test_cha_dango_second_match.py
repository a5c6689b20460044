"""Cha dango in the window: an order two customers match (issue 34, "Played
as people play" again: "only the first match gets served unless someone
else hits the other one ('Nobody served ... in time'); the book says the
winner may then hit the 2nd").  Book 2A: the winner "MUST place the card
in front of himself first, and then he may hit the 2nd card"; ruling
CD-12 (CD-4's placing delay, 0.8 s): the engine does that.  The screens
say it plainly: after its hit a seat's OLED says a 2nd match takes a hit
of its own and shows its aim again; a winner's hit made while it still
places its card is told with its time; a match nobody served says it
needed its own hit."""
from __future__ import annotations

import copy

from test_cha_dango_helpers import CARDS, aim_at, oled_words, order_matches, table_view

from engines import new_game
from firmware.runtime.journal_lines import encode_line


def _journal_before_two_matches(path):
    """A hotseat game of two (the cabinet's options) played with nobody
    answering until the next reveal forms an order two customers match:
    its journal (every action recorded) and the game."""
    for seed in range(1, 100):
        g = new_game("cha-dango", 2, seed, {"reveal_grace_us": 200_000})
        actions, t = [], 1_000_000
        for _ in range(30):
            probe = copy.deepcopy(g)
            probe.apply({"type": "reveal", "player": g.current, "t_us": t, "buttons_down": [], "cups_up": []})
            if probe.phase == "race" and len(order_matches(probe)) == 2:
                header = {"journal": 2, "game": "cha-dango", "num_players": 2, "seed": seed, "options": g.options,
                          "id": "00112233445566778899aabb", "seq": 1, "meta": {"bots": []}}
                path.write_bytes(b"".join(encode_line(x) for x in [header, *actions]))
                return path
            if probe.phase != "race":
                break
            for a in ({"type": "reveal", "player": g.current, "t_us": t, "buttons_down": [], "cups_up": []},):
                g.apply(a)
                actions.append(a)
            while g.phase == "race":                       # nobody answers: the time-out decides
                tick = {"type": "tick", "t_us": g.deadline_us()}
                g.apply(tick)
                actions.append(tick)
            if g.phase != "reveal":
                break
            t = g.now_us() + 4_000_000
    raise AssertionError("no seed reaches an order two customers match")


def race_of_two_matches(table, tmp_path):
    """Two people at the order two customers match, revealed and raced:
    ``(table, game, the revealing seat, (first, second) matching card ids)``."""
    journal = _journal_before_two_matches(tmp_path / "two.jsonl")
    t = table("cha-dango", players=2, journal=journal)
    rt, g = t.session.runtime, t.session.game
    who = table_view(t)["current"]
    t.run_until(lambda t: rt.not_before.get("reveal", -1) + 800_000 < rt.now_us, max_passes=400, ms=50)
    t.press(who, "button")                                 # the person reveals: two customers match
    t.run_until(lambda t: table_view(t)["phase"] == "race", max_passes=200)
    return t, g, who, order_matches(g)


def test_cd12_the_screens_say_plainly_that_a_2nd_match_takes_its_own_hit(table, tmp_path):
    t, g, who, (first, second) = race_of_two_matches(table, tmp_path)
    t.step(10, ms=50)
    aim_at(t, who, first)
    t.press(who, "button")                                 # it serves the first ...
    t.step(2, ms=30)
    said = oled_words(t, who)
    assert "HIT" in said and "2nd" in said, f"after its hit the OLED says nothing of a 2nd match: {said}"
    aim_at(t, who, second)                                   # ... moves on (its OLED shows the aim again) ...
    said = oled_words(t, who)
    assert CARDS[second].figure in said and "2nd" in said, f"the OLED does not show the 2nd aim: {said}"
    t.press(who, "button")                                 # ... and hits it while still placing the first
    t.run_until(lambda t: table_view(t)["phase"] != "race", max_passes=400, ms=50)
    t.step(2, ms=30)
    last = table_view(t)["last_race"]
    assert [w["card"] for w in last["won"]] == [first], "the first served, the second hit too soon"
    shown = " ".join(t.scene().texts()).replace("\u00a0", " ")
    assert "too soon" in shown and "placing" in shown, f"the hit while placing is not told: {shown}"
    assert "Hit each match" in shown, f"the unserved 2nd match does not say it needed its own hit: {shown}"
