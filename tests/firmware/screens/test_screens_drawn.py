"""The drawn table, part 1: Retrograde and Cha dango on HDMI and OLED.

For many seeded states at 1920x1080 and 800x480: every text fits its box
and the screen and is never cut; what a seat needs to act is on the screen
(each face-up target card's two colours and third spot, each seat's dice,
the dining area's customers, the order); nothing private or secret reaches
a frame it must not (another seat's hand, the deck order, whether the order
matches while a Cha dango race is open).  Each check is also shown to
catch a deliberate fault.
"""
from __future__ import annotations

import copy
import random
import re

import pytest

from engines import Game
from engines.retrograde.components import default_components
from firmware.runtime.controls import SeatControls
from firmware.screens import cha_dango as cd
from firmware.screens import retrograde as rg
from firmware.screens.draw import default_measure, hdmi_screen, oled_frame
from firmware.ui.kit import NEED, LayoutError, Rect, Scene
from screen_checks import SIZES, context, play_states, scene_problems

GAMES = [("retrograde", 1, 3), ("retrograde", 3, 1), ("retrograde", 4, 2),
         ("cha-dango", 2, 1), ("cha-dango", 4, 1), ("cha-dango", 6, 2)]


def scenes(game, events, **extra):
    ctx = context(game, events, **extra)
    return [hdmi_screen(game, ctx, size=size, measure=default_measure()) for size in SIZES], ctx


@pytest.mark.parametrize("game_id,players,seed", GAMES)
def test_every_text_fits_at_both_sizes_and_oleds_build(game_id, players, seed):
    """Text never leaves its box, is never cut, never under the minimum
    size, at both sizes, in states across a whole game; every seat's OLED
    frame builds (an OLED text too wide for its room raises)."""
    seen = 0
    for game, events in play_states(game_id, players, seed, every=7):
        sc, ctx = scenes(game, events)
        for scene in sc:
            assert scene_problems(scene) == [], (game.view(None)["phase"], scene.width)
            assert not [t for p, t in scene.dropped if p == NEED]
        for seat in range(players):
            frame = oled_frame(game, seat, ctx["controls"][seat], ctx)
            assert frame.image.size == (128, 64)
        seen += 1
    assert seen > 5


def test_the_checks_catch_a_clipped_text_and_a_cut_one():
    """A text squeezed into a box too small, and one cut with an
    ellipsis, are reported; a NEED text that cannot fit raises."""
    m = default_measure()
    scene = Scene(800, 480, m)
    scene.add("text", Rect(10, 10, 40, 30), text="Seat 1 blasts", size=24, colour=(255, 255, 255))
    scene.add("text", Rect(10, 50, 400, 30), text="Seat 1 rolled 5 5…", size=24, colour=(255, 255, 255))
    problems = scene_problems(scene)
    assert any("Seat 1 blasts" in p and "box" in p for p in problems)
    assert any("cut" in p for p in problems)
    with pytest.raises(LayoutError):
        scene.text("Press your button to claim a card", Rect(0, 0, 60, 30))
    assert scene.text("the event feed", Rect(0, 0, 20, 30), priority=2) is None
    assert scene.dropped == [(2, "the event feed")]


def test_oled_text_wider_than_its_room_raises():
    from firmware.ui.oled import OledFrame
    f = OledFrame()
    with pytest.raises(ValueError):
        f.text(100, 10, "far too long for the corner")


# ------------------------------------------------------------ Retrograde
def _rg_states(players, seed, want, every=3):
    for game, events in play_states("retrograde", players, seed, every=every):
        if want(game.view(None)):
            yield game, events


def test_rg2_every_face_up_card_shows_its_two_colours_and_third_spot():
    """RG-2: each face-up target card is drawn with its letter, its two
    droid colours (as droids with their pips) and its third spot."""
    n = 0
    for game, events in _rg_states(3, 1, lambda v: v["phase"] == "roll"):
        view = game.view(None)
        for scene in scenes(game, events)[0]:
            cards = scene.facts["cards"]
            assert set(view["face_up_ids"]) <= set(cards)
            droids = [d.props["pips"] for d in scene.of_kind("droid")]
            for cid in view["face_up_ids"]:
                card = default_components().card(cid)
                assert cards[cid]["colours"] == list(card.colours)
                for pips in card.colours:
                    assert pips in droids
                if card.spot == "power-up":
                    assert all(w in " ".join(scene.texts()) for w in card.power_up.split())
        n += 1
        if n > 12:
            break
    assert n > 5


