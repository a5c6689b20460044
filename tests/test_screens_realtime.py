"""Screens of the real-time games: Cha dango and Retrograde on the HDMI
screen (800 x 480 and 1920 x 1080, no overlapping text, ruling CAB-1: the
virtual cards and sheets are shown) and on the seats' OLEDs (at most 5
lines of at most 21 characters).

States come from seeded random games (firmware.bots.RandomBot); each test
names the rule whose display it checks.
"""
from __future__ import annotations

import collections
import re

import pytest

from engines import new_game
from firmware.bots import RandomBot
from firmware.controls import SeatControls
from firmware.games import cha_dango as cd
from firmware.games import retrograde as rg
from firmware.screens import hdmi_screen, oled_lines
from firmware.ui.layout import Rect, overlaps

SIZES = [(800, 480), (1920, 1080)]


@pytest.fixture(scope="module")
def renderers():
    from firmware.ui.hdmi import HdmiRenderer
    return [HdmiRenderer(w, h, "headless") for w, h in SIZES]


def play(game_id: str, players: int, seed: int, want, limit: int = 5000):
    """Play a seeded random game; yield (game, events) after every action
    for which ``want(game)`` is true."""
    game = new_game(game_id, players, seed)
    bot = RandomBot(seed)
    events: collections.deque[str] = collections.deque(maxlen=8)
    for _ in range(limit):
        if game.is_terminal():
            return
        for e in game.apply(bot.next_action(game)):
            events.append(e["text"])
        if want(game):
            yield game, list(events)


def first(game_id, players, seed, want):
    for game, events in play(game_id, players, seed, want):
        return game, events
    raise AssertionError("no such state in the seeded game")


def context(game, events, controls=None):
    ctx = {"last_events": events, "prompts": {}, "notice": "", "banner": "", "dice": {},
           "now_us": game.now_us()}
    if controls is not None:
        ctx["controls"] = controls
    return ctx


def render_texts(renderers, model) -> list[list[str]]:
    """Render at every size; check layout; return the drawn texts per size."""
    out = []
    for r in renderers:
        boxes = r.draw(model)
        assert not overlaps(boxes), f"overlapping text at {r.width}x{r.height}"
        screen = Rect(0, 0, r.width, r.height)
        assert all(b.rect.inside(screen) for b in boxes)
        out.append([b.text for b in boxes])
    return out


def shown(texts: list[str], needle: str) -> bool:
    return any(needle in t for t in texts)


def check_oled(lines):
    assert 1 <= len(lines) <= 5
    assert all(isinstance(x, str) and len(x) <= 21 for x in lines), lines


def controls_for(game):
    return [SeatControls(s) for s in range(game.num_players)]


# ------------------------------------------------------------- Cha dango
def test_cd9_race_shows_order_and_customers_but_no_match(renderers):
    """CD-1 / CD-9: during the race the order (attribute + value) is on
    screen and every dining-area customer is listed, none highlighted and no
    "SLAP!": whether and which customers match is for the players to see."""
    game, events = first("cha-dango", 4, 1, lambda g: g.phase == "race" and len(g.dining) >= 6)
    view = game.view(None)
    model = hdmi_screen(game, context(game, events))
    words = cd.order_words(view["order"]["attribute"], view["order"]["value"])
    for texts in render_texts(renderers, model):
        assert shown(texts, words)
        assert not shown(texts, "SLAP!") and not shown(texts, "no match")
    order_panel = model.panels[0]
    assert order_panel.lines[0] == words and 0 in order_panel.highlight
    dining = [p for p in model.panels if p.title.startswith("Dining")]
    listed = [line for p in dining for line in p.lines]
    assert listed == [cd.customer_text(c) for c in view["dining_area"]]
    assert not any(p.highlight for p in dining)


def test_cd9_race_oled_asks_hit_or_sip():
    """CD-9: seats that have not answered see "hit or sip?", never "slap!"."""
    game, events = first("cha-dango", 4, 1, lambda g: g.phase == "race")
    ctrls = controls_for(game)
    ctx = context(game, events)
    for s in range(4):
        lines = oled_lines(game, s, ctrls[s], ctx)
        check_oled(lines)
        assert "slap!" not in lines
        if game.race["answers"][s] is None and not game.cups_up[s]:
            assert "hit or sip?" in lines


