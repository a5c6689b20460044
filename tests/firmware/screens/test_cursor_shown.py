"""Issue 34 items 1 and 2: what a seat's cursor points at is what its OLED
shows, what the HDMI lights, and what its press chooses; choices follow the
screen's order and start from the top in a new phase.  Driven through the
runtime (the same inputs a person uses) with the seats' drawn OLED frames."""
from __future__ import annotations

import pytest

from engines import new_game
from engines.registry import is_available
from firmware.runtime import config
from firmware.runtime.controls import SeatControls, cursor_choices, describe_action
from firmware.screens.draw import oled_frame
from firmware.app.session import Session, SessionOptions

NOT_A_PI = None

needs_rg = pytest.mark.skipif(not is_available("retrograde"), reason="Retrograde engine not available")


def cfg_for(tmp_path):
    return config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})


def session(tmp_path, game_id, players, seed, bots=()):
    opts = SessionOptions(headless=True, size=(800, 480), bots=set(bots))
    return Session.new(cfg_for(tmp_path), game_id, players, seed, None, tmp_path / "g.jsonl", opts, model=NOT_A_PI)


def run_until(s, cond, limit_us=60_000_000):
    rt = s.runtime
    end = rt.now_us + limit_us
    while not cond() and rt.now_us < end and not s.game.is_terminal():
        rt.step(max(rt.next_event_us() or rt.now_us + 10_000, rt.now_us + 1))
    assert cond(), "the state the test waits for never came"


def oled_texts(s, seat) -> list[str]:
    """The texts of the seat's OLED frame as the session draws it now."""
    return oled_frame(s.game, seat, s.runtime.controls[seat], s.context()).texts


def key(s, seat, name):
    """A person's key: a navigation step or a press of the big button."""
    rt = s.runtime
    if name == "press":
        rt.timeline.press(seat, rt.now_us + 1000, 80_000)
        rt.step(rt.now_us + 100_000)
    else:
        rt.nav(seat, -1 if name == "left" else 1)
        rt.step(rt.now_us + 1000)


@needs_rg
def test_retrograde_claims_cycle_in_the_cards_letter_order(tmp_path):
    """Item 2: Right x4 from "reroll" reaches card D (the screen's A-D
    order, not the deck's); every step's OLED names the card under the
    cursor; the press claims the card the OLED showed."""
    from firmware.screens.retrograde import card_letters
    s = session(tmp_path, "retrograde", 3, 1)
    run_until(s, lambda: s.game.view(0)["seats"][0]["dice"] is not None)
    shown = []
    for _ in range(4):
        key(s, 0, "right")
        shown.append(next(t for t in oled_texts(s, 0) if t.startswith("claim") or t.startswith("press: claim")))
    assert [t.split()[-1] for t in shown] == ["A", "B", "C", "D"], shown
    key(s, 0, "press")
    run_until(s, lambda: s.game.view(None)["seats"][0]["claim"] is not None)
    letters = card_letters(s.game.view(None))
    assert letters[s.game.view(None)["seats"][0]["claim"]] == "D"


@needs_rg
def test_retrograde_blast_phase_opens_on_the_first_plan(tmp_path):
    """Item 2: the cursor left on "claim card C" in the roll does not carry
    into the blast phase (it opened on "plan 3 of 4")."""
    g = new_game("retrograde", 1, 2)
    g.apply({"type": "dice", "player": 0, "values": [1, 2, 3, 4, 5, 6], "colour": None, "t_us": 1000})
    c = SeatControls(0)
    acts = c.refresh(g)
    c.cursor = 3
    g.apply(dict(acts[3], t_us=2000))
    assert g.view(None)["phase"] == "blast"
    assert c.shown(g).cursor == 0 and c.shown(g).chosen["type"] == "plan" and c.shown(g).chosen["plan"] == 1
    c.refresh(g)
    assert c.cursor == 0


@needs_rg
def test_drawing_an_oled_moves_no_cursor(tmp_path):
    """Item 1: drawing is read-only: the seat's cursor and armed choice
    are the same before and after its OLED is drawn, even when the choices
    changed since the last input."""
    g = new_game("retrograde", 1, 2)
    c = SeatControls(0)
    c.refresh(g)                              # no choices yet (dice not read)
    g.apply({"type": "dice", "player": 0, "values": [1, 2, 3, 4, 5, 6], "colour": None, "t_us": 1000})
    c.cursor = 2
    before = (c.cursor, c.armed, list(c._labels))
    oled_frame(g, 0, c, {"controls": [c]})
    assert (c.cursor, c.armed, list(c._labels)) == before


