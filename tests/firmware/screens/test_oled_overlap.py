"""No two things on a seat's OLED drawn over each other (the play-test of
Ginza seed 1: "roll 2 dice!" pushed the bonus cards down under the
"your turn" line; a two-line choice "reroll 1,1,1,2,4" was drawn over the
second bonus card)."""
from __future__ import annotations

import pytest

from firmware.runtime.controls import SeatControls
from firmware.screens.draw import oled_frame
from firmware.ui.oled import OledFrame

from screen_checks import context, play_states

PROMPTS = (None, "roll 2 dice!", "not now: seat 2 has no reroll left; claim a card")


def frame_problems(game, events, seat: int, max_cursors: int = 40) -> list[str]:
    """Overlaps on ``seat``'s OLED in this state, over its cursor
    positions, armed or not, with and without a prompt."""
    out = []
    probe = SeatControls(seat)
    n = len(probe.selectable(game))
    for cursor in range(min(max(1, n), max_cursors)):
        for armed in (False, True) if n else (False,):
            for prompt in PROMPTS:
                c = SeatControls(seat)
                c.refresh(game)             # the choices as the runtime last read them
                c.cursor = cursor
                if armed:
                    from firmware.runtime.controls import describe_action
                    c.armed = describe_action(c.selectable(game)[cursor])
                ctrls = [SeatControls(s) for s in range(game.num_players)]
                ctrls[seat] = c
                ctx = context(game, events, ctrls, prompts={seat: prompt} if prompt else {})
                f = oled_frame(game, seat, c, ctx)
                for a, b in f.overlaps():
                    out.append(f"{a!r} over {b!r} (cursor {cursor}, armed {armed}, prompt {prompt!r})")
    return out


def test_the_overlap_check_catches_a_text_drawn_over_another():
    f = OledFrame()
    f.text(2, 40, "Food Master 5VP")
    f.text(2, 44, "your turn")
    f.die(2, 14, 13, 3)
    f.text(20, 16, "roll 2 dice!")
    assert f.overlaps() == [("Food Master 5VP", "your turn")]


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 5)])
def test_ginza_oled_draws_nothing_over_anything(players, seed):
    problems = []
    for game, events in play_states("ginza", players, seed, every=3, limit=600):
        for seat in range(game.num_players):
            problems += frame_problems(game, events, seat)
        if len(problems) > 20:
            break
    assert problems == [], problems[:10]


def test_retrograde_armed_blast_keeps_the_dice_readable_and_says_press_again():
    """The play-test's oled-06: an armed plan inverted the bottom band
    right under the dice (their white bodies ran into it) and nothing
    said "press again"."""
    from engines import new_game
    g = new_game("retrograde", 1, 2)
    g.apply({"type": "dice", "player": 0, "values": [1, 2, 3, 4, 5, 6], "colour": None, "t_us": 1000})
    c = SeatControls(0)
    while g.view(0)["phase"] != "blast":
        claim = next(a for a in c.refresh(g) if a["type"] == "claim")
        g.apply({**claim, "t_us": 3000} if claim.get("t_us", 0) is None else claim)
    c.refresh(g)
    assert c.press(g, 2000) is None and c.armed          # the first press arms the plan
    f = oled_frame(g, 0, c, context(g, []))
    assert "press again to confirm" in " ".join(f.texts), f.texts
    band = min(y for y in range(f.H) if all(f.image.getpixel((x, y)) for x in range(f.W)) and y > 12)
    dice = [box for what, box in f.boxes if what.startswith("die")]
    assert dice and all(box[3] <= band - 2 for box in dice), (band, dice)   # a dark row between
    assert f.overlaps() == []


def test_ginza_oled_still_shows_both_bonus_cards_above_a_one_line_choice():
    """The fix leaves room as before: two bonus cards above a one-line
    choice ("serve 3 4") and above "Seat 2 plays"."""
    from firmware.screens.ginza_oled import _oled_words, label
    seen = 0
    for game, events in play_states("ginza", 2, 1, every=2, limit=400):
        for seat in range(game.num_players):
            p = game.view(seat)["players"][seat]
            if game.view(seat).get("phase") != "play" or len(p.get("bonus") or []) < 2 or not p.get("dice"):
                continue
            c = SeatControls(seat)
            f = oled_frame(game, seat, c, context(game, events))
            if any(box[0] >= 8 and 37 <= box[1] < 50 and box[2] > 64 for _, box in f.boxes[:3]):
                continue                          # a two-line choice (drawn first): less room
            acts = c.selectable(game)
            if acts and not f.fits(_oled_words(label(acts[0], game)), f.W - 44):
                continue                          # the long choice in full takes the bonus cards' place
            if acts and c.shown(game).chosen.get("type") != "serve":
                continue                          # a bonus card shows only where it applies (pt11 o46)
            # on the seat's turn the line above the choice says what it costs (issue 34): one bonus card
            names = [game.comp.bonus_cards[b].name for b in p["bonus"][:1 if acts else 2]]
            assert all(any(t.startswith(f"bonus {n.split()[0]}") for t in f.texts) for n in names), (names, f.texts)
            seen += 1
    assert seen > 5


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 1)])
def test_retrograde_oled_draws_nothing_over_anything(players, seed):
    """The blast plan's lines and dice under a prompt, the dice under a
    two-line prompt in the roll (the same check as Ginza's)."""
    problems = []
    for game, events in play_states("retrograde", players, seed, every=7, limit=300):
        for seat in range(game.num_players):
            problems += frame_problems(game, events, seat, max_cursors=8)
        if len(problems) > 20:
            break
    assert problems == [], problems[:10]