def test_cd4_race_result_in_milliseconds_after_the_race(renderers):
    """CD-4 / CAB-3: after a slap race the screen's "Last race" panel gives
    the winner and the time in ms; the winner's OLED says "+1 VP"."""
    for game, events in play("cha-dango", 4, 2, lambda g: g.phase == "reveal"):
        served = [t for t in cd.race_events(events) if " served the customer" in t]
        if served:
            break
    else:
        raise AssertionError("no slap race in the seeded game")
    model = hdmi_screen(game, context(game, events))
    last = [p for p in model.panels if p.title == "Last race"]
    assert last and any(re.search(r"P\d served \w+: \d+ ms", x) for x in last[0].lines), last
    for texts in render_texts(renderers, model):
        assert any(re.search(r"\d+ ms", t) for t in texts)
    winner = int(re.match(r"Player (\d)", served[0]).group(1)) - 1
    lines = oled_lines(game, winner, controls_for(game)[winner], context(game, events))
    check_oled(lines)
    assert any(x.startswith("+") and x.endswith("VP") for x in lines), lines


def test_cd6_race_screen_lists_sips_and_oled_prompts(renderers):
    """CD-6 / CD-9: during the race the screen lists who sipped in how many
    ms; the OLED says "hit or sip?", "hold...", "put it down" or "sipped!"."""
    game, events = first("cha-dango", 5, 3,
                         lambda g: g.phase == "race" and any(t is not None for t in g.race["done_us"])
                         and any(t is None for t in g.race["done_us"]))
    view = game.view(None)
    model = hdmi_screen(game, context(game, events))
    race_panel = [p for p in model.panels if p.title.startswith("Hit or sip")][0]
    race = view["race"]
    for s, t in enumerate(race["sipped_us"]):
        if t is not None:
            assert f"P{s + 1} sipped {cd.ms_text(t - race['open_us'])}" in race_panel.lines
    render_texts(renderers, model)
    ctrls = controls_for(game)
    seen = set()
    for s in range(5):
        lines = oled_lines(game, s, ctrls[s], context(game, events))
        check_oled(lines)
        prompt = lines[1]
        seen.add(prompt.split()[0])
        answer = race["answers"][s]
        if race["sipped_us"][s] is not None:
            assert prompt.startswith("sipped!")
        elif answer is not None and answer["answer"] == "slap":
            assert prompt.startswith("hit ")
        elif view["cups_up"][s]:
            assert prompt in ("hold...", "put it down", "cup was up too early")
        elif answer is None:
            assert prompt == "hit or sip?"
        else:
            assert prompt == "cup down"
    assert "sipped!" in seen


def test_cd6_slowest_sipper_oled_says_lost_a_vp_card():
    """CD-6: the slowest sipper who places a VP card sees what it lost."""
    for game, events in play("cha-dango", 4, 4, lambda g: g.phase == "reveal"):
        lost = [t for t in cd.race_events(events) if " VP card (" in t]
        if lost:
            break
    else:
        raise AssertionError("nobody lost a VP card in the seeded game")
    seat = int(re.match(r"Player (\d)", lost[0]).group(1)) - 1
    lines = oled_lines(game, seat, controls_for(game)[seat], context(game, events))
    check_oled(lines)
    assert any(x.startswith("lost") or x.startswith("wrong hit") for x in lines), lines
    model = hdmi_screen(game, context(game, events))
    assert any(f"P{seat + 1} lost a VP card" in x for p in model.panels for x in p.lines)


def test_cd6_own_face_down_vp_card_only_on_own_oled():
    """CD-6: a seat's VP cards are face down; its own OLED names the top
    one (the card a slow sip loses), no other seat's OLED does."""
    game, events = first("cha-dango", 3, 1, lambda g: g.phase == "reveal" and g.vp[0] and g.current == 1)
    top = cd._short_customer(game.view(0)["my_vp_cards"][-1])
    ctx = context(game, events)
    mine = oled_lines(game, 0, controls_for(game)[0], ctx)
    check_oled(mine)
    assert f"top VP {top}"[:21] in mine
    for s in (1, 2):
        assert not any(top in x for x in oled_lines(game, s, controls_for(game)[s], ctx))


