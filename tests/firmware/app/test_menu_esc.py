"""The fresh play-tester: Esc in the start menu closed the cabinet at
once, while a game asks first ("Esc again to leave").  The menu now asks
the same way: the first Esc asks, with the seconds it waits; a second Esc
within them closes; else the question goes and the menu stays."""
from __future__ import annotations

import types

from firmware.app.window_loop import ESC_CONFIRM_S

PASS_S = 0.25          # the fake clock's step per menu pass


def _run_menu(tmp_path, monkeypatch, script):
    """run_menu in the simulated window (SDL dummy driver) with seat 1's
    keys: ``script`` is one key name (or None) per pass, posted in the
    pass's sleep; the clock moves :data:`PASS_S` a pass.  Returns (the
    exit code, the notices drawn pass by pass, passes run)."""
    import pygame

    import firmware.app.menu_loop as fm
    from firmware.runtime import config
    from firmware.ui.hdmi import HdmiRenderer
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path), "display": "window", "resolution": [800, 480]},
                           "gpio": {"backend": "mock"}, "audio": {"mute": True}})
    notices: list[str] = []
    real_present = HdmiRenderer.present
    monkeypatch.setattr(HdmiRenderer, "present", lambda self, *a, **kw: (notices.append(self.notice),
                                                                         real_present(self, *a, **kw))[1])
    clock = {"t": 1000.0, "i": 0}

    def sleep(_s):
        clock["t"] += PASS_S
        key = script[clock["i"]] if clock["i"] < len(script) else "escape"
        clock["i"] += 1
        if key is not None:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(key)))
    monkeypatch.setattr(fm, "time", types.SimpleNamespace(sleep=sleep, time=lambda: clock["t"]))
    code = fm.run_menu(cfg)
    return code, notices, clock["i"]


def test_esc_in_the_menu_asks_first_and_a_second_esc_closes(tmp_path, monkeypatch):
    code, notices, passes = _run_menu(tmp_path, monkeypatch, ["escape", None, None, "escape"])
    assert code == 0
    assert passes == 4, f"the menu closed after {passes} passes, not at the second Esc"
    asked = [n for n in notices if n]
    assert asked and asked[0] == f"Esc again within {ESC_CONFIRM_S:g} s to close the cabinet", asked


def test_the_menus_esc_question_counts_down_and_goes_unanswered(tmp_path, monkeypatch):
    wait = int(ESC_CONFIRM_S / PASS_S) + 2          # longer than the question waits
    code, notices, passes = _run_menu(tmp_path, monkeypatch, ["escape"] + [None] * wait + ["escape", "escape"])
    assert code == 0 and passes == wait + 3, "an Esc after the question went only asks again"
    asked = [n for n in notices if n]
    assert f"{ESC_CONFIRM_S - 1:g} s" in " ".join(asked), asked          # the seconds count down
    first = notices.index(asked[0])
    assert "" in notices[first:first + wait + 1], "the unanswered question goes"


def test_using_the_menu_answers_the_esc_question_no(tmp_path, monkeypatch):
    """Esc, then Right (the menu is used): the question goes; the next Esc
    asks again, and only the one after it closes."""
    code, notices, passes = _run_menu(tmp_path, monkeypatch, ["escape", "right", "escape", None, "escape"])
    assert code == 0 and passes == 5, passes
    assert notices[2].startswith("Esc again") and notices[3] == "" and notices[4].startswith("Esc again"), notices[:5]


def test_a_press_just_after_a_game_ended_starts_no_new_game(tmp_path, monkeypatch):
    """Fresh play-test PT16 (issue 34): a seat mashing its button at a game's
    end closed the result card and the next press, on the menu, started a
    new game at once.  For :data:`AFTER_GAME_S` after a game the menu
    takes no press (it is told); a press after that starts one."""
    import firmware.app.menu_loop as fm
    played: list[int] = []

    def play(self, choice):
        played.append(self.menu.focus)
        return True
    monkeypatch.setattr(fm.MenuLoop, "_play", play)
    init = fm.MenuLoop.__init__

    def on_start(self, cfg):
        init(self, cfg)
        self.menu.focus = [r[0] for r in self.menu.rows()].index("Start")
    monkeypatch.setattr(fm.MenuLoop, "__init__", on_start)
    soon = int(fm.AFTER_GAME_S / PASS_S) - 3
    later = int(fm.AFTER_GAME_S / PASS_S) + 1
    _run_menu(tmp_path, monkeypatch, ["space", "space"] + [None] * soon + ["space"] + [None] * later + ["space"])
    assert len(played) == 2, played
