"""Cha dango: what a seat's press that did nothing says (the runtime's
hooks, issue 34): a press just after a race was decided or timed out is
"too late" (:func:`late_press`, ruling CD-12), any other press between
races says why it did nothing (:func:`idle_press`: "next order in 3 s",
"wait: Seat 2 reveals"), and a customer under a seat's cursor that changed
unseen is named (:func:`aim_changed`: "panda gone: now cat")."""
from __future__ import annotations

from typing import Any

from firmware.screens.cha_dango_words import ms_text, seat_name

#: how long after the winner's hit a press still reads as a late answer to that race (us)
LATE_PRESS_US = 2_000_000


def late_press(game, seat: int, t_us: int) -> str | None:
    """The runtime's hook for a press that did nothing: when ``seat``
    pressed within :data:`LATE_PRESS_US` after the race just decided by
    its last serve (every matching customer served) without having
    answered in it, the words for the result, counted from that serve and
    naming its winner ("Player 3's hit came 50 ms after Player 2's: too
    late, the race was decided"; PT44: a race of three matches counted from
    its first serve, and a press past the 6 s mark was told of a time-out
    that never came); when the race timed out instead and the seat pressed
    within as long after it (CD-9: nobody answers after it), "Player 2's
    hit came 340 ms after the time-out: too late, the race was over"
    (issue 34: such a press was told nothing); None otherwise (the press
    is ignored)."""
    view = game.view(None)
    last = view.get("last_race")
    if view.get("race") is not None or not last:
        return None
    answers = last.get("answers") or []
    if seat < len(answers) and answers[seat] is not None:
        return None
    won = last.get("won") or []
    if last.get("matched") and won and len(won) >= len(last.get("customers") or []):
        final = max(won, key=lambda w: w["t_us"])      # the serve that decided the race (CD-12)
        if 0 <= t_us - final["t_us"] <= LATE_PRESS_US and final["player"] != seat:
            return (f"{seat_name(seat)}'s hit came {ms_text(t_us - final['t_us'])} after "
                    f"{seat_name(final['player'])}'s: too late, the race was decided")
        return None
    timeout_us = last["open_us"] + game.options["sip_timeout_us"]     # (a pause moved both on alike, CAB-8)
    if 0 <= t_us - timeout_us <= LATE_PRESS_US:
        return f"{seat_name(seat)}'s hit came {ms_text(t_us - timeout_us)} after the time-out: too late, the race was over"
    return None


def idle_press(game, seat: int, t_us: int, not_before: dict[str, int]) -> str | None:
    """The runtime's hook for a person's press that did nothing and was not
    late (:func:`late_press`): what its OLED says of it between races
    (issue 34, L2_01: a press in the result window showed nothing at all).
    While the last result stays (ruling CAB-7, ``not_before["reveal"]``
    after ``t_us``): "next order in 3 s", the revealer "wait: reveal in
    3 s"; then "wait: Seat 2 reveals"; while seats choose the VP cards they
    give up (CD-10), "wait: Seat 2 chooses" ("wait: others choose").  None
    in a race (every press there is a hit), for a seat whose press chooses
    (the revealer once it may reveal, a seat choosing its VP card) and
    once the game is over.  The press counts in no race (CD-12)."""
    view = game.view(None)
    if game.is_terminal() or view.get("phase") not in ("reveal", "place_vp"):
        return None
    if view["phase"] == "place_vp":
        owing = [s for s, k in enumerate(view.get("must_place") or []) if k]
        if seat in owing or not owing:
            return None
        return f"wait: Seat {owing[0] + 1} chooses" if len(owing) == 1 else "wait: others choose"
    wait_us = not_before.get("reveal", -1) - t_us
    if wait_us > 0:
        wait = f"{-(-wait_us // 1_000_000)} s"
        return f"wait: reveal in {wait}" if seat == view["current"] else f"next order in {wait}"
    if seat == view["current"]:
        return None
    return f"wait: Seat {view['current'] + 1} reveals"


def aim_changed(game, seat: int, before: dict[str, Any], now: dict[str, Any]) -> str | None:
    """The runtime's hook when the customer under ``seat``'s cursor changed
    though the seat did not move it (ruling CD-12; issue 34, g1e: the
    panda was served and a cat took its place under the cursor): "panda
    gone: now cat" ("panda moved: now cat" when it is still a customer;
    two of a figure told apart by their dango, then their background),
    for the seat's OLED; None unless both are hits on customers."""
    if before.get("type") != "slap" or now.get("type") != "slap" or before.get("card") == now.get("card"):
        return None
    from engines.cha_dango.cards import load_cards
    cards = load_cards().cards
    old, new = cards[before["card"]], cards[now["card"]]
    here = any(c["id"] == before["card"] for c in game.view(None)["dining_area"])
    # two alike: told apart by the first attribute that differs ("yellow gone: now white", the dango;
    # "teal gone: now red", the background: a new customer in a served one's place may share two)
    attr = next(a for a in ("figure", "dango", "background") if old.value(a) != new.value(a))
    # "gone", not "left" (PT62: "brown left" read as the Left arrow's doing)
    return f"{old.value(attr)} {'moved' if here else 'gone'}: now {new.value(attr)}"
