"""Issue 34, item 3: "Nobody sees who won".  ``cabinet play`` closed the
window the moment the game ended, and from the menu the game dropped
straight back to the menu.  Now the result screen (final scores, the
tie-break, the winner with a trophy) stays until a person presses."""
from __future__ import annotations

from firmware.runtime import config
from engines.results import game_result
from firmware.app.session import Session, SessionOptions
from firmware.app.window_loop import RESULT_MIN_S

from .harness import near_end, play_on


def test_the_end_screen_names_the_winner_and_stays_until_a_person_presses(table, tmp_path):
    journal = near_end(tmp_path, "cafe-junior", 3, seed=4, drop=4)
    t = table("cafe-junior", 3, bots={1, 2}, journal=journal)
    play_on(t)
    assert t.loop.stage == "result" and t.session.game.is_terminal()
    result = game_result(t.session.game)
    t.step()
    facts = t.session.hdmi_model.facts["result"]
    winner = result.winners[0] + 1
    assert facts["title"] == (f"Seat {winner} wins!" if not result.shared else facts["title"])
    assert f"Seat {winner}" in " ".join(t.session.hdmi_model.texts())
    assert [r[1] for r in facts["rows"]] == [s + 1 for g in result.ranking for s in g]   # every seat, ranked
    assert facts["hint"] == "Press your button to close (or any key)"
    t.save(tmp_path / "result.png")
    t.step(600, ms=100)                              # a minute later: still up
    assert t.loop.stage == "result"
    t.press(0, "button")                              # seat 1 has read it and presses its button
    assert t.loop.stage == "done"


def test_a_late_press_does_not_dismiss_the_result_unread(table, tmp_path):
    journal = near_end(tmp_path, "cafe-junior", 2, seed=5, drop=3)
    t = table("cafe-junior", 2, bots={1}, journal=journal)
    play_on(t)
    assert t.loop.stage == "result"
    t.press(0, "button")                              # meant for the last turn, 100 ms after the end
    assert t.loop.stage == "result"
    t.step(int(RESULT_MIN_S * 1000 / t.pass_ms) + 1)
    t.press(0, "button")                              # now read: the seat's button goes on
    assert t.loop.stage == "done"


def test_on_the_cabinet_a_persons_big_button_dismisses_the_result_and_a_bots_does_not(table, tmp_path):
    """The cabinet has no keyboard: the seat's button (its pin) answers."""
    journal = near_end(tmp_path, "cafe-junior", 2, seed=5, drop=3)
    t = table("cafe-junior", 2, bots={1}, journal=journal)
    play_on(t)
    t.step(int(RESULT_MIN_S * 1000 / t.pass_ms) + 1)
    cab = t.session.cabinet

    def pin_press(seat: int) -> None:
        cab.drive(seat, "button", True, cab.factory.now_us + 1000)
        t.step(2)
        cab.drive(seat, "button", False, cab.factory.now_us + 1000)
        t.step()
    pin_press(1)                                       # the bot's seat
    assert t.loop.stage == "result"
    pin_press(0)
    assert t.loop.stage == "done"


def test_with_only_bots_the_result_says_a_key_closes_it(table):
    t = table("cafe-junior", 2, bots={0, 1}, pass_ms=400)
    t.run_until(lambda t: t.loop.stage == "result", max_passes=4000)
    t.step()
    assert t.session.hdmi_model.facts["result"]["hint"] == "Press any key to close"
    t.step(50)
    assert t.loop.stage == "result"
    t.key("x")
    assert t.loop.stage == "done"


def test_from_the_menu_the_result_offers_the_way_back(table, tmp_path):
    from firmware.ui.hdmi import HdmiRenderer
    journal = near_end(tmp_path, "cafe-junior", 2, seed=6, drop=2)
    menu_renderer = HdmiRenderer(1280, 720, "window", oled_count=6)
    try:
        t = table("cafe-junior", 2, bots={1}, journal=journal, menu_renderer=menu_renderer)
        play_on(t)
        t.step()
        assert t.loop.stage == "result"
        assert t.session.hdmi_model.facts["result"]["hint"] == "Press your button to return to the menu (or any key)"
    finally:
        t.close()
        menu_renderer.close()


def test_a_headless_game_does_not_wait_for_a_press(tmp_path):
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    s = Session.new(cfg, "cafe-junior", 2, 3, None, tmp_path / "g.jsonl",
                    SessionOptions(headless=True, size=(800, 480), bots={0, 1}), model=None)
    s.run()
    s.close()
    assert s.game.is_terminal() and not s.show_result