@needs_rg
def test_a_press_never_chooses_a_choice_the_seat_did_not_see(tmp_path):
    """Item 1: the card under the cursor is taken by another seat between
    the last frame and the press: the press claims nothing (no neighbour
    claimed blindly) and the OLED shows the new choice."""
    g = new_game("retrograde", 3, 1)
    for p in range(3):
        g.apply({"type": "dice", "player": p, "values": [1, 2, 3, 4, 5, 6], "colour": None, "t_us": 1000 + p})
    c = SeatControls(0)
    acts = c.refresh(g)
    c.cursor = len(acts) - 1                  # the last card, as drawn
    card = acts[-1]["card"]
    g.apply({"type": "claim", "player": 1, "card": card, "t_us": 5000})
    g.apply({"type": "tick", "t_us": g.deadline_us()})    # seat 2 wins it
    assert card not in g.view(None)["face_up_ids"]
    assert c.press(g, g.now_us() + 10) is None
    assert c.message == "that choice is gone"
    assert describe_action(c.shown(g).chosen) != describe_action(acts[-1])


def hdmi_facts(s, size=(1920, 1080)) -> dict:
    from firmware.screens.draw import default_measure, hdmi_screen
    return hdmi_screen(s.game, s.context(), size=size, measure=default_measure()).facts


@needs_rg
def test_retrograde_hdmi_lights_the_card_under_each_seats_cursor(tmp_path):
    """Item 1: every navigation step lights, on the HDMI, the card the
    seat's press would claim (its number on the card, "claim X?" on its
    banner), and "reroll?" when the cursor is on reroll ("reroll: roll all
    6?" in the simulator: what it keeps); bots' cursors are
    not drawn."""
    s = session(tmp_path, "retrograde", 3, 1, bots={1, 2})
    run_until(s, lambda: s.game.view(0)["seats"][0]["dice"] is not None and not s.game.view(None)["seats"][1]["claim"])
    facts = hdmi_facts(s)
    # what the reroll keeps (leftovers play-test, RG-16): none rested on yet, so all six
    assert facts["doing"][0] in ("reroll?", "reroll: roll all 6?") and not facts.get("pointing")
    seen = []
    for _ in range(2):
        key(s, 0, "right")
        facts = hdmi_facts(s)
        chosen = s.runtime.controls[0].shown(s.game).chosen
        letter = facts["cards"][chosen["card"]]["letter"]
        assert facts["pointing"] == {letter: [0]}
        assert facts["doing"][0] == f"claim {letter}?"
        seen.append(letter)
    assert seen[0] != seen[1]


def _seat_1_gives_a_vp_card():
    """A 3-seat Cha dango game where nothing matched the order, seats 2
    and 3 sipped and seat 1 did not: seat 1 chooses a VP card to give (CD-10)."""
    from test_cha_dango_pace import down, lift, no_match_table, reveal, settle
    from test_cha_dango_helpers import T0
    g = no_match_table()
    reveal(g)
    lift(g, 1, T0 + 300_000)
    lift(g, 2, T0 + 310_000)
    down(g, 1, T0 + 1_400_000)
    down(g, 2, T0 + 1_500_000)
    while g.view(None)["phase"] == "race":
        settle(g)
    return g


def test_cha_dango_hdmi_follows_the_vp_card_choice():
    """Item 1: a seat choosing the VP card to give up (CD-10): every
    navigation step changes its OLED's card and, on the HDMI, which card of
    its pile it is on (the face stays private), armed after one press."""
    from firmware.screens.draw import default_measure, hdmi_screen
    g = _seat_1_gives_a_vp_card()
    assert g.view(None)["phase"] == "place_vp" and g.view(None)["must_place"][0] == 1
    controls = [SeatControls(s) for s in range(3)]
    ctx = {"controls": controls, "bots": [], "last_events": []}
    seen = []
    for step in range(3):
        facts = hdmi_screen(g, ctx, size=(1920, 1080), measure=default_measure()).facts
        texts = oled_frame(g, 0, controls[0], ctx).texts
        # the card chosen: "give cat pink/red", beside a longer count "cat pink/red" (PT19), else "give
        # rabbit" under "green dango, teal" (PT44)
        seen.append((facts["vp_cursor"][0], " ".join(t for t in texts if "/" in t or "dango" in t or "give " in t)))
        controls[0].nav(g, 1)
    assert [k for k, _ in seen] == [1, 2, 3] and len({t for _, t in seen}) == 3, seen


