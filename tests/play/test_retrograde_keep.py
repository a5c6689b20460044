"""Retrograde: a reroll keeps dice (the fresh play-tester of issue 117:
"you cannot keep dice when you reroll ... the reroll choice told me 'roll
6 dice!' and rerolled all six, so I lost three 1s").  Book, 2 - Roll Dice:
"Keep as many dice as you want and reroll the rest."

At the real cabinet the seat keeps dice by hand and the camera reads the
whole tray; only the words change.  In the simulator the table keeps the
dice that fit the target card (a person's: the card its cursor last
pointed at; a bot's: the card it aims for) and rolls only the others."""
from __future__ import annotations

import json

from engines.retrograde.components import default_components

from firmware.rulings import LATE_OK_US, LOOK_FIRST_US

COMP = default_components()


def _journal(t) -> list[dict]:
    return [json.loads(line) for line in (t.session.writer.path).read_text().splitlines()[1:]]


def _dice_in(t, seat: int = 0) -> list[int]:
    s = t.session
    t.run_until(lambda t: seat in s.dice.held, max_passes=3000)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)                    # looked at the dice (CAB-12)
    t.press(seat, "button")                                           # dice ok (the quick path, CAB-6)
    t.run_until(lambda t: seat not in s.dice.held, max_passes=200)
    t.step(LATE_OK_US // 1000 // t.pass_ms + 2)
    return list(s.game.view(seat)["seats"][seat]["dice"])


def _fits(dice: list[int], card: str) -> list[int]:
    colours = COMP.card(card).colours
    return sorted(v for v in dice if v in colours)


class _Draws:
    """Counts the dice the simulated table throws for seat 1 (its RNG's
    draws of a face while seat 1's tray rolls: the bots roll on the same
    RNG meanwhile, more of them the longer seat 1 checks its dice)."""

    def __init__(self, table, key: int = 0):
        self.n = 0
        self.rolling = False
        rng = table.rng
        real, real_roll = rng.randint, table.roll

        def counted(a, b):
            self.n += self.rolling and (a, b) == (1, 6)   # a die's face (not the tumbling dice's offsets)
            return real(a, b)

        def roll(k, *args, **kw):
            self.rolling = k == key
            try:
                return real_roll(k, *args, **kw)
            finally:
                self.rolling = False
        rng.randint = counted
        table.roll = roll


def _contains(whole: list[int], part: list[int]) -> bool:
    rest = list(whole)
    for v in part:
        if v not in rest:
            return False
        rest.remove(v)
    return True


def test_a_simulated_persons_reroll_keeps_the_dice_that_fit_the_card_under_its_cursor(table):
    t = table("retrograde", 3, bots={1, 2})
    s = t.session
    dice = _dice_in(t)
    order = s.runtime.controls[0].shown(s.game).choices
    cards = [a["card"] for a in order if a["type"] == "claim"]
    best = max(range(len(cards)), key=lambda i: len(_fits(dice, cards[i])))
    kept = _fits(dice, cards[best])
    assert kept, (dice, cards)
    for _ in range(best + 1):
        t.press(0, "right")                            # to the card: the HDMI lights it
    assert s.runtime.controls[0].shown(s.game).chosen["card"] == cards[best]
    t.step(20)                                         # the seat looks at it (0.66 s): its target
    for _ in range(best + 1):
        t.press(0, "left")                             # back to "reroll", past the cards before it
    assert s.runtime.controls[0].shown(s.game).chosen["type"] == "reroll"
    letter = "ABCDE"[best]
    words = " ".join(t.oled_texts(0))
    assert f"keep {' '.join(map(str, kept))} for {letter}" in words, words    # (", roll 2" where it fits)
    draws = _Draws(s.dice.table)
    t.press(0, "button")
    t.press(0, "button")
    after = _dice_in(t)
    assert sum(1 for a in _journal(t) if a.get("type") == "reroll" and a.get("player") == 0) == 1
    assert draws.n == 6 - len(kept), "the table rolls only the dice not kept"
    assert _contains(after, kept), (dice, kept, after)
    assert len(after) == 6, "the engine gets a reading of all six dice"


def test_the_words_of_a_reroll_never_say_roll_6_dice(table):
    t = table("retrograde", 3, bots={1, 2})
    s = t.session
    _dice_in(t)
    t.press(0, "button")
    t.press(0, "button")                                # reroll with no card pointed at
    seen = []
    for _ in range(30):
        t.step(1)
        seen.append(" ".join(t.oled_texts(0)))
        if 0 in s.dice.held:
            break
    assert not any("roll 6 dice" in w for w in seen), seen
    assert any("roll all 6" in w or "keep" in w for w in seen), seen


def test_the_real_cabinets_words_say_keep_what_you_like():
    """At the real cabinet the seat keeps dice by hand: the request's words
    say so (no count to roll)."""
    from engines.registry import new_game
    from firmware.screens.retrograde_words import dice_words
    game = new_game("retrograde", 3, seed=1)
    req = game.chance_requests()[0]
    first = dice_words(game, req, None)
    assert "roll 6 dice" not in first and "6" in first
    game.apply({"type": "dice", "player": 0, "values": [1, 1, 1, 2, 3, 4], "t_us": 1_000})
    game.apply({"type": "reroll", "player": 0, "t_us": 2_000})
    req = next(r for r in game.chance_requests() if r["player"] == 0)
    words = dice_words(game, req, None)
    assert "keep" in words and "roll the rest" in words and "6" not in words, words
    sim = dice_words(game, req, [1, 1, 1])
    assert "keep 1 1 1" in sim and "roll the other 3" in sim, sim
    assert dice_words(game, req, [1, 1, 1, 2, 3]) == "keep 1 1 1 2 3; roll the other die"


def test_the_rolling_words_say_the_dice_rolled_are_the_others():
    """PT33: "keep 2, roll 5 dice" read as seven dice (the kept die is
    named by its face, the rolled ones by a count).  The words say the
    dice rolled are the others: "keep 2; roll the other 5"."""
    from engines.registry import new_game
    from firmware.screens.retrograde_words import dice_words
    game = new_game("retrograde", 3, seed=1)
    game.apply({"type": "dice", "player": 0, "values": [2, 1, 1, 2, 3, 4], "t_us": 1_000})
    game.apply({"type": "reroll", "player": 0, "t_us": 2_000})
    req = next(r for r in game.chance_requests() if r["player"] == 0)
    assert dice_words(game, req, [2]) == "keep 2; roll the other 5"


def test_a_bots_reroll_keeps_its_targets_dice(table):
    """Bots reroll through the same simulated table: the dice their plan
    keeps stay in the tray, the others are thrown; the reading after the
    reroll holds the kept dice and counts all six."""
    t = table("retrograde", 3, bots={0, 1, 2})
    s = t.session
    draws = _Draws(s.dice.table)
    t.run_until(lambda t: sum(1 for a in _journal(t) if a.get("type") == "reroll") >= 3
                or s.game.view(None)["round"] > 1, max_passes=6000, ms=100)
    j = _journal(t)
    rerolls = [a for a in j if a.get("type") == "reroll"]
    assert rerolls, "the bots rerolled"
    keeps = s.dice.kept_log                      # (tray key, kept values), one per request served
    assert any(k for _, k in keeps), ("some bot kept dice on a reroll", keeps)
    assert draws.n < 6 * len(keeps), "the dice kept were not thrown again"
    kept_by_seat = {key: [k for kk, k in keeps if kk == key] for key in range(3)}
    for p in range(3):
        readings = [a["values"] for a in j if a.get("type") == "dice" and a["player"] == p]
        for kept, after in zip(kept_by_seat[p][1:], readings[1:]):
            assert len(after) == 6 and _contains(after, kept), (p, kept, after)


def test_the_bots_keep_choice_is_its_target_cards_dice():
    """bots/retrograde.py: the bot's plan for a reroll keeps the dice that
    fit the card it aims for."""
    import random
    from bots.base import make_bot
    from engines.registry import new_game
    game = new_game("retrograde", 3, seed=4)
    game.apply({"type": "dice", "player": 0, "values": [1, 1, 1, 2, 3, 5], "t_us": 1_000})
    bot = make_bot("retrograde", "normal", 3)
    keep = bot.keep_dice(game, 0)
    target = bot.memory.get("target")
    assert target in game.view(0)["face_up_ids"]
    assert sorted(keep) == _fits([1, 1, 1, 2, 3, 5], target)
    assert random  # (the policy's own RNG is untouched by the keep)


def test_the_words_keep_no_dice_for_a_card_another_seat_took():
    """The window play: seat 2 claimed card A, seat 1's target; the OLED
    still said "keep 2 for A" while the table kept none: words and table
    agree."""
    from engines.registry import new_game
    from firmware.screens.retrograde_plans import card_letters
    from firmware.screens.retrograde_words import kept_dice, reroll_forms
    game = new_game("retrograde", 2, seed=5)
    first = game.view(None)["face_up_ids"][0]
    colours = COMP.card(first).colours
    game.apply({"type": "dice", "player": 0, "values": [colours[0], colours[1], 1, 2, 3, 4], "t_us": 1_000})
    view = game.view(0)
    letter = card_letters(view)[first]
    fit = _fits(view["seats"][0]["dice"], first)
    vals = " ".join(map(str, fit))
    assert reroll_forms(view, 0, first, True)[0] == f"keep {vals} for {letter}, roll the other {6 - len(fit)}"
    view["face_up_ids"].remove(first)           # another seat took it
    view["seats"][1]["claim"] = first
    assert reroll_forms(view, 0, first, True)[1] == f"{letter} taken: roll all 6"   # says why (PT71)
    assert reroll_forms(view, 0, None, True) == ["no card: roll all 6"]
    assert "keep what you like" in reroll_forms(view, 0, first, False)[0]
    assert kept_dice(game, 0, "no such card") == []


def test_a_bots_reroll_throws_at_least_one_die():
    """The window play: in Stop the bot held 4 1 4 4 1 1, every die fitting
    card C (1/4), and "rerolled" keeping all six, a reroll spent on
    nothing.  A reroll throws the odd ones out (here one 1 and one 4)."""
    from bots.base import make_bot
    from engines.registry import new_game
    game = new_game("retrograde", 2, seed=5)
    view = game.view(None)
    card = view["face_up_ids"][0]
    a, b = COMP.card(card).colours
    game.apply({"type": "dice", "player": 0, "values": [b, a, b, b, a, a], "t_us": 1_000})
    bot = make_bot("retrograde", "normal", 3)
    bot.memory["target"] = card
    bot.memory["target_of"] = (1, (b, a, b, b, a, a))
    keep = bot.keep_dice(game, 0)
    assert len(keep) < 6 and sorted(keep) == sorted([a, a, b, b]), keep


def test_the_real_cabinets_reroll_words_fit_the_oled_line():
    """The cursor on "reroll" at the real cabinet: the one line under the
    dice says to keep some and roll the rest, whole words (it read "keep
    what you ..."); the Stop seat's too."""
    from engines.registry import new_game
    from firmware.runtime.controls import SeatControls
    from firmware.screens.retrograde_oled import oled_frame
    game = new_game("retrograde", 2, seed=5)
    game.apply({"type": "dice", "player": 0, "values": [1, 1, 1, 2, 3, 4], "t_us": 1_000})
    controls = SeatControls(0)
    controls.refresh(game)
    texts = oled_frame(game, 0, game.view(0), controls, {"simulated_dice": False, "targets": {}}).texts
    assert "keep some, roll rest" in texts, texts
    assert not any("..." in t for t in texts), texts


def test_the_stop_seats_line_keeps_its_rerolls_left_and_the_dice_kept():
    """Stop with the cursor on "reroll": the one line said only "keep some,
    roll rest" and lost the rerolls left; it says both where it can."""
    from engines.registry import new_game
    from firmware.runtime.controls import SeatControls
    from firmware.screens.retrograde_oled import oled_frame
    game = new_game("retrograde", 2, seed=5)
    game.apply({"type": "dice", "player": 0, "values": [1, 1, 1, 2, 3, 4], "t_us": 1_000})
    game.apply({"type": "dice", "player": 1, "values": [1, 1, 1, 2, 3, 4], "t_us": 1_000})
    card = game.view(None)["face_up_ids"][0]
    game.apply({"type": "claim", "player": 1, "card": card, "t_us": 2_000})
    game.apply({"type": "tick", "t_us": 3_000_000})
    assert game.view(None)["phase"] == "stop" and game.view(None)["stop_seat"] == 0
    controls = SeatControls(0)
    controls.refresh(game)
    assert controls.shown(game).chosen["type"] == "reroll"
    real = " ".join(oled_frame(game, 0, game.view(0), controls, {"simulated_dice": False}).texts)
    assert "2 rerolls, keep some" in real, real
    other = next(c for c in game.view(None)["face_up_ids"])
    letter = card_letters_of(game)[other]
    fit = _fits([1, 1, 1, 2, 3, 4], other)
    sim = " ".join(oled_frame(game, 0, game.view(0), controls,
                              {"simulated_dice": True, "targets": {0: other}}).texts)
    said = f"2 rerolls, keep {' '.join(map(str, fit))}" if fit else "2 rerolls, roll all 6"
    assert said in sim and letter, sim


def card_letters_of(game) -> dict[str, str]:
    from firmware.screens.retrograde_plans import card_letters
    return card_letters(game.view(None))


def test_the_reroll_words_never_set_a_kept_face_beside_a_bare_count():
    """PT43 (a fresh play-tester): the armed reroll's "again: keep 5, roll
    5" mixed a face (the 5 kept) and a count (five dice thrown), as PT33's
    "keep 2, roll 5 dice" had on the HDMI.  Every form that names the
    dice kept and the dice thrown says the thrown ones are the others;
    a shorter form leaves the count out."""
    import re
    from engines.registry import new_game
    from firmware.screens.retrograde_words import armed_forms, reroll_forms
    game = new_game("retrograde", 2, seed=5)
    first = game.view(None)["face_up_ids"][0]
    colours = COMP.card(first).colours
    game.apply({"type": "dice", "player": 0, "values": [colours[0], 1, 2, 3, 4, 6], "t_us": 1_000})
    view = game.view(0)
    fit = _fits(view["seats"][0]["dice"], first)
    assert fit and len(fit) < 6
    forms = reroll_forms(view, 0, first, True) + armed_forms(view, 0, fit)
    bare = [f for f in forms if re.search(r"keep [\d ]+.*\broll \d", f)]
    assert not bare, bare
    assert any(f"roll the other {6 - len(fit)}" in f or f"roll other {6 - len(fit)}" in f for f in forms), forms
