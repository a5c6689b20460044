"""The first-game walkthrough played through the real window loop (issue
38): the option flows from ``--options``/the menu into the session; seat 1
(a person, bots at the other seats) is prompted on the HDMI and its OLED
through round 1 and follows the prompts with its keys; the band says once
that the first round is over, then goes; with the option off nothing is
said."""
from __future__ import annotations

import pytest

from firmware.screens.walkthrough import ENDED


def _band(t) -> list[str]:
    return (t.session.hdmi_model.facts.get("walkthrough") or {}).get("texts", [])


def _follow_prompts(t, seat: int = 0, max_passes: int = 4000) -> list[str]:
    """Seat ``seat`` does what the band tells it (the button as many times
    as it says) until the first round is over; returns every band text seen."""
    said: list[str] = []
    for _ in range(max_passes):
        s = t.session
        if s.walkthrough != "on":
            return said
        texts = _band(t)
        for text in texts:
            if text not in said:
                said.append(text)
        mine = next((x for x in texts if x.startswith(f"Seat {seat + 1},")), None)
        if mine is not None and s.runtime.controls[seat].refresh(s.game):
            t.press(seat, "button")
            if "twice" in mine or "again" in mine:
                t.press(seat, "button")
        else:
            t.step(ms=200)
    raise AssertionError("the first round did not end")


def test_cryptid_cafe_seat_1_is_walked_through_round_1(table):
    t = table("cryptid-cafe", players=3, bots={1, 2}, options={"walkthrough": True})
    t.run_until(lambda t: 0 in t.session.game.active_players() and _band(t), max_passes=400, ms=100)
    assert t.session.walkthrough == "on"
    text = _band(t)[0]
    assert text.startswith("Seat 1, it is your turn to send a server")
    assert "press your button twice to send the server" in text
    assert any(x.startswith("<> ") or x.startswith("press") for x in t.oled_texts(0)), t.oled_texts(0)
    said = _follow_prompts(t)
    mine = [x for x in said if x.startswith("Seat 1,")]
    assert len(mine) >= 2, said
    watching = [x for x in said if x not in mine]       # while the bots play the band stays and says so
    assert watching and all("playing now: watch the board" in x or x.startswith("Watch the board")
                            for x in watching), watching
    assert t.session.game.view(None)["round"] == 2
    t.run_until(lambda t: _band(t) == [ENDED], max_passes=50)
    assert "first round done!" in t.oled_texts(0)
    t.run_until(lambda t: t.session.walkthrough is None, max_passes=400, ms=100)
    t.step(3)
    assert not _band(t)
    assert "first round done!" not in t.oled_texts(0)


def test_cafe_junior_prompt_follows_the_cursor(table):
    t = table("cafe-junior", players=2, bots={1}, options={"walkthrough": True})
    t.run_until(lambda t: 0 in t.session.game.active_players() and _band(t), max_passes=600, ms=100)
    before = _band(t)[0]
    assert before.startswith("Seat 1, it is your turn")
    t.press(0, "button")                     # armed: the band says "again"
    assert "press your button again to" in _band(t)[0], _band(t)


@pytest.mark.parametrize("options", [None, {"walkthrough": False}])
def test_off_says_nothing(table, options):
    t = table("cryptid-cafe", players=3, bots={1, 2}, options=options)
    t.run_until(lambda t: 0 in t.session.game.active_players(), max_passes=400, ms=100)
    t.step(2)
    assert t.session.walkthrough is None
    assert not _band(t)
    assert "walkthrough" not in t.scene().facts


def test_a_bad_walkthrough_value_is_refused_by_name(tmp_path):
    from engines.base import SetupError
    from firmware.app.session_walkthrough import house_options
    with pytest.raises(SetupError, match="walkthrough"):
        house_options({"walkthrough": "yes"})
    assert house_options({"walkthrough": True, "difficulty": "easy"}) == ({"difficulty": "easy"}, True)
    assert house_options({"difficulty": "easy"}) == ({"difficulty": "easy"}, None)


def test_all_bots_the_walkthrough_is_silent_and_ends_once(tmp_path):
    """Headless, bots everywhere: nobody is prompted; the state goes on ->
    ended -> off exactly once, and the journal records the switch."""
    import json

    from firmware.app.session import Session, SessionOptions
    from firmware.runtime import config
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    opts = SessionOptions(headless=True, size=(800, 480), bots={0, 1})
    s = Session.new(cfg, "retrograde", 2, 4, {"walkthrough": True}, tmp_path / "g.jsonl", opts, model=None)
    seen: list = []
    render = s.render

    def spy(runtime=None):
        render(runtime)
        state = (s.walkthrough, tuple(_band_of(s)))
        if not seen or seen[-1] != state:
            seen.append(state)
    s.runtime.on_change = spy
    s.run()
    s.close()
    states = [w for w, _ in seen]
    assert states[0] == "on" and "ended" in states and states[-1] is None
    compact = [w for i, w in enumerate(states) if i == 0 or states[i - 1] != w]
    assert compact == ["on", "ended", None]
    assert all(texts == () for _, texts in seen)      # nobody to walk through: no band at all
    header = json.loads((tmp_path / "g.jsonl").read_text().splitlines()[0])
    assert header["meta"]["walkthrough"] is True
    assert "walkthrough" not in json.dumps(header.get("options", {}))


def _band_of(s) -> list[str]:
    return (getattr(s.hdmi_model, "facts", {}).get("walkthrough") or {}).get("texts", [])


@pytest.mark.parametrize("asked", [True, False])
def test_a_game_resumed_in_round_1_keeps_its_walkthrough(tmp_path, asked):
    from firmware.app.session import Session, SessionOptions
    from firmware.runtime import config
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    opts = SessionOptions(headless=True, size=(800, 480), bots={1, 2})
    s = Session.new(cfg, "cryptid-cafe", 3, 2, {"walkthrough": asked}, tmp_path / "g.jsonl", opts, model=None)
    s.close()
    r = Session.resume(cfg, tmp_path / "g.jsonl", SessionOptions(headless=True, size=(800, 480)), model=None)
    try:
        assert r.walkthrough == ("on" if asked else None)
    finally:
        r.close()