def test_cd8_vp_counts_and_final_ranking(renderers):
    """CD-8: every seat's VP count is shown; at the end a ranking with the
    shared best place highlighted."""
    *_, (game, events) = play("cha-dango", 6, 5, lambda g: True)
    assert game.is_terminal()
    view = game.view(None)
    model = hdmi_screen(game, context(game, events))
    seats = [p for p in model.panels if p.title.startswith("Players")][0]
    assert seats.lines == [f"P{s + 1}: {n} VP" for s, n in enumerate(view["vp_counts"])]
    final = model.panels[0]
    best = max(view["vp_counts"])
    assert {final.lines[i] for i in final.highlight} == {
        x for x in final.lines if x.endswith(f": {best} VP")}
    for texts in render_texts(renderers, model):
        assert shown(texts, "Game over")
    for s in range(6):
        check_oled(oled_lines(game, s, controls_for(game)[s], context(game, events)))


def test_cd1_reveal_turn_oled_and_next_order_attribute(renderers):
    """CD-1: before the reveal the screen says who reveals and which
    attribute the next order asks for (the back of the top card); the
    current seat's OLED offers the reveal with its cursor."""
    game, events = first("cha-dango", 3, 6, lambda g: g.phase == "reveal" and g.current == 2)
    view = game.view(None)
    model = hdmi_screen(game, context(game, events))
    assert model.panels[0].title == "Next order"
    assert f"asks: {cd.ATTRIBUTE_WORDS[view['top_back']]}" in model.panels[0].lines
    render_texts(renderers, model)
    lines = oled_lines(game, 2, controls_for(game)[2], context(game, events))
    check_oled(lines)
    assert "your turn: reveal!" in lines and "> reveal the order" in lines
    other = oled_lines(game, 0, controls_for(game)[0], context(game, events))
    assert "P3 reveals next" in other


@pytest.mark.parametrize("customers", [12, 25, 40])
def test_cd_many_customers_split_over_panels(renderers, customers):
    """CAB-1: a long dining area (random games stay near 11 customers, a
    careful table can grow it) is split over up to 3 panels, then two
    customers share a line; every customer is still listed."""
    from engines.cha_dango.cards import load_cards
    game, events = first("cha-dango", 4, 7, lambda g: g.phase == "race")
    view = game.view(None)
    view["dining_area"] = [c.to_view() for c in load_cards().cards[:customers]]
    model = cd.screen(game, view, context(game, events))
    dining = [p for p in model.panels if p.title.startswith("Dining")]
    assert 2 <= len(dining) <= 3
    listed = " | ".join(x for p in dining for x in p.lines)
    assert listed.count("/") == customers
    assert len(model.panels) <= 7
    render_texts(renderers, model)


# ------------------------------------------------------------ Retrograde
def test_rg7_round_start_countdown_and_roll_prompt():
    """RG-7: a roll starts with every seat's dice awaited: countdown() is
    true, the OLEDs say "roll!"; once dice are read it is false and the
    seat's OLED shows its dice."""
    game = new_game("retrograde", 3, 1)
    view = game.view(None)
    assert rg.countdown(game, view)
    for s in range(3):
        lines = oled_lines(game, s, SeatControls(s), context(game, []))
        check_oled(lines)
        assert "roll!" in lines
    game.apply({"type": "dice", "player": 1, "values": [3, 3, 5, 5, 6, 1], "t_us": 0})
    assert not rg.countdown(game, game.view(None))
    lines = oled_lines(game, 1, SeatControls(1), context(game, []))
    check_oled(lines)
    assert "dice: 3 3 5 5 6 1" in lines
    assert any(x.startswith("1/") and x.endswith("reroll") for x in lines)


