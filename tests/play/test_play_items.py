"""Issue 34, items 2 and 10, played as a person at the simulated cabinet's
window (see conftest.py): Retrograde's claims follow the screen's A-D
order and a new phase opens on its first choice; the simulated dice go on
after the game is left with Esc and resumed, instead of rolling round 1's
dice again."""
from __future__ import annotations

from firmware.screens.retrograde import card_letters


def _claim_letter(texts: list[str]) -> str | None:
    """The card letter a Retrograde OLED's choice line names ("claim card
    C" -> "C"), None when it names no claim."""
    for text in texts:
        words = text.split()
        if text.startswith("claim card") and len(words) == 3:
            return words[-1]
    return None


def _can_choose(t) -> bool:
    s = t.session
    return 0 in s.game.active_players() and len(s.runtime.controls[0].refresh(s.game)) > 1


def _to_last_card(t) -> list[str]:
    """Seat 1 (solo) waits for its dice, then presses Right once per card;
    returns the screen's letters, what the OLED named after each Right and
    the cards the HDMI lit for seat 1."""
    s = t.session
    t.run_until(_can_choose, max_passes=1500, ms=100)
    t.step(3)
    letters = sorted(card_letters(s.game.view(None)).values())
    assert len(letters) >= 3
    oled, lit = [], []
    for _ in letters:
        t.press(0, "right")
        oled.append(_claim_letter(t.oled_texts(0)))
        lit.append(sorted(k for k, seats in (t.scene().facts.get("pointing") or {}).items() if 0 in seats))
    return letters, oled, lit


def test_retrograde_claims_step_through_the_cards_in_the_screens_a_to_d_order(table):
    """Item 2: Right x4 from "reroll" showed B, A, D, C (the deck's order)
    and Space then claimed C.  Now each Right names the next letter on the
    OLED, the HDMI lights that card for the seat, and Space claims the card
    both showed."""
    t = table("retrograde", 1, seed=1)             # solo: no bot takes a card while seat 1 looks
    letters, oled, lit = _to_last_card(t)
    assert oled == letters, f"Right x{len(letters)} showed {oled} on the OLED, the screen's order is {letters}"
    assert lit == [[x] for x in letters], f"the HDMI lit {lit} while the OLED showed {oled}"
    t.press(0, "button")                            # a claim acts on the first press
    view = t.session.game.view(None)
    claimed = card_letters(view).get(view["seats"][0]["claim"])
    assert claimed == oled[-1], f"the OLED showed card {oled[-1]}, Space claimed {claimed}"


def test_retrograde_blast_phase_opens_on_its_first_plan_after_a_claim(table):
    """Item 2: the cursor carried over between phases: the claim made from
    the 5th choice opened the blast phase on "plan 5"."""
    t = table("retrograde", 1, seed=1)
    s = t.session
    _to_last_card(t)
    t.press(0, "button")
    t.run_until(lambda t: s.game.view(None)["phase"] == "blast" and _can_choose(t), max_passes=300)
    t.step(2)
    plans = sum(1 for a in s.runtime.controls[0].refresh(s.game) if a["type"] == "plan")
    texts = t.oled_texts(0)
    assert f"plan 1 of {plans}" in texts, \
        f"the blast phase opened on {texts}, not on its first plan"
    assert t.scene().facts["plan"]["index"] == 0, "the HDMI lights another plan than the first"


def _dice_seen(t) -> list[int] | None:
    """Seat 1's dice as the HDMI draws them (its sheet's dice), or None."""
    dice = (t.scene().facts.get("dice") or {}).get(0)
    return list(dice) if dice else None


def test_after_leaving_with_esc_and_resuming_the_next_roll_is_not_round_ones_again(table, tmp_path):
    """Item 10: the first simulated roll after a resume repeated round 1's
    (the throw RNG started again from the seed).  A person plays round 1,
    leaves with Esc Esc, resumes, and sees other dice."""
    t = table("retrograde", 1, seed=5)
    s = t.session
    t.run_until(lambda t: _dice_seen(t) is not None, max_passes=3000)
    first = _dice_seen(t)
    for _ in range(3000):                           # round 1 played to its end as a hurried person
        if s.game.view(None)["round"] != 1:
            break
        if _can_choose(t):
            t.press(0, "right")                     # the first card, then its first blast plan
            t.press(0, "button")
            t.press(0, "button")
        else:
            t.step(ms=100)
    assert s.game.view(None)["round"] == 2
    t.key("escape")
    t.key("escape")
    assert t.loop.left, "Esc twice did not leave the game"
    journal = s.writer.path
    t.close()
    again = table("retrograde", 1, journal=journal)
    again.run_until(lambda t: _dice_seen(t) is not None, max_passes=3000)
    assert again.session.game.view(None)["round"] == 2
    assert _dice_seen(again) != first, f"round 2 after the resume rolled round 1's dice again: {first}"
