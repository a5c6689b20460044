"""Retrograde screens, issue 34's fresh play-tester: eight dice spilled
into the next seat's sheet on the HDMI; the blast plan counted "Plan 2 of
5" on the HDMI against "2/13" on the OLED; "plan 1: +1 pt" with "trophy 1"
beside it read like two trophies."""
from __future__ import annotations

import pytest

from engines import new_game
from engines.registry import is_available
from firmware.screens import retrograde as rg
from firmware.screens.draw import default_measure

needs_rg = pytest.mark.skipif(not is_available("retrograde"), reason="Retrograde engine not available")


@needs_rg
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 480)])
@pytest.mark.parametrize("dice", [7, 8, 9])
def test_a_seats_dice_stay_on_its_own_sheet(size, dice):
    g = new_game("retrograde", 4, 1)
    view = g.view(None)
    for seat in view["seats"]:
        seat["dice"] = [1 + k % 6 for k in range(dice)]
    scene = rg.screen(g, view, {}, size=size, measure=default_measure())
    groups = [n.rect for n in scene.nodes if n.kind == "group"]
    low = max(r.y for r in groups)
    tall = max(r.h for r in groups if r.y == low)       # (a seat's banner is a part of its own over its sheet)
    sheets = sorted((r for r in groups if r.y == low and r.h == tall), key=lambda r: r.x)
    assert len(sheets) == 4
    for p in range(4):
        dice_rects = [n.rect for n in scene.nodes if n.kind == "die" and str(n.key).startswith(f"die:{p}:")]
        assert len(dice_rects) == dice
        col = sheets[p]
        over = [r for r in dice_rects if r.right > col.right or r.x < col.x]
        assert not over, f"seat {p + 1}: die at x {over[0].x}..{over[0].right}, sheet ends at {col.right}"


@needs_rg
@pytest.mark.parametrize("dice", [7, 8])
def test_the_oled_shows_every_die_of_the_seat(dice):
    """A seat with a Cube Friend or two rolls 7 or 8 dice: its OLED showed
    the first 6."""
    from firmware.runtime.controls import SeatControls
    g = new_game("retrograde", 2, 1)
    view = g.view(0)
    view["seats"][0]["dice"] = [1 + k % 6 for k in range(dice)]
    frame = rg.oled_frame(g, 0, view, SeatControls(0), {})
    drawn = [box for name, box in frame.boxes if name.startswith("die ")]
    assert len(drawn) == dice
    assert all(0 <= b[0] and b[2] < frame.W for b in drawn)
    assert not frame.overlaps()


def _blast_turn(seed: int = 8):
    from bots.random_bot import RandomBot
    from firmware.runtime.controls import SeatControls
    g = new_game("retrograde", 2, seed)
    bot = RandomBot(1)
    while not (g.view(None)["phase"] == "blast" and g.plans(g.view(None)["turn"]["seat"])):
        g.apply(bot.next_action(g))
    p = g.view(None)["turn"]["seat"]
    c = SeatControls(p)
    c.refresh(g)
    return g, p, c


def _hdmi_texts(g, p, c) -> list[str]:
    scene = rg.screen(g, g.view(None), {"controls": {p: c}}, size=(1920, 1080), measure=default_measure())
    return scene.texts()


@needs_rg
def test_the_oled_and_the_hdmi_count_the_plans_alike():
    """The HDMI said "Plan 2 of 5", the OLED "2/14" (plans and single
    steps together): both now say "plan 2 of 5"; on a single step both
    count the steps ("step 3 of 9" / "3/9")."""
    import re
    g, p, c = _blast_turn()
    plans = sum(1 for a in c.refresh(g) if a["type"] == "plan")
    steps = len(c.refresh(g)) - plans
    for k in range(1, plans + 1):
        oled = " ".join(rg.oled_frame(g, p, g.view(p), c, {}).texts).lower()
        hdmi = " ".join(_hdmi_texts(g, p, c)).lower()
        assert f"plan {k} of {plans}" in oled and f"plan {k} of {plans}" in hdmi, (oled, hdmi)
        assert not re.search(rf"\b{k}/{plans + steps}\b", oled), oled
        c.nav(g, 1)
    oled = " ".join(rg.oled_frame(g, p, g.view(p), c, {}).texts).lower()
    hdmi = " ".join(_hdmi_texts(g, p, c)).lower()
    assert f"1/{steps}" in oled and f"step 1/{steps}" in hdmi, (oled, hdmi)


