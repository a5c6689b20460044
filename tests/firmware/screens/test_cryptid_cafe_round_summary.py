"""Cryptid Cafe: the end of a round is summed up (play-test, leftovers: a
round ended with no word of who scored what, the walkouts, the customers'
moves) - by the same hooks as Retrograde's round summary and Cha dango's
race result (``result_pause``, ``round_summary``, ``result_pause_ms``:
2 s + 0.8 s a line, never under ``cabinet.round_result_ms``); and a
replay's last step explains the scores as the live end screen does."""
from __future__ import annotations

from engines import new_game
from bots.random_bot import RandomBot
from firmware.app.session import Session, SessionOptions
from firmware.runtime import config
from firmware.screens import cryptid_cafe as cc
from firmware.screens.draw import default_measure, hdmi_screen

from screen_checks import context, scene_problems


def _round_views(seed=1, players=3):
    """The public views at the start of round 1 and of round 2."""
    game = new_game("cryptid-cafe", players, seed)
    bot = RandomBot(seed)
    first = game.view(None)
    while game.view(None)["round"] < 2:
        game.apply(bot.next_action(game))
    return game, first, game.view(None)


def test_the_summary_says_each_seats_coins_customers_walkouts_and_moves():
    game, before, after = _round_views()
    summary = cc.round_summary(before, after)
    assert summary["round"] == 1 and len(summary["seats"]) == 3
    for seat, line in enumerate(summary["seats"]):
        b, a = before["players"][seat], after["players"][seat]
        assert line.startswith(f"Seat {seat + 1}: "), line
        gain = a["coins"] - b["coins"]
        assert f"{gain:+d} coin" in line, line
        for served in a["served"][len(b["served"]):]:
            assert served["tip"] and str(served["tip"]) in line, line
        assert "moved" in line or "no customers" in line, line
    assert cc.result_pause(game, after) == ("round", 1)


def test_the_pause_reads_like_cha_dangos_and_retrogrades():
    _, _, after = _round_views()
    lines = 1 + len(after["players"])
    assert cc.result_pause_ms(after, [], 0) == 0                      # a cabinet set for no pause
    assert cc.result_pause_ms(after, [], 1000) == 2000 + 800 * lines
    assert cc.result_pause_ms(after, [], 9000) == 9000


def test_the_hdmi_shows_the_summary_while_the_next_round_waits():
    game, before, after = _round_views()
    summary = cc.round_summary(before, after)
    for size in ((1920, 1080), (800, 480)):
        scene = hdmi_screen(game, context(game, [], round_summary=summary, banner="next 5"), size=size,
                            measure=default_measure())
        said = " ".join(scene.texts())
        assert scene.facts.get("round_summary") == summary, size
        assert "Round 1 done" in said and all(line.split(": ")[0] in said for line in summary["seats"]), said
        assert scene_problems(scene) == [], scene_problems(scene)[:3]


def test_a_session_shows_the_rounds_summary_for_its_pause(tmp_path):
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    opts = SessionOptions(headless=True, size=(800, 480), bots={0, 1, 2})
    s = Session.new(cfg, "cryptid-cafe", 3, 1, None, tmp_path / "g.jsonl", opts, model=None)
    rt = s.runtime
    while s.game.view(None)["round"] < 2:
        rt.step(max(rt.next_event_us() or rt.now_us + 10_000, rt.now_us + 1))
    ended, seen = rt.now_us, []
    while rt.now_us - ended < 20_000_000:      # looked at every 100 ms at least (nothing may happen meanwhile)
        rt.step(min(max(rt.next_event_us() or rt.now_us + 10_000, rt.now_us + 1), rt.now_us + 100_000))
        scene = hdmi_screen(s.game, s.context(), size=(800, 480), measure=default_measure())
        if scene.facts.get("round_summary"):
            seen.append(rt.now_us)
        elif seen:
            break
    assert seen, "the HDMI never showed round 1's summary"
    assert seen[-1] - ended >= s.cfg["cabinet"]["round_result_ms"] * 1000 - 1_100_000, (seen[-1] - ended) / 1e6