def test_rg1_each_seat_sheet_and_dice_as_read():
    """RG-1: each seat's 25 droids (blasted ones crossed off), 5 bosses,
    6 trophies, its dice drawn as dice with the values the camera read."""
    n = 0
    for game, events in _rg_states(4, 2, lambda v: any(s["dice"] for s in v["seats"])):
        view = game.view(None)
        for scene in scenes(game, events)[0]:
            sheet_droids = [d for d in scene.of_kind("droid") if d.props.get("blasted") is not None]
            assert len(sheet_droids) == 25 * 4
            assert sum(d.props["blasted"] for d in sheet_droids) == sum(sum(s["blasted"]) for s in view["seats"])
            assert len(scene.of_kind("boss")) == 5 * 4
            dice = {}
            for d in scene.of_kind("die"):
                if d.key and d.props["value"] is not None:
                    seat, i = map(int, d.key.split(":")[1:])
                    dice.setdefault(seat, []).append(d.props["value"])
            for s in view["seats"]:
                if s["seat"] in scene.facts.get("rolling", []):     # read again (a reroll): no stale values
                    assert s["seat"] not in dice, dice
                elif s["dice"] and not view.get("turn"):
                    assert dice[s["seat"]] == s["dice"]
            assert scene.facts["scores"] == {s["seat"]: s["score"] for s in view["seats"]}
        n += 1
        if n > 10:
            break
    assert n > 5


def test_rg_unread_dice_are_never_drawn_with_a_value():
    """A seat whose dice the camera has not read yet shows dice being read,
    never values (CAB-5)."""
    for game, events in _rg_states(3, 1, lambda v: v["phase"] == "roll" and any(
            s["dice"] is None and not s.get("claim") for s in v["seats"])):
        view = game.view(None)
        scene = scenes(game, events)[0][0]
        seats = [s["seat"] for s in view["seats"] if s["dice"] is None]
        assert scene.facts["dice"][seats[0]] == []
        assert any(d.props["state"] == "reading" and d.props["value"] is None for d in scene.of_kind("die"))
        return
    pytest.fail("no such state")


def test_rg9_the_plan_under_the_cursor_is_lit_on_the_blasting_sheet():
    """RG-9: while a seat chooses, the droids of the plan under its cursor
    are lit on its own sheet, and the plan's number and points shown."""
    checked = 0
    for game, events in _rg_states(3, 1, lambda v: v["phase"] == "blast" and not v["turn"]["cells"]):
        view = game.view(None)
        seat = view["turn"]["seat"]
        controls = [SeatControls(s) for s in range(3)]
        acts = controls[seat].refresh(game)
        plans = rg.turn_plans(game, view)
        if len(plans) < 2 or not acts:
            continue
        for k in range(min(len(plans), 3)):
            controls[seat].cursor = k
            scene = hdmi_screen(game, context(game, events, controls), size=(1920, 1080), measure=default_measure())
            assert scene.facts["plan"]["index"] == k
            lit = [n for n in scene.of_kind("droid") if n.props.get("lit")]
            assert len(lit) == len([c for c in plans[k].cells if not view["seats"][seat]["blasted"][c]])
            pts = f"+{plans[k].points} pt{'s' if plans[k].points != 1 else ''}"
            assert f"Plan {k + 1} of {len(plans)}: {pts}" in scene.texts()
        checked += 1
        if checked >= 3:
            break
    assert checked


def test_rg7_countdown_and_rg10_solo_clock():
    """The 3-2-1 before the roll is drawn big; solo shows that the hidden
    timer runs (an hourglass, never the time left: RG-10) and Time! when it
    ran out."""
    game, events = next(_rg_states(3, 1, lambda v: v["phase"] == "roll"))
    scene = scenes(game, events, banner="2")[0][0]
    assert scene.facts["countdown"] == "2"
    assert [n.props["text"] for n in scene.of_kind("glyph")] == ["2"]
    solo = next(_rg_states(1, 3, lambda v: v["phase"] == "roll"))
    assert scenes(*solo)[0][0].facts["solo_clock"] == "running"
    game, events = next(_rg_states(1, 3, lambda v: v["phase"] == "roll" and v["seats"][0]["dice"] is not None,
                                   every=1))
    game.apply({"type": "tick", "t_us": game.now_us() + 26_000_000})  # the hidden 25 s timer runs out
    assert game.view(None)["phase"] == "stop"
    sc = scenes(game, events)[0][0]
    assert sc.facts["solo_clock"] == "time" and "Time!" in sc.texts()