@pytest.mark.parametrize("players,seed", [(1, 3), (2, 1), (3, 2), (5, 4)])
def test_cryptid_cafe_oled_draws_nothing_over_anything(players, seed):
    """The play-test's c-c shots: "0", "used" and the card icons drawn
    over "server to Kaputtcino rank 3" (the long choice in full)."""
    problems = []
    for game, events in play_states("cryptid-cafe", players, seed, every=3, limit=400):
        for seat in range(game.num_players):
            problems += frame_problems(game, events, seat, max_cursors=12)
        if len(problems) > 20:
            break
    assert problems == [], problems[:10]



def cha_dango_states(players: int, seed: int, races: int = 24):
    """Yield ``(game, events, now_us)`` through a seeded Cha dango game
    played as people play it (a random bot rarely sips): each race every
    seat hits a customer (right or wrong), sips, or does nothing, in
    stamp order; the states between the inputs, after the race, and in
    the VP-card choice at its first and last seconds (CD-10, CAB-9)."""
    import collections
    import random
    from bots.cha_dango_race import matching_customers
    from engines import new_game
    rng = random.Random(seed)
    g = new_game("cha-dango", players, seed)
    events: collections.deque[str] = collections.deque(maxlen=8)

    def do(action):
        for e in g.apply(action):
            events.append(e["text"])

    t = 1_000_000
    while not g.is_terminal() and races > 0:
        v = g.view(None)
        if v["phase"] == "place_vp":
            deadline = v["vp_choice_deadline_us"]
            for now in (g.now_us(), deadline - 1_500_000, deadline - 200_000):
                yield g, list(events), now
            seat = next(s for s, n in enumerate(v["must_place"]) if n)
            do(rng.choice([a for a in g.legal_actions(seat) if a["type"] == "place_vp"]))
            continue
        if v["phase"] != "reveal":
            do({"type": "tick", "t_us": max(g.now_us(), g.deadline_us() or g.now_us()) + 1})
            continue
        yield g, list(events), g.now_us()
        t = max(t, g.now_us()) + 3_000_000
        do({"type": "reveal", "player": v["current"], "t_us": t, "buttons_down": [],
            "cups_up": []})     # (edges after a race decided are not sent)
        races -= 1
        inputs = []
        for s in range(players):
            at, k = t + rng.randint(300_000, 2_500_000), rng.random()
            if k < 0.45:     # mostly a customer that matches, when one does (CD-12)
                card = rng.choice(matching_customers(g.view(None)) or [None]) if k < 0.35 else None
                card = rng.choice(g.view(None)["dining_area"])["id"] if card is None else card
                inputs += [(at, {"type": "slap", "player": s, "card": card}),
                           (at + 90_000, {"type": "release", "player": s})]
            elif k < 0.9:
                inputs += [(at, {"type": "cup_lift", "player": s}),
                           (at + rng.randint(1_050_000, 1_600_000), {"type": "cup_down", "player": s})]
        for at, a in sorted(inputs, key=lambda x: x[0]):
            if g.view(None)["phase"] != "race":
                break
            do({**a, "t_us": at})
            yield g, list(events), at
        while g.view(None)["phase"] == "race":
            do({"type": "tick", "t_us": max(g.now_us(), g.deadline_us() or g.now_us()) + 1})
        yield g, list(events), g.now_us()


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 8), (6, 8)])
def test_cha_dango_oled_draws_nothing_over_anything(players, seed):
    """Issue 34, PT12's d41o: "slowest: give 1 VP card" wrapped to two
    lines and its "card" was drawn over "choose: 10 s left".  Every
    state of a seeded game played as people play: the race, the result,
    the VP-card choice (its seconds counted), aiming ahead; with and
    without a prompt, in the 3-2-1 and the result's pause."""
    problems, owed = [], 0
    for game, events, now in cha_dango_states(players, seed):
        view = game.view(None)
        owed += view["phase"] == "place_vp"
        for seat in range(game.num_players):
            for extra in ({}, {"banner": "next 3"}, {"banner": "2"}):
                problems += [f"{p} ({extra}, {view['phase']})"
                             for p in _cha_dango_problems(game, events, seat, {**extra, "now_us": now})]
        if len(problems) > 20:
            break
    assert owed, "the sweep met no VP-card choice"
    assert problems == [], problems[:10]


def _cha_dango_problems(game, events, seat: int, extra: dict) -> list[str]:
    """Overlaps on a Cha dango seat's OLED (a press prompt or none),
    ``extra`` in the context."""
    out = []
    c = SeatControls(seat)
    c.refresh(game)
    for prompt in (None, "too soon: before go", "wait: Seat 2 reveals"):
        ctrls = [SeatControls(s) for s in range(game.num_players)]
        ctrls[seat] = c
        ctx = context(game, events, ctrls, prompts={seat: prompt} if prompt else {}, **extra)
        f = oled_frame(game, seat, c, ctx)
        out += [f"{a!r} over {b!r} (prompt {prompt!r})" for a, b in f.overlaps()]
    return out
