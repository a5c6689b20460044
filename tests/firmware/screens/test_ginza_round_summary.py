"""Ginza Retro Café: the end of a round is seen (play-test of seed 3: the
round passed with no summary and the bot played on in round 2 within
~1.6 s), and so is the game's end (the customers who left unserved and the
order cards discarded were never said).  The hooks Cryptid Cafe and
Retrograde use (``result_pause``, ``round_summary``, ``result_pause_ms``:
2 s + 0.8 s a line, never under ``cabinet.round_result_ms``;
``held_actions``: nothing played meanwhile; ``result_notes``)."""
from __future__ import annotations

import copy

from bots.random_bot import RandomBot
from engines import new_game
from firmware.app.session import Session, SessionOptions
from firmware.runtime import config
from firmware.screens import ginza as gz
from firmware.screens.ginza_round import round_ended
from firmware.screens.draw import default_measure, hdmi_screen, result_notes

from screen_checks import context, scene_problems


def _rounds(seed=3, players=2):
    """A bots' game to its end: the public views at each round's start
    (each with the game then: :attr:`_rounds.games`)."""
    game = new_game("ginza", players, seed)
    bot = RandomBot(seed)
    starts, _rounds.games = [], []
    while not game.is_terminal():
        game.apply(bot.next_action(game))
        view = game.view(None)
        if view["round"] and (not starts or starts[-1]["round"] != view["round"]) and not game.is_terminal():
            starts.append(view)
            _rounds.games.append(copy.deepcopy(game))
    return game, starts


def test_the_summary_says_each_seats_orders_vp_yen_the_customers_and_who_starts():
    game, starts = _rounds()
    before, after = starts[0], starts[1]
    summary = gz.round_summary(before, after)
    assert summary["round"] == 1
    said = " ".join(summary["seats"])
    for seat in range(2):
        b, a = before["players"][seat], after["players"][seat]
        line = next(t for t in summary["seats"] if t.startswith(f"Seat {seat + 1}: "))
        assert f"{a['order_points'] - b['order_points']} VP" in line, line
        assert f"¥{a['coins']}" in line, line
    assert f"Seat {after['start_player'] + 1} starts round 2" in said, said
    for c in after["customers"]:
        if c:
            assert c["name"] in said, (c["name"], said)
    assert gz.result_pause(game, after) == ("round", 1)
    assert gz.result_pause(game, before) is None


def test_a_round_is_summed_up_at_its_end_as_at_the_next_rounds_start():
    """GR-10: the summary is made at the round's end, while the next
    round's dice wait (the round counted as the next one), and says what
    it would say once they are read; its key is the same, so one pause."""
    game = new_game("ginza", 2, 3)
    bot = RandomBot(3)
    start = ends = None
    while not game.is_terminal():
        game.apply(bot.next_action(game))
        view = game.view(None)
        if view["round"] == 1 and start is None and not view["dice_requests"]:
            start = view
        if round_ended(view) and ends is None:
            ends = view
            assert gz.summary_round(view) == view["round"] + 1 == 2
            assert gz.result_pause(game, view) == ("round", 1)
        if view["round"] == 2 and not round_ended(view):
            assert gz.summary_round(view) == 2 and gz.result_pause(game, view) == ("round", 1)
            assert gz.round_summary(start, ends) == gz.round_summary(start, view)
            return
    raise AssertionError("round 2 never began")


def test_the_pause_reads_like_cryptid_cafes():
    _, starts = _rounds()
    summary = gz.round_summary(starts[0], starts[1])
    lines = 1 + len(summary["seats"])
    assert gz.result_pause_ms(starts[1], [], 0) == 0
    assert gz.result_pause_ms(starts[1], [], 1000) == 2000 + 800 * lines
    assert gz.result_pause_ms(starts[1], [], 14000) == 14000
    assert {"serve", "wash", "change", "reroll", "add", "upgrade", "stop"} <= set(gz.held_actions())


def test_every_rounds_summary_is_drawn_whole_in_the_boards_place_at_both_sizes():
    for players, seed in ((2, 3), (4, 1)):
        game, starts = _rounds(seed, players)
        assert len(starts) >= 3
        for before, after, then in zip(starts, starts[1:], _rounds.games[1:]):
            summary = gz.round_summary(before, after)
            for size in ((1920, 1080), (800, 480)):
                scene = hdmi_screen(then, context(then, [], round_summary=summary, banner="next 6"), size=size,
                                    measure=default_measure())
                said = " ".join(scene.texts())
                assert scene.facts.get("round_summary") == summary, size
                assert f"Round {summary['round']} done" in said, said
                assert not [t for _, t in scene.dropped if t in summary["seats"]], (size, scene.dropped)
                assert scene_problems(scene) == [], scene_problems(scene)[:3]


def test_the_final_screen_says_why_the_game_ended():
    for players, seed in [(2, s) for s in range(1, 7)] + [(3, 2), (4, 1)]:
        game, _ = _rounds(seed, players)
        view = game.view(None)
        notes = result_notes(game)
        why = notes[0]
        if view["last_unserved"]:
            names = ", ".join(c for c in gz.customer_names(view["last_unserved"]))
            assert why == f"The last customers left unserved: {names}" or \
                why == f"The last customer left unserved: {names}", why
        else:
            assert why == "Every customer served", why
        assert any("order cards discarded" in n or "no order card discarded" in n for n in notes), notes
        for size in ((1920, 1080), (800, 480)):
            scene = hdmi_screen(game, context(game, []), size=size, measure=default_measure())
            said = " ".join(scene.texts())
            assert all(n in said for n in notes) and not scene.dropped, (size, notes, scene.dropped)
            assert scene_problems(scene) == [], scene_problems(scene)[:3]


