"""Issue #34: the start menu's "Shut down" acted on one press (and Left
from the first row wrapped straight onto it), turning the cabinet off with
no word.  It arms first like every other irreversible choice."""
from __future__ import annotations

from firmware.app.menu import Menu


def _on_shut_down(menu: Menu) -> None:
    menu.focus = [label for label, _ in menu.rows()].index("Shut down")


def test_shut_down_arms_on_the_first_press_and_acts_on_the_second():
    menu = Menu()
    _on_shut_down(menu)
    assert menu.press() is None
    assert menu.message == "press again to shut down"
    assert menu.press() == ("shutdown", None)


def test_any_other_input_cancels_an_armed_shut_down():
    menu = Menu()
    _on_shut_down(menu)
    assert menu.press() is None
    menu.nav(-1)                                      # moved away: disarmed, the message gone
    assert menu.message == ""
    menu.nav(1)
    assert menu.press() is None                       # arms again, does not power off
    assert menu.message == "press again to shut down"


def test_left_from_the_first_row_does_not_land_on_shut_down():
    menu = Menu()
    menu.focus = 0
    menu.nav(-1)
    assert menu.rows()[menu.focus][0] != "Shut down"
    assert menu.focus == 0


def test_the_screen_says_shutting_down_while_it_powers_off():
    menu = Menu()
    menu.shutting_down()
    assert menu.message == "Shutting down…"