def test_the_last_step_of_a_replay_explains_the_scores():
    """Live, the result card says "Seat 1: 60 tips +13 sets -3 walkouts
    -7 dishes = 63"; the replay draws the game's own screen at its end."""
    game = new_game("cryptid-cafe", 3, 1)
    bot = RandomBot(1)
    while not game.is_terminal():
        game.apply(bot.next_action(game))
    scene = hdmi_screen(game, context(game, []), size=(1920, 1080), measure=default_measure())
    said = " ".join(scene.texts())
    for note in cc.result_notes(game.view(None)):
        assert note in said, (note, said)


def test_every_rounds_summary_fits_whole_with_five_seats():
    """Five seats, every round of a seeded game, at both sizes: each seat's
    line drawn whole (none dropped for room)."""
    game = new_game("cryptid-cafe", 5, 2)
    bot = RandomBot(2)
    start, checked = game.view(None), 0
    while not game.is_terminal():
        game.apply(bot.next_action(game))
        view = game.view(None)
        if view["round"] != start["round"] and not game.is_terminal():
            summary = cc.round_summary(start, view)
            start = view
            for size in ((1920, 1080), (800, 480)):
                scene = hdmi_screen(game, context(game, [], round_summary=summary, banner="next 6"), size=size,
                                    measure=default_measure())
                assert not [t for _, t in scene.dropped if t in summary["seats"]], (size, scene.dropped)
                assert scene_problems(scene) == [], scene_problems(scene)[:3]
            checked += 1
    assert checked >= 5


def test_the_final_scores_are_all_said_with_five_seats_on_a_small_screen():
    game = new_game("cryptid-cafe", 5, 1)
    bot = RandomBot(1)
    while not game.is_terminal():
        game.apply(bot.next_action(game))
    for size in ((1920, 1080), (800, 480)):
        scene = hdmi_screen(game, context(game, []), size=size, measure=default_measure())
        said = " ".join(scene.texts())
        notes = cc.result_notes(game.view(None))
        if size[1] < 600 and notes[0] not in said:    # the parts named once in the heading, the numbers
            head, notes = cc.compact_finals(game.view(None))
            assert head in said, said
        missing = [n for n in notes if n not in said]
        assert missing == [], (size, missing)
        assert scene_problems(scene) == [], scene_problems(scene)[:3]


def test_nothing_is_played_while_the_rounds_summary_is_read(tmp_path):
    """Play-test leftovers: the summary stood, but a seat (person or bot)
    could send a server under it (the session held only Cha dango's
    "reveal"): no action of round 2 before the summary's pause is over."""
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path), "bot_pace": "fast"}, "gpio": {"backend": "mock"}})
    opts = SessionOptions(headless=True, size=(800, 480), bots={0, 1, 2})
    s = Session.new(cfg, "cryptid-cafe", 3, 1, None, tmp_path / "g.jsonl", opts, model=None)
    rt = s.runtime
    while s.game.view(None)["round"] < 2:
        rt.step(max(rt.next_event_us() or rt.now_us + 10_000, rt.now_us + 1))
    ended, actions = rt.now_us, rt.stats.actions
    pause_ms = cc.result_pause_ms(s.game.view(None), [], cfg["cabinet"]["round_result_ms"])
    while rt.stats.actions == actions and rt.now_us - ended < 30_000_000:
        rt.step(max(rt.next_event_us() or rt.now_us + 10_000, rt.now_us + 1))
    assert rt.stats.actions > actions, "round 2 never started"
    assert rt.now_us - ended >= pause_ms * 1000 - 50_000, \
        f"round 2's first action {(rt.now_us - ended) / 1e6:.2f} s after round 1 ended, under its {pause_ms} ms summary"


def test_the_header_names_the_round_its_summary_sums_up():
    """PT22 (issue 34): the header said "Round 2 of 9" over the box "Round
    1 done".  While a round's summary stands the header names that round;
    once it is read, the round being played."""
    game, before, after = _round_views()
    summary = cc.round_summary(before, after)
    rounds = after["rounds"]
    standing = hdmi_screen(game, context(game, [], round_summary=summary, banner="next 5"), size=(1920, 1080))
    assert f"Round 1 of {rounds}" in standing.texts(), [t for t in standing.texts() if t.startswith("Round")]
    read = hdmi_screen(game, context(game, []), size=(1920, 1080))
    assert f"Round 2 of {rounds}" in read.texts()