def _ginza_turn(seat=0, seed=1):
    """A Ginza game where ``seat`` is to play with serve choices."""
    from bots.random_bot import RandomBot
    g = new_game("ginza", 3, seed)
    bot = RandomBot(seed)
    while not (g.view(None)["phase"] == "play" and g.view(None)["turn"] == seat and not g.chance_requests()
               and any(a["type"] == "serve" for a in g.legal_actions(seat))):
        g.apply(bot.next_action(g))
    return g


@pytest.mark.skipif(not is_available("ginza"), reason="Ginza engine not available")
def test_ginza_hdmi_lights_the_order_and_dice_the_cursor_would_serve():
    """Item 1: every navigation step through the serve choices ("1/34"
    never moved) moves the OLED's position and lights, on the HDMI, the
    order card and the seat's dice (and purple die) the press would serve,
    the seat's banner saying what ("serve 2 3?")."""
    from firmware.screens.draw import default_measure, hdmi_screen
    g = _ginza_turn()
    controls = [SeatControls(s) for s in range(3)]
    ctx = {"controls": controls, "bots": [1, 2], "last_events": []}
    seen = []
    for _ in range(4):
        chosen = controls[0].shown(g).chosen
        facts = hdmi_screen(g, ctx, size=(1920, 1080), measure=default_measure()).facts
        texts = oled_frame(g, 0, controls[0], ctx).texts
        if chosen["type"] == "serve":
            assert facts["lit_order"] == chosen["order"]
            assert facts["lit_dice"][0] == sorted(chosen["dice"])
            assert facts["doing"][0].startswith("serve") and facts["doing"][0].endswith("?")
        seen.append((controls[0].shown(g).cursor, facts.get("lit_order"), facts["doing"][0], tuple(texts)))
        controls[0].nav(g, 1)
    assert [c for c, *_ in seen] == [0, 1, 2, 3]
    assert len({(o, d) for _, o, d, _ in seen}) == 4 and len({t for *_, t in seen}) == 4, seen


@pytest.mark.skipif(not is_available("ginza"), reason="Ginza engine not available")
def test_ginza_hidden_choices_move_on_the_hdmi_without_showing_the_card():
    """Item 1: the player card and bonus cards are private: the HDMI shows
    only which of them the cursor is on ("card 2/3?"), and follows it."""
    from firmware.screens.draw import default_measure, hdmi_screen
    g = new_game("ginza", 3, 1)
    assert g.view(None)["phase"] == "player_card"
    controls = [SeatControls(s) for s in range(3)]
    ctx = {"controls": controls, "bots": [], "last_events": []}
    words = []
    for _ in range(2):
        words.append(hdmi_screen(g, ctx, size=(1920, 1080), measure=default_measure()).facts["doing"][0])
        controls[0].nav(g, 1)
    assert words == ["card 1/2?", "card 2/2?"]


@pytest.mark.skipif(not is_available("cryptid-cafe"), reason="Cryptid Cafe engine not available")
def test_cryptid_hdmi_lights_the_rank_the_cursor_would_take():
    """Item 1: the OLED said "Kap rank 1" while the press took rank 2: now
    every navigation step moves both the OLED's choice and, on the HDMI,
    the gold outline with the seat's number on the rank it would take; the
    press places the server there."""
    from firmware.screens.draw import default_measure, hdmi_screen
    g = new_game("cryptid-cafe", 3, 1)
    seat = g.active_players()[0]
    controls = [SeatControls(s) for s in range(3)]
    ctx = {"controls": controls, "bots": [], "last_events": []}
    for _ in range(3):
        chosen = controls[seat].shown(g).chosen
        facts = hdmi_screen(g, ctx, size=(1920, 1080), measure=default_measure()).facts
        texts = oled_frame(g, seat, controls[seat], ctx).texts
        if chosen["type"] == "place":
            assert facts["lit_rank"] == {"station": chosen["station"], "rank": chosen["rank"], "seat": seat}
            assert any(f"rank {chosen['rank']}" in t for t in texts), texts
        controls[seat].nav(g, 1)
    shown = controls[seat].shown(g).chosen
    assert controls[seat].press(g, 1) is None and controls[seat].press(g, 2) == shown


