"""PT54, the guided calibration in the simulator's window: "Down does
nothing on the check screen".  Down is seat 1's navigation push, as in a
game's window (S, K, G, X, I the other seats'); the calibration's window
drove only the button and the two arrows, so neither a short push (the
next die) nor a held one (leave) reached the flow."""
from __future__ import annotations

import os
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def test_each_persons_seat_has_its_button_arrows_and_push_and_a_bot_none():
    import pygame

    from firmware.app.calibration_window import sim_keymap
    from firmware.ui.keys import SIM_KEYS
    run = SimpleNamespace(seats=[0, 1, 2], bots={2: object()})
    keys = sim_keymap(pygame, run)
    for seat in (0, 1):
        button, _cup, left, right, push = SIM_KEYS[seat]
        for name, key in (("button", button), ("nav_a", left), ("nav_b", right), ("nav_push", push)):
            assert keys[pygame.key.key_code(key)] == (seat, name)
    assert not [v for v in keys.values() if v[0] == 2]
    assert keys[pygame.K_DOWN] == (0, "nav_push")
