"""What a seat's OLED offers of take-back, a hold at that moment does
(issue 34, the fresh play-test of Ginza Retro Café, 3 players, 2 bots,
/tmp/pt11 s17 -> s18; ruling CAB-11).  At the second bonus card of the
set-up seat 1's OLED said "hold left: take back"; the tester held Left and
read "nothing to take back": a choice offered, then refused.  Seat 1 had
kept its first bonus card last, so that pick stood kept into the second
draft, after the two cards passed to it were shown; the bots then picked
their second card during the hold.  Two causes, two rules: the cards
passed in the draft come to light (the pick before is final), and while a
person holds Left under the offer no bot moves (as in the pause hold), so
an offer is kept for the whole hold.  Each hold here is a person's: Left
held alone in the window, the seat's drawn OLED read."""
from __future__ import annotations

from firmware.rulings import LOOK_FIRST_US
from firmware.runtime.takeback import HINT, is_refusal

from .harness import cut_before

#: The tester's game (its journal's seed): Ginza, 3 players, seats 2 and 3 bots.
TESTER_SEED = 692142168
#: A Cryptid Cafe game (3 players, bots' journal) where seat 1 serves twice in round 1's serving.
SERVE_SEED = 1


def _journal_types(t) -> list[str]:
    return [a.get("type") for a in t.journal()]


def _confirm(t, seat: int = 0) -> None:
    """A person looks at its choices (a step away and back: its press is a
    choice, not a late answer to a dice check, ruling CAB-6), then presses
    twice."""
    t.press(seat, "right")
    t.press(seat, "left")
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 2)
    t.press(seat, "button")
    t.step(3)
    t.press(seat, "button")
    t.step(3)


def _hold_left(t, ms: int = 1200, seat: int = 0) -> list[str]:
    """``seat`` holds Left alone ``ms`` and lets go; returns the journal's
    action types the hold's moment added."""
    before = len(_journal_types(t))
    key = t.key_code(seat, "left")
    t.post(key, True)
    t.step(ms // t.pass_ms + 1)
    t.post(key, False)
    t.step(3)
    return _journal_types(t)[before:]


def test_ginza_s17_the_second_bonus_card_offers_no_take_back_that_a_hold_refuses(table):
    """s17 -> s18: seat 1 keeps its first bonus card after the bots; the
    cards passed to it are shown: its pick is final.  Its OLED does not
    offer a take-back, and a hold a second later says why."""
    t = table("ginza", 3, bots={1, 2}, seed=TESTER_SEED)
    s = t.session
    t.run_until(lambda t: t.has_choice(), max_passes=600)
    _confirm(t)                                          # its player card
    t.run_until(lambda t: s.game.st["phase"] == "draft1" and s.game.active_players() == [0], max_passes=900)
    _confirm(t)                                          # its first bonus card, the last one kept
    assert s.game.st["phase"] == "draft2"
    t.step(1000 // t.pass_ms)                            # reads the two cards passed to it
    offered = HINT in t.oled_texts(0)
    new = _hold_left(t)
    if offered:
        assert "take_back" in new, f"offered, then refused: {t.oled_texts(0)}"
    assert not offered, "the pick before the cards passed to seat 1 were shown is offered to take back"
    assert "cards were passed" in t.oled_texts(0), t.oled_texts(0)


def _serve_on(game) -> dict | None:
    """In Cryptid Cafe's serving (every seat at once), a serve of seat 1
    after which it still has one to make (its turn goes on), or None."""
    import copy
    if game.phase != "serve" or len(game.active_players()) < 2:
        return None
    for action in game.legal_actions(0):
        if action["type"] == "serve":
            after = copy.deepcopy(game)
            after.apply(action)
            if 0 in after.active_players():
                return action
    return None


def test_cryptid_cafe_an_offer_stands_for_the_whole_hold_while_the_bots_serve_too(table, tmp_path):
    """Every seat serves at once: seat 1 serves a customer, its OLED offers
    the take-back and it holds Left 1.2 s at once.  The bots, serving
    too, wait while it holds: the serve is taken back (before, a bot's
    serve in the hold refused it).  Once the hold is over they go on."""
    journal = cut_before(tmp_path, "cryptid-cafe", 3, SERVE_SEED, lambda g: _serve_on(g) is not None)
    t = table("cryptid-cafe", 3, bots={1, 2}, journal=journal)
    s = t.session
    t.run_until(lambda t: _serve_on(s.game) is not None and t.has_choice(), max_passes=600)
    serve, controls = _serve_on(s.game), s.runtime.controls[0]
    for _ in range(20):
        if controls.shown(s.game).chosen == serve:
            break
        t.press(0, "right")
    assert controls.shown(s.game).chosen == serve
    _confirm(t)
    t.run_until(lambda t: HINT in t.oled_texts(0), max_passes=30)
    bots_before = sum(1 for k in _journal_types(t) if k)
    new = _hold_left(t)                                  # at once: the bots are about to serve
    assert "take_back" in new, f"offered, then refused: {t.oled_texts(0)} (moves in the hold: {new})"
    t.step(4000 // t.pass_ms)                            # the bots go on once the hold is over
    assert sum(1 for k in _journal_types(t) if k) > bots_before + 1, "the bots stayed held after the hold"


def test_a_refused_hold_is_said_over_a_dice_check_too(table):
    """Ginza's set-up: while seat 1's dice check is on its OLED, a hold
    of Left takes nothing back: the OLED says why (it said nothing: the
    check's frame hid the words)."""
    t = table("ginza", 3, bots={1, 2}, seed=TESTER_SEED)
    s = t.session
    t.run_until(lambda t: t.has_choice(), max_passes=600)
    _confirm(t)
    t.run_until(lambda t: 0 in s.dice.held, max_passes=900)
    t.step(10)
    assert "press: dice ok" in t.oled_texts(0)
    new = _hold_left(t)
    assert "take_back" not in new
    assert any(is_refusal(x) for x in t.oled_texts(0)), t.oled_texts(0)
    assert "press: dice ok" in t.oled_texts(0) or 0 not in s.dice.held, "the check's own words went"

