"""Cha dango: a seat aims its hit (ruling CD-12, docs/rulings.md).

Rulebook "How to Play" 2A: players race "to hit the corresponding
customer(s) by using one of their hands"; "if you hit the wrong customer
card, you don't [get] any card".  On the cabinet each seat's arrows move a
cursor over the customers; the big button hits the one under it.  Before
the press the seat's OLED names that customer and the HDMI lights it in the
seat's colour."""
from __future__ import annotations

from test_cha_dango_helpers import CARDS, T0, find, reveal, settle, table

from firmware.runtime.controls import SeatControls
from firmware.screens import cha_dango as screens
from firmware.screens.draw import default_measure

R = 5   # cat, pink dango, blue background
A = find(exclude={R}, figure="cat", dango=("not", "pink"), background=("not", "blue"))
X = find(exclude={R, A}, figure=("not", "cat"), dango=("not", "pink"), background=("not", "blue"))
Y = find(exclude={R, A, X}, figure=("not", "cat"), dango=("not", "pink"), background=("not", "blue"))
B = find(exclude={R, A, X, Y}, figure="cat", dango=("not", "pink"), background=("not", "blue"))
USED = {R, A, X, Y, B}
TOP = next(c.id for c in CARDS if c.back == "figure" and not c.start and c.id not in USED)
REST = [c.id for c in CARDS if not c.start and c.id not in USED | {TOP}][:5]


def race(players=2):
    g = table(players, dining=[X, A, Y], deck=[R, TOP] + REST)
    reveal(g)
    return g, [SeatControls(s) for s in range(players)]


def test_cd12_the_button_hits_the_customer_under_the_cursor():
    g, controls = race()
    g.dining.append(B)                   # a second match: the race goes on after the first is served
    g.race["targets"].append(B)
    g.race["customers"].append(B)
    c = controls[1]
    c.refresh(g)
    assert c.shown(g).chosen == {"type": "slap", "player": 1, "card": X, "t_us": None}   # the first customer
    c.nav(g, +1)
    action = c.press(g, T0 + 900_000)
    assert action == {"type": "slap", "player": 1, "card": A, "t_us": T0 + 900_000}
    g.apply(action)
    c.nav(g, -1)                 # the button is down: nothing to aim at until it is let go
    g.apply(c.physical(g, "button_release", T0 + 980_000))
    c.refresh(g)
    assert c.shown(g).chosen["card"] == A, "the cursor stays on its customer over the press"
    events = settle(g)
    assert [(e["player"], e["card"]) for e in events if e["type"] == "customer_won"] == [(1, A)]


def test_cd12_the_cursor_wraps_and_stays_on_its_customer_into_the_next_order():
    g, controls = race()
    c = controls[0]
    c.refresh(g)
    c.nav(g, -1)                 # from the first customer Left wraps to the last
    assert c.shown(g).chosen["card"] == Y
    g.apply({"type": "cup_lift", "player": 0, "t_us": T0 + 500_000})
    while g.phase == "race":
        settle(g)
    while g.phase == "place_vp":
        s = g.active_players()[0]
        g.apply(g.legal_actions(s)[0])
    c.refresh(g)
    assert c.shown(g).chosen["card"] == Y, "between orders the aim stays on its customer (PT44)"
    g.apply(dict(g.legal_actions(g.current)[0], t_us=g.now_us() + 3_000_000))
    c.refresh(g)
    assert g.phase == "race" and Y in g.dining
    assert c.shown(g).chosen["card"] == Y, "the cursor is where the seat left it"


def test_cd12_the_oled_names_the_customer_the_press_will_hit():
    g, controls = race()
    controls[1].refresh(g)
    controls[1].nav(g, +1)
    ctx = {"last_events": [], "now_us": T0 + 100, "controls": controls}
    f = screens.oled_frame(g, 1, g.view(1), controls[1], ctx)
    card = CARDS[A]
    assert card.figure in f.texts and "2/3" in f.texts, f.texts
    assert any(card.dango in t and card.background in t for t in f.texts), f.texts
    assert "hit it, or sip?" in f.texts