def test_rg2_target_cards_lettered_with_pair_spot_and_claims(renderers):
    """RG-2 / RG-7: face-up cards show letter, colour pair and third spot;
    a claimed card keeps its letter and names the seat; the claimer's OLED
    says "claimed card X"."""
    game, events = first("retrograde", 3, 2,
                         lambda g: g.s["phase"] == "roll" and any(s["claim"] for s in g.s["seats"]))
    view = game.view(None)
    letters = rg.card_letters(view)
    assert sorted(letters.values()) == [chr(65 + i) for i in range(4)]  # RG: 3 players flip 4
    model = hdmi_screen(game, context(game, events))
    cards = model.panels[0]
    claimer = next(s for s in view["seats"] if s["claim"])
    joined = "\n".join(cards.lines).replace("\n     +", " +")
    for cid, letter in letters.items():
        text = rg.card_text(cid)
        assert any(x.startswith(letter) and x.endswith(text) for x in joined.split("\n")), (text, cards.lines)
    line = next(x for x in cards.lines if x.startswith(letters[claimer["claim"]]))
    assert line.startswith(f"{letters[claimer['claim']]} P{claimer['seat'] + 1} ")
    assert cards.lines.index(line) in cards.highlight
    lines = oled_lines(game, claimer["seat"], SeatControls(claimer["seat"]), context(game, events))
    check_oled(lines)
    assert f"claimed card {letters[claimer['claim']]}" in lines
    for texts in render_texts(renderers, model):
        assert shown(texts, "round 1 of 8")
        assert shown(texts, f"{letters[claimer['claim']]} P{claimer['seat'] + 1}")


def test_rg8_stop_and_rg10_solo_time_shown(renderers):
    """RG-8: Stop names the last seat and its rerolls on screen and OLED;
    RG-10: in solo the hidden timer running out is shown as "Time!"."""
    game, events = first("retrograde", 3, 11, lambda g: g.s["phase"] == "stop")
    last = game.s["stop_seat"]
    model = hdmi_screen(game, context(game, events))
    assert model.panels[1].title == "Stop! (RG-8)"
    assert model.panels[1].lines[0] == f"Seat {last + 1} claims last"
    lines = oled_lines(game, last, SeatControls(last), context(game, events))
    check_oled(lines)
    assert f"Stop! {game.s['rerolls_left']} rerolls left" in lines
    render_texts(renderers, model)
    solo = new_game("retrograde", 1, 1, {"solo_timer_us": 1000})
    bot = RandomBot(1)
    while solo.s["phase"] != "stop":
        solo.apply(bot.next_action(solo))
    model = hdmi_screen(solo, context(solo, []))
    assert model.panels[1].title == "Time! (RG-10)"
    assert f"Time! {solo.s['rerolls_left']} rerolls left" in oled_lines(solo, 0, SeatControls(0), context(solo, []))


def test_cab5_camera_reads_and_misreads_shown(renderers):
    """Issue / CAB-5: the dice the camera read and misread are counted and
    shown on the shared screen."""
    game, events = first("retrograde", 3, 2, lambda g: g.s["phase"] == "roll" and g.s["round"] == 2)
    ctx = context(game, events)
    ctx["dice"] = {"requests": 9, "dice_read": 54, "misread": 2, "nudges": 1, "frames": 80}
    model = hdmi_screen(game, ctx)
    assert "dice read 54, misread 2" in model.panels[0].lines
    for texts in render_texts(renderers, model):
        assert shown(texts, "misread 2")