@needs_rg
def test_retrograde_unlock_choice_is_named_on_the_seats_banner():
    """Item 1: choosing a power-up to unlock (RG-6), the seat's banner on
    the HDMI names the one under its cursor, then "keep?"."""
    from firmware.screens.draw import default_measure, hdmi_screen
    from test_retrograde import act, at_blast
    g = at_blast("T12", [6, 6, 1, 2, 3, 4], blasted=[1, 2, 3, 4])
    g.s["seats"][0]["hand"] = ["T02"]
    act(g, "blast", cell=0, dice=[0, 1])
    act(g, "done")
    assert g.s["phase"] == "unlock"
    controls = [SeatControls(s) for s in range(g.num_players)]
    ctx = {"controls": controls, "bots": [], "last_events": []}
    words = []
    for _ in range(len(controls[0].shown(g).choices)):
        words.append(hdmi_screen(g, ctx, size=(1920, 1080), measure=default_measure()).facts["doing"][0])
        controls[0].nav(g, 1)
    assert words[-1] == "keep?" and all(w.endswith("?") and w != "unlock?" for w in words), words


def _three_seats_rolled():
    g = new_game("retrograde", 3, 1)
    for p in range(3):
        g.apply({"type": "dice", "player": p, "values": [1, 2, 3, 4, 5, 6], "colour": None, "t_us": 1000 + p})
    return g


def _take(g, seat, card):
    g.apply({"type": "claim", "player": seat, "card": card, "t_us": g.now_us() + 10})
    g.apply({"type": "tick", "t_us": g.deadline_us()})
    assert card not in g.view(None)["face_up_ids"]


@needs_rg
def test_a_card_taken_while_the_runtime_refreshes_claims_nothing():
    """Tester1 round 6: the OLED showed "claim card D", seat 2 took D, the
    runtime refreshed the cursors (as it does after every change), then
    Space: the seat got card B.  The press must claim nothing and say that
    card D was taken; the next press acts on the choice now shown."""
    from firmware.screens.retrograde import card_letters
    g = _three_seats_rolled()
    c = SeatControls(0)
    acts = c.refresh(g)
    c.nav(g, len(acts) - 1)                   # Left from reroll: the last card (D)
    card = c.shown(g).chosen["card"]
    letter = card_letters(g.view(None))[card]
    _take(g, 1, card)
    c.refresh(g)                              # the runtime's refresh after the change
    shown = c.shown(g)
    assert not shown.armed and shown.gone == f"card {letter} was taken"
    assert cursor_choices(g, {"controls": [c]}) == {}    # the HDMI lights no card: the press does nothing
    assert c.press(g, g.now_us() + 10) is None
    assert c.message == f"card {letter} was taken"
    assert cursor_choices(g, {"controls": [c]})[0] == c.shown(g).chosen
    assert c.press(g, g.now_us() + 20) is None          # the taken card keeps its place (PT61): still nothing
    assert c.message == f"card {letter} was taken"
    c.nav(g, -1)                              # to the card before it, shown
    again = c.press(g, g.now_us() + 30)
    assert again is not None and again.get("type") == "claim" and again.get("card") != card


@needs_rg
def test_navigation_after_a_vanished_choice_steps_from_its_gap():
    """Tester1 round 4: on card B, B was taken, then Right landed on D (C
    skipped); Right from the gap goes to the next card (C), Left to A."""
    g = _three_seats_rolled()
    c = SeatControls(0)
    acts = c.refresh(g)
    c.nav(g, 2)                               # reroll -> A -> B
    labels = [describe_action(a) for a in acts]
    b = c.shown(g).chosen["card"]
    _take(g, 1, b)
    c.refresh(g)
    c.nav(g, 1)
    assert describe_action(c.shown(g).chosen) == labels[3]      # C
    c2 = SeatControls(0)
    g2 = _three_seats_rolled()
    c2.refresh(g2)
    c2.nav(g2, 2)
    _take(g2, 1, b)
    c2.refresh(g2)
    c2.nav(g2, -1)
    assert describe_action(c2.shown(g2).chosen) == labels[1]    # A