def test_rg_claims_show_seat_and_order():
    """RG-7: a claimed card wears the claiming seat's colour and token and
    its place in the claim order."""
    for game, events in _rg_states(3, 1, lambda v: len(v.get("claim_order") or []) >= 2):
        view = game.view(None)
        scene = scenes(game, events)[0][0]
        owners = {s["claim"]: s["seat"] for s in view["seats"] if s.get("claim")}
        for cid, seat in owners.items():
            assert scene.facts["cards"][cid]["owner"] == seat
        order_texts = [t for t in scene.texts() if t in ("1st", "2nd", "3rd", "4th")]
        assert len(order_texts) >= 2
        return
    pytest.fail("no such state")


def _rg_with_other_hand(game: Game) -> Game:
    """The same game with seat 0's power-up hand (beside its sheet, RG-13) replaced."""
    data = copy.deepcopy(game.to_json())
    seat0 = data["state"]["seats"][0]
    pool = [c for c in data["state"]["deck"] if default_components().card(c).spot == "power-up"]
    old = list(seat0["hand"])
    seat0["hand"] = pool[:len(old)]
    data["state"]["deck"] = [c for c in data["state"]["deck"] if c not in seat0["hand"]] + old
    return type(game).from_json(data)


def test_rg_the_kept_power_ups_are_named_on_the_shared_screen_and_on_no_other_seats_oled():
    """RG-13: the power-ups a seat keeps beside its sheet are public: the
    shared screen names them ("kept: Odd Eye", or counts them "+N more"
    where the panel is short; PT46 had to remember its four); no other
    seat's OLED shows them (each OLED is its own seat's)."""
    n = 0
    for game, events in _rg_states(3, 1, lambda v: v["phase"] in ("roll", "blast")
                                   and v["seats"][0]["hand_count"] > 0, every=5):
        other = _rg_with_other_hand(game)
        a, ctx = scenes(game, events)
        b, ctx2 = scenes(other, events)
        big = " ".join(a[0].texts())
        names = [default_components().card(c).power_up for c in game.view(None)["seats"][0]["hand"]]
        assert any(f"kept: {x}" in big for x in names) or re.search(r"\+\d+ more", big), (names, big)
        assert [s.key() for s in a] != [s.key() for s in b] or \
            sorted(names) == sorted(default_components().card(c).power_up for c in other.view(None)["seats"][0]["hand"])
        for seat in (1, 2):
            fa = oled_frame(game, seat, SeatControls(seat), ctx)
            fb = oled_frame(other, seat, SeatControls(seat), ctx2)
            assert fa.image.tobytes() == fb.image.tobytes()
        n += 1
        if n > 6:
            break
    assert n


# ------------------------------------------------------------ Cha dango
def _cd_states(players, seed, want, every=1):
    for game, events in play_states("cha-dango", players, seed, every=every):
        if want(game.view(None)):
            yield game, events


def test_cd1_dining_area_customers_drawn_as_their_three_attributes():
    """CD-1: every customer of the dining area is a card showing its figure,
    dango colour and background colour as pictures."""
    n = 0
    for game, events in _cd_states(4, 1, lambda v: True, every=9):
        view = game.view(None)
        for scene in scenes(game, events)[0]:
            assert scene.facts["dining"] == [c["id"] for c in view["dining_area"]]
            cards = {n.key for n in scene.nodes if n.kind == "group"}
            figures = [n.props["name"] for n in scene.of_kind("figure")]
            dango = [n.props["name"] for n in scene.of_kind("dango")]
            swatches = [n.props["name"] for n in scene.of_kind("swatch")]
            for c in view["dining_area"]:
                assert f"cust:{c['id']}" in cards
                assert c["figure"] in figures and c["dango"] in dango and c["background"] in swatches
            assert scene.facts["vp"] == dict(enumerate(view["vp_counts"]))
        n += 1
    assert n > 10


def test_cd1_order_forming_back_then_order():
    """The order's attribute is the back of the top ordering card once the
    card above it is revealed (CD-1): shown with the order as a picture and
    words; between orders the top card's back is the last order's
    attribute, so the deck is drawn face down (issue 34: it asked for
    nothing yet)."""
    game, events = next(_cd_states(4, 1, lambda v: v["phase"] == "reveal" and v.get("top_back")))
    scene = scenes(game, events)[0][0]
    assert "asks" not in scene.facts
    game, events = next(_cd_states(4, 1, lambda v: v.get("race") is not None))
    view = game.view(None)
    scene = scenes(game, events)[0][0]
    assert scene.facts["asks"] == view["top_back"] == view["order"]["attribute"]
    assert scene.facts["order"] == view["order"]
    assert any(t.startswith("Order: ") for t in scene.texts())