def test_nothing_is_played_while_the_rounds_summary_is_read(tmp_path):
    """From the round's end (its next round's dice asked for) the summary
    stands: no die is read and no move made until it has stood its time
    (GR-10; the dice were read first, the summary shown only after them)."""
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path), "bot_pace": "fast"}, "gpio": {"backend": "mock"}})
    opts = SessionOptions(headless=True, size=(800, 480), bots={0, 1})
    s = Session.new(cfg, "ginza", 2, 3, None, tmp_path / "g.jsonl", opts, model=None)
    rt = s.runtime
    while not round_ended(s.game.view(None)):
        rt.step(max(rt.next_event_us() or rt.now_us + 10_000, rt.now_us + 1))
    ended, actions = rt.now_us, rt.stats.actions
    assert s.round_summary and s.round_summary["round"] == 1
    assert "Seat 2 starts round 2" in s.round_summary["seats"], s.round_summary
    pause_ms = gz.result_pause_ms(s.game.view(None), [], cfg["cabinet"]["round_result_ms"])
    scene = hdmi_screen(s.game, s.context(), size=(800, 480), measure=default_measure())
    assert scene.facts.get("round_summary") == s.round_summary
    while rt.stats.actions == actions and rt.now_us - ended < 40_000_000:
        rt.step(max(rt.next_event_us() or rt.now_us + 10_000, rt.now_us + 1))
    assert rt.stats.actions > actions, "round 2's dice were never read"
    assert rt.now_us - ended >= pause_ms * 1000 - 50_000, \
        f"the first die read {(rt.now_us - ended) / 1e6:.2f} s after round 1 ended, under its {pause_ms} ms summary"


def _tokens(view, seat):
    """The order cards on the table that carry ``seat``'s action token."""
    return {o["card"] for c in view["customers"] if c for o in c["orders"] if o["token"] == seat}


def test_a_dish_served_whose_customer_still_waits_is_not_served_nothing():
    """PT15 (issue 34): a seat that served a dish in the round, its
    customer still waiting for other dishes (the order card comes only when
    the customer is served, rulebook "4-1"), read "served nothing"."""
    seen = 0
    for players, seed in [(2, s) for s in range(1, 9)] + [(3, 2), (4, 1)]:
        _, starts = _rounds(seed, players)
        for before, after in zip(starts, starts[1:]):
            summary = gz.round_summary(before, after)
            for seat in range(players):
                waiting = _tokens(after, seat) - _tokens(before, seat)
                line = summary["seats"][seat]
                if waiting:
                    seen += 1
                    assert "served nothing" not in line, line
                    dishes = f"{len(waiting)} dish{'es' if len(waiting) > 1 else ''} served"
                    assert dishes in line, (line, waiting)
    assert seen, "no round left a served dish waiting on its customer"


def test_a_dish_lost_with_a_customer_who_left_is_said():
    """PT18 (issue 34): "Seat 2: served nothing (+0 VP)" for a round in
    which seat 2 served the Omurice, lost when its customer left unserved
    (rulebook "B-1": the order cards are discarded, the tokens come back)."""
    seen = 0
    for players, seed in [(2, s) for s in range(1, 9)] + [(3, 2), (4, 1)]:
        game = new_game("ginza", players, seed)
        bot = RandomBot(seed)
        start, lost = None, [0] * players
        while not game.is_terminal():
            slots = {c["customer"]: c for c in game.view(None)["customers"] if c}
            events = game.apply(bot.next_action(game))
            for e in events:
                if e.get("type") == "failed" and e.get("customer") in slots:
                    for o in slots[e["customer"]]["orders"]:
                        if o["token"] is not None:
                            lost[o["token"]] += 1
            view = game.view(None)
            if start is None or gz.summary_round(view) != gz.summary_round(start):
                if start is not None and gz.summary_round(start) >= 1:
                    summary = gz.round_summary(start, view)
                    for seat in range(players):
                        if lost[seat]:
                            seen += 1
                            line = summary["seats"][seat]
                            want = f"{lost[seat]} dish{'es' if lost[seat] > 1 else ''} lost"
                            assert want in line and "served nothing" not in line, (line, lost)
                start, lost = view, [0] * players
    assert seen, "no dish was ever lost with its customer"


def test_the_rounds_vp_stands_first_apart_from_the_waiting_dish():
    """PT22 (issue 34): "Seat 1: served Fruit Parfait 2 VP, Melon Cream
    Soda 2 VP · 1 dish served, its customer waits (+4 VP)" read as the
    waiting dish being worth 4 VP.  The round's VP stands first, "Seat 1:
    +4 VP this round · served ...", and no "(+N VP)" follows the words of
    a waiting or lost dish."""
    game, starts = _rounds(seed=3, players=3)
    seen = 0
    for before, after in zip(starts, starts[1:]):
        lines = gz.round_summary(before, after)["seats"]
        for seat, line in enumerate(lines[:len(after["players"])]):
            vp = after["players"][seat]["order_points"] - before["players"][seat]["order_points"]
            assert line.startswith(f"Seat {seat + 1}: +{vp} VP this round"), line
            assert "VP)" not in line, line
            seen += 1
    assert seen >= 3
