"""Retrograde: the seat's OLED says what is true now (issue 34 item 2):
"card B was taken" is gone when the Stop phase begins, and the Stop seat
reads its rerolls at once."""
from __future__ import annotations

from firmware.runtime import config
from firmware.app.session import Session, SessionOptions


def new_session(tmp_path, seed=4):
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    opts = SessionOptions(headless=True, size=(800, 480), bots={1, 2})
    return Session.new(cfg, "retrograde", 3, seed, None, tmp_path / "g.jsonl", opts, model=None)


def step(s):
    rt = s.runtime
    rt.step(max(rt.next_event_us() or rt.now_us + 10_000, rt.now_us + 1))


def _first_bot_claim(tmp_path, seed=4) -> str:
    s = new_session(tmp_path / "a", seed)
    while True:
        step(s)
        for seat in s.game.view(None)["seats"][1:]:
            if seat["claim"]:
                return seat["claim"]


def test_the_taken_card_note_is_gone_when_stop_begins(tmp_path):
    """The play-tester's case: seat 1's cursor stood on the card a bot
    claimed ("card B was taken"); both bots claimed, Stop began with seat 1
    to claim last: its OLED must say "Stop! N rerolls", and the note only
    as the guard on the cursor ("press to see, or aim")."""
    _taken_then_stop(tmp_path, 4)


def test_the_taken_card_note_is_gone_when_stop_begins_on_a_second_taken_card(tmp_path):
    """The same, where the second bot's claim (which begins Stop) takes the
    card the cursor moved on to: that second note is stale at once, and
    the first one ("card B was taken") must leave the OLED with it (it
    stayed: the runtime only dropped a note equal to the latest one)."""
    _taken_then_stop(tmp_path, 1)


def _taken_then_stop(tmp_path, seed: int) -> None:
    from firmware.screens.draw import oled_frame
    card = _first_bot_claim(tmp_path, seed)
    s = new_session(tmp_path / "b", seed)
    rt = s.runtime
    said_taken = False
    while s.game.view(None)["phase"] != "stop":
        step(s)
        acts = rt.controls[0].refresh(s.game)
        on = [i for i, a in enumerate(acts) if a.get("type") == "claim" and a.get("card") == card]
        if on and rt.controls[0].cursor != on[0]:
            rt.nav(0, on[0] - rt.controls[0].cursor)
        said_taken = said_taken or "was taken" in " ".join(oled_frame(s.game, 0, rt.controls[0], s.context()).texts)
    assert said_taken, "the case needs the note first"
    step(s)
    assert s.game.view(None)["stop_seat"] == 0
    texts = " ".join(oled_frame(s.game, 0, rt.controls[0], s.context()).texts)
    # the note is no longer the news, but while the cursor is guarded (not aimed since its card
    # went) the OLED says so instead of promising a claim (issue 34, r05-r07)
    assert "claim card" not in texts, texts
    assert "was taken" not in texts or "press to see, or aim" in texts, texts
    assert "reroll" in texts and "Stop!" in texts, texts
