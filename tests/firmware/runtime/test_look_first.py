"""A new choice is looked at before a press takes it (ruling CAB-12; the
fresh play-tester: a Retrograde claim that started the seat's blast turn,
and two more presses 0.3 s apart armed and confirmed a blast plan never
seen; a second "dice ok" press armed Ginza's "keep this card" and
Retrograde's reroll).  A press of a seat played by a person within
:data:`firmware.rulings.LOOK_FIRST_US` after a new decision appeared for
it (and no turn of its cursor since) arms and confirms nothing: it only
says "new choice: look first".  Races stand as stamped."""
from __future__ import annotations

import json

import pytest

from engines.registry import is_available
from firmware.runtime import config
from firmware.app.session import Session, SessionOptions
from firmware.rulings import LATE_OK_US, LOOK_FIRST_US
from firmware.runtime.controls import LOOK_FIRST

NOT_A_PI = None


def new_session(tmp_path, game_id, players, bots, seed=3):
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    opts = SessionOptions(headless=True, size=(800, 480), bots=set(bots))
    return Session.new(cfg, game_id, players, seed, None, tmp_path / "g.jsonl", opts, model=NOT_A_PI)


def run_until(rt, cond, limit_us=60_000_000):
    """Step the runtime from one scheduled event to the next until ``cond()``."""
    end = rt.now_us + limit_us
    while not cond() and rt.now_us < end:
        nxt = rt.next_event_us()
        rt.step(max(nxt if nxt is not None else rt.now_us + 50_000, rt.now_us + 1))
    assert cond(), "not reached"


def run_to(rt, t_us):
    """Step the runtime through every event up to ``t_us``."""
    while rt.now_us < t_us:
        nxt = rt.next_event_us()
        rt.step(min(max(nxt if nxt is not None else t_us, rt.now_us + 1), t_us))


def _journal(s) -> list[dict]:
    return [json.loads(line) for line in s.writer.path.read_text().splitlines()[1:]]


HOLD_US = 80_000     # a short press: the dice check takes it at its release (CAB-6)


def press_at(rt, seat, t_us, hold_us=HOLD_US):
    rt.timeline.press(seat, t_us, hold_us=hold_us)


def _retro_stop(tmp_path, seed=3):
    """Retrograde, seat 1 a person, seat 2 a bot: the bot claimed first, so
    seat 1 is the last claimer (Stop, RG-8); its dice are in, the check and
    its late "dice ok" passed."""
    s = new_session(tmp_path, "retrograde", 2, bots={1}, seed=seed)
    rt, g = s.runtime, s.game
    run_until(rt, lambda: g.view(None)["seats"][1]["claim"] is not None
              and g.view(None)["seats"][0]["dice"] is not None and not s.dice.held)
    run_to(rt, rt.now_us + LATE_OK_US + 100_000)
    return s


@pytest.mark.skipif(not is_available("retrograde"), reason="Retrograde engine not available")
def test_cab11_three_presses_on_a_card_claim_it_and_choose_no_blast_plan_unseen(tmp_path):
    """Issue 1: the cursor on a card, three presses 0.3 s apart: the first
    claims (the last claim: the seat's blast turn starts at once); the
    second and third come 250 and 550 ms after the plans appeared: neither
    arms nor confirms a plan; the OLED says "new choice: look first"."""
    s = _retro_stop(tmp_path)
    rt, g = s.runtime, s.game
    choices = rt.controls[0].refresh(g)
    card = next(i for i, a in enumerate(choices) if a["type"] == "claim")
    rt.nav(0, card - rt.controls[0].cursor)
    run_to(rt, rt.now_us + 2_000_000)                      # the seat looked at its card
    t0 = rt.now_us + 1000
    for k in range(3):
        press_at(rt, 0, t0 + k * 300_000)
    run_to(rt, t0 + 650_000)                               # the guard still runs: the OLED says why
    assert rt.prompts.get(0) == LOOK_FIRST
    run_to(rt, t0 + 1_000_000)                             # (its words go with the guard, g1o_02)
    view = g.view(None)
    assert view["seats"][0]["claim"] is not None, "the first press claimed at once (a race)"
    assert view["phase"] == "blast" and view["turn"]["seat"] == 0
    assert not any(view["seats"][0]["blasted"]) and g.scores()[0] == 0, "a plan was chosen blind"
    assert rt.controls[0].armed is None, "a plan was armed blind"
    # looked at: two presses after the guard choose the plan under the cursor
    t1 = rt.now_us + 300_000
    press_at(rt, 0, t1)
    press_at(rt, 0, t1 + 300_000)
    run_to(rt, t1 + 800_000)
    assert any(g.view(None)["seats"][0]["blasted"]) or g.view(None)["turn"] is None \
        or g.view(None)["turn"]["seat"] != 0, "after the guard the seat's presses choose again"