def test_rg1_sheets_show_grid_blasted_droids_and_dice(renderers):
    """RG-1 / RG-3: each seat's sheet: 5 rows of 5 colour letters with the
    blasted droids crossed out, bosses, trophies, coins and the dice."""
    game, events = first("retrograde", 4, 3,
                         lambda g: g.s["phase"] == "roll" and g.s["round"] >= 5
                         and all(s["dice"] for s in g.s["seats"]))
    view = game.view(None)
    model = hdmi_screen(game, context(game, events))
    sheets = [p for p in model.panels if p.title.startswith("Seat ")]
    assert len(sheets) == 4
    for panel, seat in zip(sheets, view["seats"]):
        assert panel.title == f"Seat {seat['seat'] + 1}: {seat['score']} pts"
        assert panel.lines[0] == f"dice {rg.dice_text(seat['dice'])}"
        grid = [x.split("  ")[0].split() for x in panel.lines[2:7]]
        assert all(len(r) == 5 for r in grid)
        flat = [c for r in grid for c in r]
        assert flat.count("x") == sum(seat["blasted"])
        for k, c in enumerate(flat):
            if c != "x":
                assert c == "YOPGRB"[seat["pips"][k] - 1]
        assert panel.lines[1].split("  ")[0].split().count("B") == sum(seat["bosses"])
    render_texts(renderers, model)


def test_rg9_blast_planner_follows_the_seat_cursor(renderers):
    """RG-9 / planner: in 3 - Blast Droids the screen lists the planner's
    plans for the blasting seat; moving the seat's cursor onto a step of
    plan k highlights plan k and the OLED says "blast: plan k/n +P VP"."""
    found = False
    for game, events in play("retrograde", 3, 4, lambda g: g.s["phase"] == "blast"):
        seat = game.s["turn"]["seat"]
        plans = game.plans(seat, limit=5)
        if len(plans) < 2 or not plans[1].cells:
            continue
        ctrls = controls_for(game)
        target = plans[1].actions(seat)[0]
        view = game.view(None)
        idx = next((i for i, a in enumerate(ctrls[seat].refresh(game))
                    if rg._step_key(a, view["turn"]["pool"]) == rg._step_key(target, view["turn"]["pool"])), None)
        if idx is None:
            continue
        ctrls[seat].cursor = idx
        k = rg._plan_index(plans, ctrls[seat].refresh(game)[idx], view)
        model = hdmi_screen(game, context(game, events, ctrls))
        planner = model.panels[1]
        assert planner.title == f"Plan {k + 1}/{len(plans)}"
        assert planner.lines[0] == f"Seat {seat + 1} blasts: cursor plan"
        assert planner.lines[k + 1].startswith(f"{k + 1}. +{plans[k].points} VP")
        assert rg.plan_detail(plans[k])[0] in planner.lines
        assert planner.highlight == {k + 1}
        lines = oled_lines(game, seat, ctrls[seat], context(game, events))
        check_oled(lines)
        assert f"blast: plan {k + 1}/{len(plans)} +{plans[k].points} VP" in lines
        assert any(x.startswith(f"{idx + 1}/") for x in lines)
        render_texts(renderers, model)
        found = True
        break
    assert found, "no blast turn with two plans in the seeded game"


def test_rg9_planner_suggestion_without_cursor_and_mid_turn(renderers):
    """Planner: without the seat controls in the context the best plan is
    shown as suggested; after the first step the cached plans stay."""
    game, events = first("retrograde", 2, 5, lambda g: g.s["phase"] == "blast" and g.plans(g.s["turn"]["seat"]))
    seat = game.s["turn"]["seat"]
    model = hdmi_screen(game, context(game, events))
    assert model.panels[1].title.startswith("Plan 1/")
    assert model.panels[1].lines[0] == f"Seat {seat + 1} blasts: best first"
    first_lines = model.panels[1].lines
    plan = game.plans(seat, limit=5)[0]
    step = plan.actions(seat)[0]
    if step["type"] not in ("done", "trophy"):
        game.apply(step)
        again = hdmi_screen(game, context(game, events))
        assert again.panels[1].lines[:len(first_lines) - 1] == first_lines[:-1]
    render_texts(renderers, model)


def test_rg_labels_fit_the_oled_for_every_action():
    """Every Retrograde and Cha dango action met in random games gets an
    OLED label of at most 21 characters; claims name the card letter."""
    for game, _ in play("retrograde", 4, 6, lambda g: True):
        view = game.view(None)
        letters = rg.card_letters(view)
        for p in game.active_players():
            for a in game.legal_actions(p):
                text = rg.label(a, view)
                assert 0 < len(text) <= 21
                if a["type"] == "claim":
                    assert text == f"claim card {letters[a['card']]}"
    for a in ({"type": t} for t in ("reveal", "slap", "release", "cup_lift", "cup_down")):
        assert 0 < len(cd.label(a)) <= 21


