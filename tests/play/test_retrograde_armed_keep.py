"""Retrograde in the simulator: an armed reroll keeps what its arming
showed (rulings RG-15, RG-16; a fresh play-tester, round 2 of seed 11:
"Pointed at card A; the OLED said 'keep 1 1 1 for A'.  Moved to reroll
and pressed twice.  Seat 2 took A between my Left and my first press.
The armed screen said only 'press again to reroll' ... at most two of my
three 1s stayed"; and "every armed reroll: the 'keep 4 4 4' line is
replaced by 'press again to reroll'").

The arming press fixes the dice the simulated table keeps (those that fit
the seat's target then); the confirming press keeps exactly those, and
while armed the OLED says so ("press again: keep 1 1 1, roll 3")."""
from __future__ import annotations

from engines.retrograde.components import default_components

from firmware.rulings import LATE_OK_US, LOOK_FIRST_US

COMP = default_components()


def _fits(dice: list[int], card: str) -> list[int]:
    colours = COMP.card(card).colours
    return sorted(v for v in dice if v in colours)


def _texts(t, seat: int = 0) -> str:
    return " | ".join(t.oled_texts(seat))


def _all_dice_in(t, players: int) -> None:
    """Every seat's first reading is in: seat 1 says "dice ok", the others'
    checks run out (nobody pressed: accepted)."""
    s = t.session
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.press(0, "button")                                      # dice ok
    t.run_until(lambda t: all(s.game.view(None)["seats"][p]["dice"] for p in range(players))
                and not s.dice.held, max_passes=3000)
    t.step(LATE_OK_US // 1000 // t.pass_ms + 2)


def _aim_and_back(t, seat: int = 0) -> tuple[str, list[int], str]:
    """``seat`` points at the card most of its dice fit, rests there (its
    target) and goes back to "reroll": (card, the dice that fit, letter)."""
    s = t.session
    dice = list(s.game.view(seat)["seats"][seat]["dice"])
    order = s.runtime.controls[seat].shown(s.game).choices
    cards = [a["card"] for a in order if a["type"] == "claim"]
    best = max(range(len(cards)), key=lambda i: len(_fits(dice, cards[i])))
    kept = _fits(dice, cards[best])
    assert kept, (dice, cards)
    for _ in range(best + 1):
        t.press(seat, "right")
    assert s.runtime.controls[seat].shown(s.game).chosen["card"] == cards[best]
    t.step(20)                                               # rested on it (0.66 s): its target
    for _ in range(best + 1):
        t.press(seat, "left")
    assert s.runtime.controls[seat].shown(s.game).chosen["type"] == "reroll"
    return cards[best], kept, "ABCDE"[best]


def _kept_of(s, seat: int) -> list[int]:
    """The dice the simulated table kept for ``seat``'s last reroll."""
    return sorted(next(k for key, k in reversed(s.dice.kept_log) if key == seat))


def test_the_armed_rerolls_oled_names_the_dice_it_keeps(table):
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    s = t.session
    _all_dice_in(t, 3)
    card, kept, _ = _aim_and_back(t)
    vals = " ".join(map(str, kept))
    t.press(0, "button")                                     # arms the reroll
    t.step(2)
    assert s.runtime.controls[0].shown(s.game).armed
    words = _texts(t)
    assert f"keep {vals}" in words and "again" in words, words


def test_an_armed_reroll_whose_target_is_taken_before_the_confirm_is_disarmed_and_keeps_what_its_new_arming_shows(table):
    """Another seat takes the target card between the arming and the
    confirm: the reroll is disarmed (PT31: a confirm then kept dice for a
    card that was gone); the seat's next press arms again, its OLED naming
    the dice kept now, and the confirm keeps exactly those."""
    t = table("retrograde", 3, bots=set(), seed=11)
    s = t.session
    _all_dice_in(t, 3)
    card, kept, letter = _aim_and_back(t)
    t.press(0, "button")                                     # arms: "press again: keep ..."
    assert s.runtime.controls[0].shown(s.game).armed
    t.turn_to("claim", seat=1)                               # seat 2 goes for the same card
    for _ in range(6):
        if s.runtime.controls[1].shown(s.game).chosen.get("card") == card:
            break
        t.press(1, "right")
    assert s.runtime.controls[1].shown(s.game).chosen.get("card") == card
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.press(1, "button")                                     # and takes it
    t.run_until(lambda t: card not in s.game.view(None)["face_up_ids"], max_passes=200)
    t.step(2)
    assert not s.runtime.controls[0].shown(s.game).armed, "its card went: disarmed"
    assert f"card {letter} was taken" in _texts(t), _texts(t)
    t.press(0, "button")                                     # arms again, on what it sees now
    assert s.runtime.controls[0].shown(s.game).armed
    now = sorted(s.runtime.armed_keeps_now()[0])
    words = _texts(t)
    assert "again" in words and (f"keep {' '.join(map(str, now))}" in words if now else "roll all 6" in words), words
    logged = len(s.dice.kept_log)
    t.press(0, "button")                                     # the confirm: the reroll
    t.run_until(lambda t: any(a.get("type") == "reroll" and a.get("player") == 0 for a in t.journal()),
                max_passes=20)
    t.run_until(lambda t: any(key == 0 for key, _ in s.dice.kept_log[logged:]), max_passes=200)
    assert _kept_of(s, 0) == now, (card, letter, now, s.dice.kept_log)


def test_the_real_cabinets_armed_reroll_still_says_press_again_to_reroll():
    """At the real cabinet the seat keeps dice by hand: its armed reroll
    names no dice ("press again to reroll", RG-15); the simulator's names
    those its arming fixed, or says it keeps none."""
    from engines.registry import new_game
    from firmware.runtime.controls import SeatControls
    from firmware.screens.retrograde_oled import oled_frame
    game = new_game("retrograde", 2, seed=5)
    game.apply({"type": "dice", "player": 0, "values": [1, 1, 1, 2, 3, 4], "t_us": 1_000})
    controls = SeatControls(0)
    controls.refresh(game)
    assert controls.shown(game).chosen["type"] == "reroll"
    assert controls.press(game, 2_000_000) is None and controls.shown(game).armed
    real = " | ".join(oled_frame(game, 0, game.view(0), controls, {"simulated_dice": False}).texts)
    assert "press again to reroll" in real and "keep" not in real, real
    sim = " | ".join(oled_frame(game, 0, game.view(0), controls,
                                {"simulated_dice": True, "armed_keeps": {0: [1, 1, 1]}}).texts)
    assert "keep 1 1 1" in sim and "again" in sim, sim
    none = " | ".join(oled_frame(game, 0, game.view(0), controls,
                                 {"simulated_dice": True, "armed_keeps": {0: []}}).texts)
    assert "roll all 6" in none and "again" in none, none


def test_an_armed_keep_no_longer_among_the_seats_dice_falls_back_to_its_targets(table):
    """The dice the arming fixed are gone from the seat's dice by the
    confirm (here set so by hand): the reroll keeps what fits its target."""
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    s = t.session
    _all_dice_in(t, 3)
    card, kept, _ = _aim_and_back(t)
    t.press(0, "button")                                     # arms
    rnd, key, fixed = s.runtime.armed_keeps[0]
    assert sorted(fixed) == kept
    s.runtime.armed_keeps[0] = (rnd, key, [6, 6, 6, 6])      # not among its dice (one 6)
    logged = len(s.dice.kept_log)
    t.press(0, "button")
    t.run_until(lambda t: any(key == 0 for key, _ in s.dice.kept_log[logged:]), max_passes=200)
    assert _kept_of(s, 0) == kept, s.dice.kept_log
    assert 0 not in s.runtime.armed_keeps, "used once"


def test_an_arrow_disarms_and_drops_the_fixed_keep(table):
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    s = t.session
    _all_dice_in(t, 3)
    _aim_and_back(t)
    t.press(0, "button")                                     # arms
    assert 0 in s.runtime.armed_keeps_now()
    t.press(0, "right")
    assert not s.runtime.controls[0].shown(s.game).armed and 0 not in s.runtime.armed_keeps