@needs_rg
def test_a_trophy_is_named_by_its_pips_never_like_a_plan_number():
    """ "plan 1: +1 pt" beside "trophy 1" read alike: a trophy is the
    book's "4-pip trophy" ("circle my 4-pip trophy") in every label."""
    from firmware.runtime.controls import screen_label
    g, p, c = _blast_turn()
    labels = [screen_label(g, p, a) for a in c.refresh(g)]
    hdmi = _hdmi_texts(g, p, c)
    import re
    bare = [t for t in labels + hdmi if re.search(r"trophy \d", t)]
    assert not bare, bare
    assert any(re.search(r"^\d-pip trophy$", t) for t in labels), labels


@needs_rg
def test_done_blasting_lights_nothing_on_the_hdmi():
    """On "done blasting" (a step in no plan) the OLED's sheet lit nothing
    and the HDMI still lit plan 1 ("lit on the sheet")."""
    g, p, c = _blast_turn()
    acts = c.refresh(g)
    c.nav(g, next(i for i, a in enumerate(acts) if a["type"] == "done") - c.cursor)
    scene = rg.screen(g, g.view(None), {"controls": {p: c}}, size=(1920, 1080), measure=default_measure())
    assert "lit on the sheet" not in scene.texts()
    assert not [n for n in scene.of_kind("droid") if n.props.get("lit")]   # (in the sheets' groups too)


@needs_rg
def test_a_single_blast_step_lights_its_own_droid_on_the_hdmi():
    """PT46 (a fresh play-tester): "Step 4/8: blast Blue 6+6", a step in no
    plan, lit nothing on the HDMI, and three "comet Yellow 3+3+3" steps for
    three droids read alike: only the OLED's tiny map told them apart.  On
    a single blast (or comet) step the HDMI lights that step's droid, and
    only it."""
    for seed in range(8, 40):
        g, p, c = _blast_turn(seed)
        acts = c.refresh(g)
        steps = [i for i, a in enumerate(acts) if a["type"] in ("blast", "comet")]
        if steps:
            break
    else:
        raise AssertionError("no blast step in the seeds tried")
    for i in steps[:4]:
        c.nav(g, i - c.cursor)
        cell = acts[i]["cell"]
        scene = rg.screen(g, g.view(None), {"controls": {p: c}}, size=(1920, 1080), measure=default_measure())
        lit = [n for n in scene.of_kind("droid") if n.props.get("lit")]
        assert len(lit) == 1, (acts[i], len(lit))
        assert "lit on the sheet" in scene.texts()


@needs_rg
def test_after_the_first_step_the_hdmi_shows_the_step_not_the_plan_of_the_turns_start():
    """PT46: after a step (the Comet on a droid) the HDMI band still read
    "Plan 1 of 5: +2 pts · 2 droids, 1 with the Comet" with that plan's
    droids lit, while the seat's OLED went through "coin: copy a 4 1/3"
    ... "done blasting".  Once the seat has taken a step, no plan is
    offered: the band says the step under its cursor, not a plan."""
    g, p, c = _blast_turn()
    plan = next(a for a in c.refresh(g) if a["type"] == "plan")
    _hdmi_texts(g, p, c)                        # drawn once at the turn's start (its plans then)
    g.apply(plan["steps"].actions(p)[0])        # the plan's first step, taken
    acts = c.refresh(g)
    assert acts and not any(a["type"] == "plan" for a in acts), acts
    texts = _hdmi_texts(g, p, c)
    assert not any(t.startswith("Plan ") for t in texts), texts[:30]
    assert any(t.startswith("Next: ") for t in texts), texts[:30]