def test_rg_oled_every_phase_and_armed_confirm():
    """OLED: at most 5 lines of 21 characters for every seat at every step
    of a game; a discrete choice armed by the button shows the confirm
    prompt (CAB-2 confirm step)."""
    armed_seen = False
    for game, events in play("retrograde", 3, 7, lambda g: True):
        ctx = context(game, events)
        for s in range(3):
            c = SeatControls(s)
            acts = c.refresh(game)
            if acts and not armed_seen and game.s["phase"] == "blast":
                c.press(game, game.now_us())
                lines = oled_lines(game, s, c, ctx)
                assert "press again: confirm" in lines
                armed_seen = True
            check_oled(oled_lines(game, s, c, ctx))
    assert armed_seen
    assert game.is_terminal()
    view = game.view(None)
    model = rg.screen(game, view, context(game, events))
    assert model.panels[1].title == "Final scores"


def test_screen_builders_never_copy_the_engine():
    """Screens run on every state change: they must not clone or serialise
    the engine."""
    for gid, n in (("cha-dango", 4), ("retrograde", 3)):
        for game, events in play(gid, n, 8, lambda g: True, limit=300):
            def boom(*a, **k):
                raise AssertionError("screen builder copied the engine")
            game.to_json = boom
            game.clone = boom
            ctrls = controls_for(game)
            hdmi_screen(game, context(game, events, ctrls))
            for s in range(n):
                oled_lines(game, s, ctrls[s], context(game, events))
            del game.to_json, game.clone


def test_rg9_done_is_only_the_plan_that_blasts_nothing():
    """Planner: the cursor on "done" selects no multi-step plan (ending the
    turn now abandons them); only a plan that is just "done" matches."""
    from engines.retrograde.planner import best_plans
    pips = [1, 2, 3, 4, 5] * 5
    blasted = [False] * 25
    plans = best_plans(pips, blasted, (1, 2), [1, 1, 2, 2, 6, 6], limit=5)
    assert plans and len(plans[0].actions(0)) > 1
    assert rg.plan_of(plans, {"type": "done", "player": 0}, [1, 1, 2, 2, 6, 6], 0) is None
    step = plans[0].actions(0)[0]
    assert rg.plan_of(plans, step, [1, 1, 2, 2, 6, 6], 0) == 0
    nothing = best_plans(pips, [True] * 25, (1, 2), [3, 3, 3, 4, 4, 4], trophies=[True] * 6)
    assert [a["type"] for a in nothing[0].actions(0)] == ["done"]
    assert rg.plan_of(nothing, {"type": "done", "player": 0}, [3, 3, 3, 4, 4, 4], 0) == 0


@pytest.mark.parametrize("game_id,players", [("retrograde", 1), ("retrograde", 2), ("retrograde", 4),
                                             ("cha-dango", 2), ("cha-dango", 6)])
def test_every_state_of_a_game_builds_and_fits(renderers, game_id, players):
    """CAB-1 at every player count: every state of a seeded game builds a
    screen of at most 8 panels and OLEDs of at most 5 x 21 characters; a
    sample of states renders at both sizes without overlapping text."""
    module = rg if game_id == "retrograde" else cd
    step = 0
    for game, events in play(game_id, players, 11, lambda g: True):
        step += 1
        ctrls = controls_for(game)
        model = hdmi_screen(game, context(game, events, ctrls))
        assert len(model.panels) <= 8
        assert model.title and model.status
        for s in range(players):
            check_oled(oled_lines(game, s, ctrls[s], context(game, events)))
        if step % 25 == 0 or game.is_terminal():
            render_texts(renderers, model)
        if game_id == "retrograde":
            assert module.countdown(game, game.view(None)) == (
                game.s["phase"] == "roll" and all(s["dice"] is None and s["claim"] is None for s in game.s["seats"]))
    assert game.is_terminal()