def _flip_race(view):
    """The same open race with what the engine knows and must not tell
    (whether customers match, which) written into the view: a screen that
    read it would change (CD-9)."""
    v = copy.deepcopy(view)
    ids = [c["id"] for c in v["dining_area"]]
    v["race"] = dict(v["race"], kind="slap", customers_left=ids[:1], targets=ids[:1], won=[])
    return v


def test_cd_race_screens_do_not_tell_whether_the_order_matches():
    """While a race is open (before any seat acted), the shared screen and
    every OLED ignore whatever says whether a customer matches: spotting
    the match is the game (CD-9; tests/firmware/screens/test_cha_dango_seeing.py compares
    two tables that differ only in their customers)."""
    checked = 0
    for game, events in _cd_states(4, 1, lambda v: v.get("race") is not None and not any(v["buttons_down"])
                                   and not any(v["cups_up"])):
        view = game.view(None)
        flipped = _flip_race(view)
        for size in SIZES:
            a = cd.screen(game, view, context(game, events), size=size, measure=default_measure())
            b = cd.screen(game, flipped, context(game, events), size=size, measure=default_measure())
            assert a.key() == b.key()
        for seat in range(4):
            ctx = context(game, events)
            va = game.view(seat)
            vb = _flip_race(va)
            fa = cd.oled_frame(game, seat, va, ctx["controls"][seat], ctx)
            fb = cd.oled_frame(game, seat, vb, ctx["controls"][seat], ctx)
            assert fa.image.tobytes() == fb.image.tobytes()
            assert not any(w in " ".join(fa.texts).lower() for w in ("match", "slap!", "sip tea"))
        checked += 1
        if checked >= 5:
            break
    assert checked


def test_cd_leak_check_catches_a_screen_that_highlights_matches(monkeypatch):
    """A screen that marks the matching customers is caught by the check
    above (the deliberate leak)."""
    game, events = next(_cd_states(4, 1, lambda v: v.get("race") is not None))
    view = game.view(None)
    real = cd._dining_area

    def leaky(scene, r, v, *rest, **kw):
        real(scene, r, v, *rest, **kw)
        if (v.get("race") or {}).get("customers_left"):
            scene.add("panel", Rect(r.x, r.y, 10, 10), None, fill=(255, 0, 0))
    monkeypatch.setattr(cd, "_dining_area", leaky)
    a = cd.screen(game, view, context(game, events), measure=default_measure())
    b = cd.screen(game, _flip_race(view), context(game, events), measure=default_measure())
    assert a.key() != b.key()


def test_cd_deck_order_and_other_vp_cards_stay_hidden():
    """The ordering deck below its top card, and the faces of a seat's VP
    cards, change neither the shared screen nor another seat's OLED."""
    n = 0
    for game, events in _cd_states(3, 1, lambda v: v["phase"] == "reveal" and v["vp_counts"][0] >= 1, every=5):
        data = copy.deepcopy(game.to_json())
        st = data["state"]
        rest = st["deck"][1:]
        random.Random(n).shuffle(rest)
        # swap seat 0's VP cards with cards from the (hidden) deck
        k = len(st["vp"][0])
        if len(rest) > k:
            st["vp"][0], rest[:k] = rest[:k], st["vp"][0]
        st["deck"] = st["deck"][:1] + rest
        other = type(game).from_json(data)
        a, ctx = scenes(game, events)
        b, ctx2 = scenes(other, events)
        assert [s.key() for s in a] == [s.key() for s in b]
        for seat in (1, 2):
            fa = oled_frame(game, seat, SeatControls(seat), ctx)
            fb = oled_frame(other, seat, SeatControls(seat), ctx2)
            assert fa.image.tobytes() == fb.image.tobytes()
        n += 1
        if n > 5:
            break
    assert n


def test_cd4_race_result_in_milliseconds_after_the_race():
    """CD-4 / CD-6: once a race is decided its result is on the screen in
    milliseconds."""
    for game, events in _cd_states(4, 1, lambda v: v["phase"] == "reveal" and sum(v["vp_counts"]) >= 1):
        texts = " ".join(scenes(game, events)[0][0].texts())
        assert re.search(r"\d[ \u00a0]ms", texts), texts   # a number kept with its unit (no-break space)
        return
    pytest.fail("no such state")