def _ginza_with_many_changes():
    """Tester1's Ginza game (seed 1, seats 2-3 bots) replayed to seat 1's
    turn with seven "change" choices (Kenta: change 2->1, 2->3, 3->2 ...)."""
    g = new_game("ginza", 3, 1)
    for a in [
        {'card': 'shin', 'player': 1, 'type': 'choose_card'},
        {'card': 'aya', 'player': 2, 'type': 'choose_card'},
        {'card': 'kenta', 'player': 0, 'type': 'choose_card'},
        {'colour': 'blue', 'player': 1, 'reason': 'first dice', 'type': 'dice', 'values': [1, 3, 6, 3, 6]},
        {'colour': 'yellow', 'player': 2, 'reason': 'first dice', 'type': 'dice', 'values': [5, 2, 3, 1, 2]},
        {'colour': 'purple', 'player': None, 'reason': 'common dice', 'type': 'dice', 'values': [5, 6, 6]},
        {'colour': 'red', 'player': 0, 'reason': 'first dice', 'type': 'dice', 'values': [2, 3, 6, 6, 4]},
        {'card': 'full-course', 'player': 1, 'type': 'pick_bonus'},
        {'card': 'set-a', 'player': 2, 'type': 'pick_bonus'},
        {'card': 'most-orders', 'player': 0, 'type': 'pick_bonus'},
        {'card': 'specials', 'player': 1, 'type': 'pick_bonus'},
        {'card': 'set-b', 'player': 2, 'type': 'pick_bonus'},
        {'card': 'food-master', 'player': 0, 'type': 'pick_bonus'},
        {'common': None, 'dice': [1, 2, 3, 5], 'order': 'CREA-I-1', 'player': 2, 'type': 'serve'},
    ]:
        g.apply(a)
    return g, SeatControls(0)


@pytest.mark.skipif(not is_available("ginza"), reason="Ginza engine not available")
def test_ginza_right_visits_every_choice_once_even_when_labels_repeat():
    """Tester1 Ginza: Right stuck on "change 2->1" (4/14, 2/8, 2/13): the
    "change" choices had one label ("change": the steps were left out) so
    the cursor jumped back to the first of them.  Right visits every choice
    exactly once in the screen's order and wraps; Left the reverse."""
    g, c = _ginza_with_many_changes()
    acts = c.refresh(g)
    assert 0 in g.active_players() and sum(a["type"] == "change" for a in acts) > 1
    seen = []
    for _ in range(len(acts)):
        seen.append(c.shown(g).cursor)
        c.nav(g, 1)
    assert seen == list(range(len(acts))) and c.shown(g).cursor == 0
    back = []
    for _ in range(len(acts)):
        c.nav(g, -1)
        back.append(c.shown(g).cursor)
    assert back == list(range(len(acts) - 1, -1, -1))




@pytest.mark.skipif(not is_available("cryptid-cafe"), reason="Cryptid Cafe engine not available")
def test_a_new_menu_opens_on_its_first_ordinary_choice_not_the_manager():
    """Tester1 Cryptid Cafe: the cursor carried over between menus and
    opened on "Manager: swap 1, 2" or "done serving".  A new decision opens
    on its first ordinary choice; a press-twice-quickly person never spends
    the Manager card."""
    from firmware.runtime.controls import choice_key
    g = new_game("cryptid-cafe", 3, 1, {"difficulty": "easy", "first_player": 0})
    c = SeatControls(0)
    acts = c.refresh(g)
    manager = [a for a in acts if a["type"] == "manager"]
    c.nav(g, -1)                                  # Left from the first: the last choice
    if not manager:                               # the Manager comes after the first placement
        g.apply(acts[0])
        acts = c.refresh(g)
        c.nav(g, -1)
    assert c.shown(g).chosen["type"] == "manager"
    # the seat places (a new decision follows: the next placement or the tips)
    first = acts[0]
    c.nav(g, 1)
    press1 = c.press(g, 1)
    press2 = c.press(g, 2)
    assert press1 is None and press2 is not None and choice_key(press2) == choice_key(first)
    g.apply(press2)
    while 0 not in g.active_players():
        p = g.active_players()[0]
        g.apply(g.legal_actions(p)[0])
    c.refresh(g)
    shown = c.shown(g)
    assert shown.chosen["type"] not in ("manager", "done_serving", "skip_share") and shown.cursor == 0
    # tester1's path: the seat takes the last ordinary choice of each menu
    # ("keep order" 9/10, "skip share" 3/4); the next menu (a shorter one:
    # serve 1/3, done serving, Manager 3/3) must not open on the Manager
    for _ in range(12):
        acts = c.refresh(g)
        if not acts or g.is_terminal():
            break
        target = max(i for i, a in enumerate(acts) if a["type"] != "manager")
        c.nav(g, target - c.shown(g).cursor)
        assert c.press(g, 10) is None
        action = c.press(g, 11)
        assert action is not None and action["type"] != "manager"
        g.apply(action)
        while 0 not in g.active_players() and not g.is_terminal() and g.active_players():
            p = g.active_players()[0]
            g.apply(g.legal_actions(p)[0])
        c.refresh(g)
        shown = c.shown(g)
        if shown.choices:
            assert shown.chosen["type"] != "manager", describe_action(shown.chosen)
            # issue 34: Change My Order opens on keeping the order
            assert shown.cursor == 0 or shown.choices[0]["type"] == "manager" or shown.chosen["type"] == "keep_order"