@pytest.mark.skipif(not is_available("retrograde"), reason="Retrograde engine not available")
def test_cab11_a_second_dice_ok_press_does_not_arm_the_reroll(tmp_path):
    """Issue 2 (Retrograde): the seat accepts its dice with a press, and
    presses again 300 ms later (a double tap): the reroll, now under the
    cursor, is not armed."""
    s = new_session(tmp_path, "retrograde", 2, bots={1})
    rt = s.runtime
    run_until(rt, lambda: 0 in s.dice.held)
    t0 = rt.now_us + LOOK_FIRST_US + 1000   # the check looked at first (CAB-6, CAB-12)
    press_at(rt, 0, t0)                     # dice ok
    press_at(rt, 0, t0 + 300_000)           # again
    run_to(rt, t0 + 500_000)
    assert s.game.view(0)["seats"][0]["dice"] is not None, "the first press accepted the dice"
    assert rt.controls[0].armed is None, "the second press armed " + str(rt.controls[0].armed)
    assert rt.prompts.get(0) == LOOK_FIRST


@pytest.mark.skipif(not is_available("ginza"), reason="Ginza engine not available")
def test_cab11_dice_ok_presses_do_not_arm_a_bonus_card_unseen(tmp_path):
    """Issue 2 (Ginza): the seat presses "dice ok" on its own dice and on
    the common dice, and once more 300 ms later: the bonus card that
    appeared meanwhile is not armed; after the guard a press arms it."""
    s = new_session(tmp_path, "ginza", 2, bots={1})
    rt, g = s.runtime, s.game
    run_until(rt, lambda: 0 in g.active_players())
    rt.nav(0, 0)
    t = rt.now_us + 1_000_000
    press_at(rt, 0, t)
    press_at(rt, 0, t + 300_000)            # the seat's character card, chosen as a person does
    run_until(rt, lambda: 0 in s.dice.held and -1 in s.dice.held)
    t0 = rt.now_us + LOOK_FIRST_US + 1000   # each check looked at first (CAB-6, CAB-12)
    press_at(rt, 0, t0)                     # dice ok (its own): the common dice's check appears
    t1 = t0 + HOLD_US + LOOK_FIRST_US + 50_000
    press_at(rt, 0, t1)                     # dice ok (the common dice)
    press_at(rt, 0, t1 + 300_000)           # and once more
    run_to(rt, t1 + 500_000)
    assert not s.dice.held and g.view(None)["phase"] == "draft1"
    assert rt.controls[0].armed is None, "a bonus card was armed unseen"
    assert rt.prompts.get(0) == LOOK_FIRST
    shown = t1 + HOLD_US                    # the common dice went in at the release of "dice ok"
    assert rt.controls[0].new_at_us == shown
    press_at(rt, 0, shown + LOOK_FIRST_US + 50_000)
    run_to(rt, shown + LOOK_FIRST_US + 200_000)
    assert rt.controls[0].armed is not None, "after the guard a press arms the card"
    assert rt.prompts.get(0) != LOOK_FIRST


@pytest.mark.skipif(not is_available("retrograde"), reason="Retrograde engine not available")
def test_cab11_a_claim_is_never_guarded(tmp_path):
    """Claims are races (RG-12): a press on a card 200 ms after the
    seat's choices appeared claims at once, stamped at its edge."""
    s = new_session(tmp_path, "retrograde", 2, bots={1})
    rt, g = s.runtime, s.game
    run_until(rt, lambda: 0 in s.dice.held)
    t0 = rt.now_us + LOOK_FIRST_US + 1000   # the check looked at first (CAB-6, CAB-12)
    press_at(rt, 0, t0)                     # dice ok: the claims appear
    run_to(rt, t0 + 100_000)
    choices = rt.controls[0].refresh(g)
    rt.controls[0].cursor = next(i for i, a in enumerate(choices) if a["type"] == "claim")   # no turn
    press_at(rt, 0, t0 + 200_000)
    run_to(rt, t0 + 400_000)
    claims = [a for a in _journal(s) if a.get("type") == "claim" and a["player"] == 0]
    assert claims and claims[0]["t_us"] == t0 + 200_000, claims


