"""Issue 38, Build 5: each seat's button light says what the seat must do
(steady: your turn; blinking: act now; off: wait), through the seat's
gpiozero LED, drawn in the simulator's window beside each OLED."""
from __future__ import annotations

import pytest

from engines import new_game
from firmware.runtime.seat_lights import seat_modes
from hardware.seat_lights import SeatLight


class RecordingLed:
    def __init__(self):
        self.calls = []

    def on(self):
        self.calls.append("on")

    def off(self):
        self.calls.append("off")

    def blink(self, on_time, off_time, background):
        self.calls.append(("blink", on_time, off_time, background))


def test_a_seat_light_writes_its_led_only_when_its_mode_changes():
    led = RecordingLed()
    light = SeatLight(led)
    light.set("on")
    light.set("on")
    light.set("blink")
    light.set("blink")
    light.set("off")
    assert led.calls == ["on", ("blink", 0.25, 0.25, True), "off"]
    with pytest.raises(ValueError, match="blink"):
        light.set("flash")
    light.set("blink")
    assert light.lit_at(0.1) and not light.lit_at(0.3) and light.lit_at(0.6)


def test_a_seat_light_drives_a_gpiozero_led_on_the_mock_pins():
    from gpiozero import LED
    from gpiozero.pins.mock import MockFactory
    led = LED(14, pin_factory=MockFactory())
    try:
        light = SeatLight(led)
        light.set("on")
        assert led.is_lit
        light.set("off")
        assert not led.is_lit
        light.set("blink")                          # gpiozero's own background blink
        assert led._blink_thread is not None
        light.set("off")
        assert not led.is_lit and led._blink_thread is None
    finally:
        led.close()


def test_turn_based_game_your_turn_is_steady_the_others_wait():
    g = new_game("cafe-junior", 3, 1)
    turn = g.active_players()[0]
    modes = seat_modes(g, {"prompts": {}}, bots=set(), paused=False)
    assert modes[turn] == "on" and modes.count("on") == 1 and modes.count("off") == 2
    assert seat_modes(g, {}, bots={turn}, paused=False)[turn] == "off"       # a bot's seat: no one to tell
    assert seat_modes(g, {}, bots=set(), paused=True) == ["off"] * 3          # paused: everyone waits


def test_a_race_or_a_die_to_nudge_blinks():
    from firmware.app.gallery import STATES, find_state
    state = next(s for s in STATES["cha-dango"] if s.name == "race")
    g, _ = find_state(state)
    assert seat_modes(g, {}, bots=set(), paused=False) == ["blink"] * g.num_players   # slap or sip now
    t = new_game("cafe-junior", 2, 1)
    waiting = next(s for s in range(2) if s not in t.active_players())
    said = {waiting: "nudge 1 unread die"}
    assert seat_modes(t, {"prompts": said}, bots=set(), paused=False)[waiting] == "blink"


def test_dice_the_simulator_nudged_for_a_seat_do_not_blink_its_light():
    """PT30: "die nudged for you", "rerolled for you" say nobody has to
    act (the simulated table did it): the light does not ask for a press."""
    t = new_game("cafe-junior", 2, 1)
    waiting = next(s for s in range(2) if s not in t.active_players())
    for words in ("die nudged for you", "dice nudged for you", "rerolled for you"):
        assert seat_modes(t, {"prompts": {waiting: words}}, bots=set(), paused=False)[waiting] == "off", words


def test_the_window_draws_each_seats_light_beside_its_oled(table):
    from firmware.ui.sim_window import LIT, UNLIT, light_spot
    t = table("cafe-junior", 2, bots=set())
    t.run_until(lambda t: t.session.game.active_players() != [])
    turn = t.session.game.active_players()[0]
    t.step(2)
    img = t.window_image().convert("RGB")
    for seat in range(2):
        (x, y), _ = light_spot(t.panel_box(seat).caption)
        want = LIT if seat == turn else UNLIT
        assert img.getpixel((x, y)) == want, (seat, turn, img.getpixel((x, y)))
    assert [light.mode for light in t.session.lights] == ["on" if s == turn else "off" for s in range(2)]


@pytest.fixture
def table(tmp_path):
    from tests.play.harness import Table
    opened = []

    def make(game_id, players, bots=None, **kw):
        where = tmp_path / f"t{len(opened)}"
        where.mkdir()
        t = Table(game_id, players, set(bots or ()), where, **kw)
        opened.append(t)
        return t
    yield make
    for t in opened:
        t.close()


def test_the_twins_blink_is_stepped_by_the_loop_without_a_thread():
    from gpiozero import LED
    from gpiozero.pins.mock import MockFactory
    led = LED(15, pin_factory=MockFactory())
    try:
        light = SeatLight(led, background_blink=False)
        light.set("blink")
        assert led._blink_thread is None
        lit = []
        for k in range(8):
            light.tick(k * 0.125)
            lit.append(led.is_lit)
        assert lit == [True, True, False, False, True, True, False, False]
    finally:
        led.close()