def test_cd12_the_hdmi_lights_each_persons_aim_in_its_colour_and_not_the_bots():
    g, controls = race(players=3)
    for c in controls:
        c.refresh(g)
    controls[0].nav(g, +1)
    controls[1].nav(g, +1)
    ctx = {"last_events": [], "now_us": T0 + 100, "controls": controls, "bots": [2]}
    scene = screens.screen(g, g.view(None), ctx, size=(1920, 1080), measure=default_measure())
    assert scene.facts["aimed"] == {A: [0, 1]}
    tokens = [n.props.get("label") for n in scene.all_nodes() if n.kind == "token"]
    assert tokens.count("1") >= 1 and tokens.count("2") >= 1
    aimed = [n for n in scene.all_nodes() if n.kind == "card" and n.props.get("state") == "aimed"]
    assert len(aimed) == 1
    from firmware.ui.kit import seat_colour
    assert aimed[0].props["seat_colour"] == seat_colour(0)


def test_cd12_the_legend_says_what_the_arrows_do_between_races_and_in_a_race():
    """The arrows aim in a race and between races (the revealer's too);
    a seat choosing a VP card to give chooses with them."""
    g = table(2, dining=[X, A, Y], deck=[R, TOP] + REST)
    assert screens.legend_words(g, 0)["arrows"] == "aim"           # the revealer aims ahead too (issue 34)
    assert screens.legend_words(g, 0)["button"] == "reveal"
    # aiming ahead (issue 34); the button hits in the race to come (PT44: "Space: button" said nothing)
    assert screens.legend_words(g, 1) == {"button": "hit in race", "arrows": "aim", "push": None}
    reveal(g)
    assert screens.legend_words(g, 1)["arrows"] == "aim"
    assert screens.legend_words(g, 1)["button"] == "hit"


def test_cd12_the_session_legend_follows_the_game():
    """The simulator window's legend under a person's OLED, from the
    game's words: "A/D: aim" in a race, and between orders for every
    seat, the revealer too (it aims ahead, issue 34); no push."""
    from types import SimpleNamespace
    from firmware.app.session_panels import SessionPanels
    g = table(2, dining=[X, A, Y], deck=[R, TOP] + REST)
    panels = SessionPanels()
    panels.game, panels.cabinet = g, SimpleNamespace(simulated=True)
    before = dict(panels._legends()[1])
    assert before.get("A/D") == "aim" and "S" not in before, before
    assert dict(panels._legends()[0]).get("Left/Right") == "aim", panels._legends()[0]   # the revealer's
    reveal(g)
    during = dict(panels._legends()[1])
    assert during["A/D"] == "aim" and during["Return"] == "hit" and "S" not in during, during


def test_cd12_the_result_names_the_customer_a_wrong_hit_landed_on():
    """After the race (never before, CD-9), the HDMI's result says which
    customer the wrong hit named, from the events and from the record
    (after a resume); the seat's OLED says "wrong hit!"."""
    from test_cha_dango_helpers import release, slap
    from firmware.screens.cha_dango_words import _seat_result, result_lines
    g = table(2, dining=[X, A, Y], deck=[R, TOP] + REST)
    events = [e["text"] for e in reveal(g)]
    events += [e["text"] for e in slap(g, 1, T0 + 700_000, Y)]
    events += [e["text"] for e in release(g, 1, T0 + 780_000)]
    events += [e["text"] for e in slap(g, 0, T0 + 1_100_000, A)]
    while g.phase == "race":
        events += [e["text"] for e in settle(g)]
    said = " / ".join(result_lines(g.view(None), events)).replace("\u00a0", " ")
    assert f"Seat 2: wrong hit, the {CARDS[Y].figure} did not match" in said, said
    assert "Seat 1 served cat" in said, said
    again = " / ".join(result_lines(g.view(None), [])).replace("\u00a0", " ")
    assert f"Seat 2: wrong hit, the {CARDS[Y].figure} did not match" in again, again
    assert _seat_result(events, 1) == "wrong hit!"


def test_the_legend_says_what_the_keys_do_while_paused():
    """Issue 34: while paused the seat's legend still said "Left/Right:
    aim", though the arrows turn the pause's pages then (and the button
    and cup do nothing).  Paused, the legend says so."""
    from types import SimpleNamespace
    from firmware.app.session_panels import SessionPanels
    g = table(2, dining=[X, A, Y], deck=[R, TOP] + REST)
    panels = SessionPanels()
    panels.game, panels.cabinet = g, SimpleNamespace(simulated=True)
    panels.runtime = SimpleNamespace(pause=SimpleNamespace(paused=True), bots=set())
    reveal(g)
    paused = dict(panels._legends()[1])
    assert paused.get("A/D") == "pages" and "hit" not in paused.values() and "cup" not in paused.values(), paused
    assert "go on" in " ".join(f"{k} {w}" for k, w in paused.items()), paused
    panels.runtime.pause.paused = False
    assert dict(panels._legends()[1])["A/D"] == "aim"
