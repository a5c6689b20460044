"""Issue 34 (turn 34's play-tester) in Cryptid Cafe, played as seat 1 in
the window against two bots from a save late in a game: what the next
press would serve or swap is lit on the HDMI, the customers on the track
are numbered as the OLED counts them ("swap 1, 3", "serve space 2"),
"rank" is explained in the rulebook's words, and an armed choice says
"press again to confirm"."""
from __future__ import annotations

import re

import pytest

from firmware.rulings import LOOK_FIRST_US

from .harness import Table, near_end


@pytest.fixture(scope="module")
def journal(tmp_path_factory):
    """A 3-seat bots' game less its last 60 actions (one headless game, ~7 s)."""
    return near_end(tmp_path_factory.mktemp("cc"), "cryptid-cafe", 3, 1, 60)


@pytest.fixture
def t(tmp_path, journal):
    (tmp_path / "w").mkdir()
    copy = tmp_path / "game.jsonl"          # a resume writes on in its journal: each test its own copy
    copy.write_bytes(journal.read_bytes())
    table = Table("cryptid-cafe", 3, {1, 2}, tmp_path / "w", journal=copy)
    yield table
    table.close()


def _until_choice(t, kind: str, max_passes: int = 800) -> None:
    """Play seat 1 like a hurried person (press twice) until it has a
    choice of ``kind``."""
    for _ in range(max_passes):
        s = t.session
        if s.summary_shown():       # a round's summary: a press shows the board (CAB-13)
            t.press(0, "button")
            continue
        acts = s.runtime.controls[0].refresh(s.game) if 0 in s.game.active_players() else []
        if any(a["type"] == kind for a in acts):
            return
        if acts:
            t.press(0, "button")
            t.press(0, "button")
        else:
            t.step(ms=200)
    raise AssertionError(f"seat 1 never had a {kind} choice")


def _go_to(t, kind: str) -> dict:
    s = t.session
    for _ in range(60):
        chosen = s.runtime.controls[0].shown(s.game).chosen
        if chosen and chosen["type"] == kind:
            return chosen
        t.press(0, "right")
    raise AssertionError(kind)


def _lit(scene) -> set[str]:
    return {n.key for n in scene.all_nodes() if n.kind == "card" and (n.key or "").startswith("cust:")
            and n.props.get("state") == "selected"}


def test_cryptid_hdmi_lights_the_customer_a_serve_or_swap_would_take(t):
    """Before: nothing lit on the HDMI while the OLED said "serve space 1"
    or "swap 1, 3"."""
    _until_choice(t, "serve")
    act = _go_to(t, "serve")
    track = t.session.game.view(None)["players"][0]["track"]
    assert _lit(t.scene()) == {f"cust:0:{track[act['slot']]['card']}"}
    act = _go_to(t, "manager")
    track = t.session.game.view(None)["players"][0]["track"]
    assert _lit(t.scene()) == {f"cust:0:{track[k]['card']}" for k in act["slots"]}


def test_cryptid_hdmi_numbers_the_customers_as_the_oled_counts_them(t):
    """Before: the track's spaces carried no numbers."""
    t.step(ms=200)
    scene = t.scene()
    for seat in range(3):
        spaces = [n for n in scene.all_nodes() if n.kind == "text" and (n.key or "").startswith(f"space:{seat}:")]
        assert [n.props["text"] for n in spaces] == ["1", "2", "3", "4", "5", "6"], (seat, spaces)


def test_cryptid_says_what_a_rank_is(t):
    """Before: "server to Kap rank 1" with no word of what a rank gives;
    rulebook: the ranks "indicate the quantity of dishes your server can
    collect when occupying that rank"."""
    _until_choice(t, "place")
    act = _go_to(t, "place")
    k = act["rank"]
    oled = " ".join(t.oled_texts(0))
    assert re.search(rf"rank {k}\W.*{k} dish", oled), oled
    assert any(re.search(r"[Rr]ank.*dishes", x) for x in t.scene().texts()), t.scene().texts()


def test_cryptid_armed_choice_says_press_again_to_confirm(t):
    """Before: the armed line only inverted."""
    _until_choice(t, "place")
    _go_to(t, "place")
    t.step(ms=LOOK_FIRST_US // 1000)            # the choice may have just come: the seat reads it (CAB-12)
    t.press(0, "button")
    assert t.session.runtime.controls[0].shown(t.session.game).armed
    assert any("press again" in x for x in t.oled_texts(0)), t.oled_texts(0)
    assert any("press again" in x for x in t.scene().texts()), t.scene().texts()