def test_cd8_game_over_names_the_winner_or_shared_victory():
    *_, (game, events) = play_states("cha-dango", 4, 1)
    assert game.is_terminal()
    scene = scenes(game, events)[0][0]
    counts = game.view(None)["vp_counts"]
    best = max(counts)
    assert scene.facts["winners"] == [s for s, c in enumerate(counts) if c == best]
    assert any("win" in t for t in scene.texts())


# ------------------------------------------------------------ painter
def test_painter_draws_dice_and_animates_moves():
    """A die of 6 and one of 1 differ in pixels; an unread die shows no
    pips; a keyed component that moved animates for about 300 ms."""
    from firmware.ui.hdmi import HdmiRenderer
    r = HdmiRenderer(800, 480, "headless")
    m = r.scene_measure

    def die_scene(value, x=100, state="read"):
        s = Scene(800, 480, m)
        s.add("die", Rect(x, 100, 60, 60), "d", value=value, state=state)
        return s
    r.draw(die_scene(6))
    six = r.pg.image.tobytes(r.surface, "RGB")
    r.draw(die_scene(1))
    one = r.pg.image.tobytes(r.surface, "RGB")
    assert six != one
    r.painter.draw(r.surface, die_scene(6, 100), now_ms=0)
    r.painter.draw(r.surface, die_scene(6, 400), now_ms=0)
    assert r.animating
    r.painter.draw(r.surface, die_scene(6, 400), now_ms=150)
    assert r.animating
    r.painter.draw(r.surface, die_scene(6, 400), now_ms=400)
    assert not r.animating


def test_gallery_renders_named_states(tmp_path):
    """``cabinet screens`` writes the documented states, HDMI and OLEDs."""
    from firmware.app import gallery
    state = gallery.STATES["cha-dango"][1]
    game, events = gallery.find_state(state)
    assert game.view(None).get("race") is not None
    paths = gallery.render("cha-dango", tmp_path, sizes=((800, 480),))
    names = {p.name for p in paths}
    assert "cha-dango-race-800x480.png" in names and "cha-dango-race-oled-1.png" in names


@pytest.mark.parametrize("game_id", ["retrograde", "cha-dango", "ginza", "cryptid-cafe", "cafe-junior"])
def test_a_long_notice_takes_the_header_and_fits(game_id):
    """A runtime notice ("game paused: cannot save ...") is what matters
    now: it is shown whole at 800x480 even beside a long game name."""
    from engines import new_game
    game = new_game(game_id, 2 if game_id != "cryptid-cafe" else 2, 1)
    notice = "game paused: cannot save (disk full?)"
    scene = hdmi_screen(game, context(game, [], notice=notice), size=(800, 480), measure=default_measure())
    assert notice in scene.texts()
    assert scene_problems(scene) == []


def test_a_layout_bug_never_ends_a_game(tmp_path, monkeypatch):
    """A screen that cannot be laid out is logged and the game goes on
    (the tests above keep such bugs out; a cabinet must not stop on one)."""
    from firmware.runtime import config
    from firmware.screens import retrograde
    from firmware.app.session import Session, SessionOptions
    from firmware.ui.kit import LayoutError

    def broken(*a, **k):
        raise LayoutError("deliberately broken")
    monkeypatch.setattr(retrograde, "oled_frame", broken)
    monkeypatch.setattr(retrograde, "screen", broken)
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    s = Session.new(cfg, "retrograde", 2, 1, None, tmp_path / "g.jsonl",
                    SessionOptions(headless=True, size=(800, 480), bots={0, 1}), model=None)
    s.run()
    assert s.game.is_terminal()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rg_grabbing_seats_fit_at_800x480(players):
    """RG-12: while claims wait out the settle window the banner names the
    grabbing seats; with four seats at 800x480 that news and the roll
    prompt must still lay out (found by the soak: 'Grabbing: Seat 1,
    Seat 2' and 'Press your button to claim a card' did not fit 270x97 px,
    and the screen was not drawn)."""
    found = 0
    for game, events in play_states("retrograde", players, 2, every=1):
        view = game.view(None)
        cards = view["face_up_ids"]
        if view["phase"] != "roll" or len(cards) < players:
            continue
        data = copy.deepcopy(game.to_json())
        data["state"]["pending"] = [[seat, cards[seat], data["state"]["now"]] for seat in range(players)]
        grabbing = type(game).from_json(data)
        ctx = context(grabbing, events)
        for size in SIZES:
            scene = hdmi_screen(grabbing, ctx, size=size, measure=default_measure())
            assert scene_problems(scene) == []
            assert any(" grab" in t for t in scene.texts()), size
        found += 1
        if found >= 3:
            return
    pytest.fail("no roll state")