@pytest.mark.skipif(not is_available("cha-dango"), reason="Cha dango engine not available")
def test_cab11_a_slap_just_after_the_reveal_stands_as_stamped(tmp_path):
    """Cha dango's slaps are races: a slap 300 ms after the order appeared
    goes to the game with its edge's stamp, no guard."""
    s = new_session(tmp_path, "cha-dango", 3, bots=set())
    rt = s.runtime
    rt.step(rt.now_us)
    t0 = rt.now_us
    press_at(rt, 0, t0 + 10_000)            # seat 1 reveals
    run_to(rt, t0 + 200_000)
    assert s.game.view(None)["phase"] == "race"
    press_at(rt, 1, t0 + 510_000)           # seat 2 slaps 500 ms after the reveal
    run_to(rt, t0 + 700_000)
    slaps = [a for a in _journal(s) if a.get("type") == "slap"]
    assert slaps and slaps[0]["t_us"] == t0 + 510_000, slaps


@pytest.mark.skipif(not is_available("retrograde"), reason="Retrograde engine not available")
def test_cab11_a_card_another_seat_took_is_no_new_choice(tmp_path):
    """Another seat's claim takes one card from the seat's choices: the
    choice under its cursor (the reroll) is the same, so its press right
    after arms it as always."""
    s = new_session(tmp_path, "retrograde", 3, bots={1, 2})
    rt, g = s.runtime, s.game
    run_until(rt, lambda: g.view(None)["seats"][0]["dice"] is not None and not s.dice.held)
    press_at(rt, 0, rt.now_us + 100_000)           # answers its check, which ran out (CAB-6)
    run_to(rt, rt.now_us + LATE_OK_US + 100_000)
    assert not any(g.view(None)["seats"][k]["claim"] for k in (1, 2)), "a bot claimed before the seat looked"
    run_until(rt, lambda: any(g.view(None)["seats"][k]["claim"] for k in (1, 2)))
    assert rt.controls[0].shown(g).chosen["type"] == "reroll"
    press_at(rt, 0, rt.now_us + 100_000)
    run_to(rt, rt.now_us + 300_000)
    assert rt.controls[0].armed is not None and rt.prompts.get(0) != LOOK_FIRST, rt.prompts


@pytest.mark.skipif(not is_available("ginza"), reason="Ginza engine not available")
def test_cab11_the_common_dice_check_is_guarded_from_when_the_seats_oled_shows_it(tmp_path):
    """Issue 34 (CAB-6 with CAB-12): the common dice's check appears on
    seat 1's OLED when its own check ends; a press 300 ms after that only
    shows it ("look first: check the dice"), one after the guard accepts."""
    from firmware.rulings import CHECK_LOOK_WORDS
    s = new_session(tmp_path, "ginza", 2, bots={1})
    rt, g = s.runtime, s.game
    run_until(rt, lambda: 0 in g.active_players())
    rt.nav(0, 0)
    t = rt.now_us + 1_000_000
    press_at(rt, 0, t)
    press_at(rt, 0, t + 1_000_000)          # the seat's character card
    run_until(rt, lambda: 0 in s.dice.held and -1 in s.dice.held)
    t0 = rt.now_us + LOOK_FIRST_US + 1000
    press_at(rt, 0, t0)                     # dice ok (its own): the common check appears
    press_at(rt, 0, t0 + HOLD_US + 300_000)
    run_to(rt, t0 + HOLD_US + 500_000)
    assert 0 not in s.dice.held and -1 in s.dice.held, "a press 300 ms after the common check appeared took it"
    assert rt.prompts.get(0) == CHECK_LOOK_WORDS
    press_at(rt, 0, t0 + HOLD_US + LOOK_FIRST_US + 50_000)
    run_to(rt, t0 + HOLD_US + LOOK_FIRST_US + 200_000)
    assert -1 not in s.dice.held, "after the guard a press accepts the common dice"