@needs_rg
def test_a_press_the_runtime_ignored_does_not_count_as_a_new_decision():
    """A claim press the runtime let go (the last result still on screen,
    CAB-7) is not applied: when another seat then takes another card, the
    cursor stays on the seat's card; it must not jump to "reroll" (a press
    there would reroll unseen)."""
    g = _three_seats_rolled()
    c = SeatControls(0)
    acts = c.refresh(g)
    c.nav(g, len(acts) - 1)                       # the last card
    mine = c.shown(g).chosen
    assert c.press(g, g.now_us() + 5) is not None  # returned, but not applied
    other = next(a for a in acts if a["type"] == "claim" and a["card"] != mine["card"])
    _take(g, 1, other["card"])
    c.refresh(g)
    assert c.shown(g).chosen == mine and c.shown(g).gone is None


@needs_rg
def test_the_taken_note_goes_when_the_seat_moves_on(tmp_path):
    """The OLED says "card D was taken" as soon as D goes; Left/Right (the
    seat has read it and moves on) takes the note away."""
    s = session(tmp_path, "retrograde", 3, 1)
    run_until(s, lambda: all(s.game.view(None)["seats"][k]["dice"] is not None for k in (0, 1)))
    for _ in range(8):                            # to the last card (the arrows stop at the ends, PT61)
        key(s, 0, "right")
    card = s.runtime.controls[0].shown(s.game).chosen["card"]
    s.game.apply({"type": "claim", "player": 1, "card": card, "t_us": s.runtime.now_us})
    run_until(s, lambda: s.game.view(None)["seats"][1]["claim"] == card)
    s.runtime.dirty = True
    s.runtime.step(s.runtime.now_us + 1000)
    assert any("was taken" in t for t in oled_texts(s, 0)), oled_texts(s, 0)
    key(s, 0, "left")
    assert not any("was taken" in t for t in oled_texts(s, 0)), oled_texts(s, 0)


def test_cha_dango_vp_card_choice_names_the_whole_card():
    """PT19 (issue 34): the VP card to give read "give panda" at 1/7, 2/7
    and 6/7: two cards of one figure could not be told apart (the result
    then said "gave fox brown/teal").  Each choice names the figure, its
    dango and background (CD-10), in whole words: where they do not fit
    beside the count, "give rabbit" under "green dango, teal" (PT44: the
    colours cut to "rabbit gre/tea" were hard to read)."""
    from firmware.screens.cha_dango_oled import label
    g = _seat_1_gives_a_vp_card()
    controls = [SeatControls(s) for s in range(3)]
    ctx = {"controls": controls, "bots": [], "last_events": []}
    for _ in range(3):
        shown = controls[0].shown(g)
        frame = oled_frame(g, 0, controls[0], ctx)
        _, figure, colours = label(shown.chosen).split(" ", 2)
        dango, back = colours.split("/")
        said = " ".join(frame.texts)
        assert figure in said and dango in said and back in said, (label(shown.chosen), frame.texts)
        assert not frame.overlaps(), frame.overlaps()
        controls[0].nav(g, 1)


def test_cha_dango_an_armed_vp_card_asks_for_the_press_again():
    """PT21 (issue 34): once the first press armed the VP card to give, the
    OLED only inverted its line (no "press again", as Retrograde says).  The
    armed choice's OLED asks for the second press, with the seconds left."""
    g = _seat_1_gives_a_vp_card()
    controls = [SeatControls(s) for s in range(3)]
    ctx = {"controls": controls, "bots": [], "last_events": [], "now_us": g.now_us()}
    before = " | ".join(oled_frame(g, 0, controls[0], ctx).texts)
    assert "press again" not in before, before
    assert controls[0].press(g, g.now_us()) is None and controls[0].shown(g).armed
    after = " | ".join(oled_frame(g, 0, controls[0], ctx).texts)
    assert "press again" in after and " s" in after, after
