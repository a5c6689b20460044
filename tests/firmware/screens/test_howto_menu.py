"""Issue 38, Builds 2 and 4: the start menu drawn on the kit (game cards
with drawn art, seats, house rules, how to play, settings) and the
how-to-play pages, from the menu and from any seat during a paused game."""
from __future__ import annotations

from pathlib import Path

import pytest

from engines import GAMES
from firmware.screens.howto import PAGES, Pager
from firmware.app.menu import Menu
from firmware.ui.kit import NEED
from firmware.screens.menu_scene import menu_scene

SIZES = ((1920, 1080), (800, 480))
RESUMES = [(Path("/s/cafe-junior-1.jsonl"), "Café Junior, 3 players, turn 12, 14:02"),
           (Path("/s/ginza-2.jsonl"), "Ginza Retro Café, 4 players, round 2 of 4, yesterday 09:10")]


@pytest.fixture(scope="module")
def measure():
    from firmware.ui.paint import Fonts
    return Fonts().measure


def _labels(menu):
    return [label for label, _ in menu.rows()]


def test_every_row_of_every_game_is_drawn_at_both_sizes_and_text_sizes(measure):
    """Every focus of every game's menu (6 seats, bots, two saves) draws
    whole: no needed text dropped, the focused row on screen, lit."""
    for size in SIZES:
        for text_size in (0, 1):
            for g, gid in enumerate(GAMES):
                menu = Menu(resumable=list(RESUMES), simulated=True, text_size=text_size, bots=1)
                menu.game_index = menu.games.index(gid)
                menu.players = menu.max_players(gid)
                for focus in range(len(menu.rows())):
                    menu.focus = focus
                    scene = menu_scene(menu, size, measure)
                    assert not [t for p, t in scene.dropped if p == NEED]
                    assert focus in scene.facts["shown_rows"], (size, gid, focus)
                    assert scene.facts["chosen"] == gid and gid in scene.facts["cards"]
                    assert all(n.rect.inside(scene.rect) for n in scene.all_nodes()), (size, gid, focus)


def test_the_menu_shows_every_game_as_a_card_with_art_and_its_player_count(measure):
    menu = Menu(simulated=True)
    scene = menu_scene(menu, (1920, 1080), measure)
    assert scene.facts["cards"] == list(menu.games)
    texts = scene.texts()
    for gid in menu.games:
        info = GAMES[gid]
        assert f"{info.min_players}-{info.max_players} players" in texts
    kinds = {n.kind for n in scene.all_nodes()}
    assert {"droid", "dango", "meeple", "flag", "plate"} <= kinds, kinds


def test_the_seats_say_person_or_the_bots_level(measure):
    menu = Menu(games=["cha-dango"], simulated=True)
    menu.players, menu.bots, menu.bot_level = 3, 1, 2          # all but seat 1, hard
    assert menu_scene(menu, (1920, 1080), measure).facts["seats"] == {0: "person", 1: "hard bot", 2: "hard bot"}


def test_house_rules_reach_the_game(measure):
    menu = Menu(games=["retrograde", "cha-dango"])
    menu.focus = _labels(menu).index("First-game rules")
    menu.press()
    menu.focus = _labels(menu).index("Start")
    assert menu.press()[1]["options"] == {"first_game": True}
    menu.focus = 0
    menu.press()                                              # Cha dango
    menu.focus = _labels(menu).index("Wrong hit costs")
    menu.press()
    menu.focus = _labels(menu).index("Start")
    kind, params = menu.press()
    assert params["options"] == {"wrong_hit_vp_cards": 1}      # the book's none first (ruling CD-12), then 1
    from engines import new_game
    assert new_game("cha-dango", params["players"], 1, params["options"]).options["wrong_hit_vp_cards"] == 1


def test_volume_and_text_size_rows(measure):
    menu = Menu(volume=0.8)
    menu.focus = _labels(menu).index("Volume")
    assert menu.press() == ("volume", 1.0)
    assert menu.press() == ("volume", 0.0) and dict(menu.rows())["Volume"] == "silent"
    menu.focus = _labels(menu).index("Text size")
    small = menu_scene(menu, (800, 480), measure)
    menu.press()
    large = menu_scene(menu, (800, 480), measure)
    assert dict(menu.rows())["Text size"] == "large"
    size = lambda s: min(n.props["size"] for n in s.of_kind("text"))   # noqa: E731
    assert size(large) > size(small)


def test_how_to_play_opens_from_the_menu_and_the_arrows_and_button_turn_its_pages(measure):
    menu = Menu(games=["ginza"], simulated=True)
    menu.focus = _labels(menu).index("How to play")
    assert menu.press() is None and menu.howto is not None
    seen = []
    for _ in range(len(PAGES["ginza"])):
        scene = menu_scene(menu, (800, 480), measure)
        seen.append(scene.facts["howto"]["title"])
        menu.press()                                          # the button: the next page
    assert seen == [p.title for p in PAGES["ginza"]]
    assert menu.howto is None                                 # past the last page: back to the menu
    menu.focus = _labels(menu).index("How to play")
    menu.press()
    menu.nav(-1)                                              # the arrows turn pages, wrapping
    assert menu_scene(menu, (800, 480), measure).facts["howto"]["title"] == PAGES["ginza"][-1].title


def test_every_how_to_page_is_drawn_whole_at_both_sizes_and_text_sizes(measure):
    from firmware.screens.howto_scene import howto_scene
    for gid in GAMES:
        assert 3 <= len(PAGES[gid]) <= 13          # Ginza, the longest book, has 13
        for size in SIZES:
            for text_size in ("normal", "large"):
                pager = Pager(gid)
                for _ in range(pager.count):
                    scene = howto_scene(pager, size, measure, text_size=text_size, hint="page: < >")
                    assert not [t for p, t in scene.dropped if p == NEED]
                    drawn = " ".join(scene.texts())
                    for tile in pager.current.tiles:
                        assert all(w in drawn for w in tile.caption.split())
                    assert len([n for n in scene.all_nodes() if n.kind != "text"]) > 6   # pictures, not text
                    pager.turn(1)


def test_a_paused_game_pages_through_how_to_play_and_every_oled_says_paused(tmp_path):
    """During a game any person's seat reaches the pages: hold both arrows
    1 s (pause), then each arrow turns a page (page 1 is the board)."""
    from firmware.runtime.pace import PAUSE_HOLD_US
    from test_bot_pace import hold, run_to, session
    s = session(tmp_path, "cafe-junior", 3, {0, 1})
    rt = s.runtime
    try:
        t = t0 = rt.now_us
        rt.step(t)
        hold(rt, 2, t0 + 50_000, PAUSE_HOLD_US + 100_000)
        t = run_to(rt, t, t0 + 1_300_000)
        assert rt.pause.paused
        s.render()
        assert "howto" not in s.hdmi_model.facts                  # the board first
        assert all("paused" in " ".join(_oled_words(s, k)) for k in range(3))
        rt.timeline.press(2, t + 50_000, 80_000, name="nav_b")    # the next page: how to play
        t = run_to(rt, t, t + 400_000)
        s.render()
        assert s.hdmi_model.facts["howto"]["title"] == PAGES["cafe-junior"][0].title
        assert rt.pause.paused
        rt.timeline.press(2, t + 50_000, 80_000, name="nav_a")    # back to the board
        t = run_to(rt, t, t + 400_000)
        s.render()
        assert "howto" not in s.hdmi_model.facts
    finally:
        s.close()


def _oled_words(s, seat):
    from firmware.screens.draw import oled_frame
    return s.oled_texts[seat] if hasattr(s, "oled_texts") else oled_frame(s.game, seat, s.runtime.controls[seat],
                                                                           s.context()).texts


def test_the_cabinets_menu_loop_draws_the_kit_menu_opens_how_to_play_and_sets_the_volume(tmp_path, monkeypatch):
    """run_menu in the simulated window (SDL dummy driver), worked with
    seat 1's keys: the drawn menu, its How to play pages, and the Volume
    row heard at once on the cabinet's audio."""
    import types

    import pygame

    import firmware.app.menu_loop as fm
    from firmware.runtime import config
    from firmware.ui.hdmi import HdmiRenderer
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path), "display": "window", "resolution": [800, 480]},
                           "gpio": {"backend": "mock"}})
    drawn = []
    real_draw = HdmiRenderer.draw
    monkeypatch.setattr(HdmiRenderer, "draw", lambda self, m, now_ms=None: (drawn.append(m), real_draw(self, m, now_ms))[1])
    audio = []
    from hardware import cabinet as cab_mod
    real_build = cab_mod.build_cabinet

    def build(*a, **kw):
        c = real_build(*a, **kw)
        audio.append(c.audio)
        return c
    monkeypatch.setattr(cab_mod, "build_cabinet", build)
    labels = [label for label, _ in Menu().rows()]
    n_pages = len(PAGES["retrograde"])
    script = (["right"] * labels.index("How to play") + ["space", "right", "left"] + ["space"] * n_pages
              + ["right"] * (labels.index("Volume") - labels.index("How to play")) + ["space", "escape"])
    keys = {"right": pygame.K_RIGHT, "left": pygame.K_LEFT, "space": pygame.K_SPACE, "escape": pygame.K_ESCAPE}
    state = {"i": 0}

    def sleep(_s):
        key = script[min(state["i"], len(script) - 1)]
        state["i"] += 1
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=keys[key]))
    monkeypatch.setattr(fm, "time", types.SimpleNamespace(sleep=sleep, time=__import__("time").time))
    assert fm.run_menu(cfg) == 0
    facts = [getattr(m, "facts", {}) for m in drawn]
    assert facts[0]["chosen"] == "retrograde" and len(facts[0]["cards"]) == 5     # the kit menu, not a text model
    pages = [f["howto"]["title"] for f in facts if "howto" in f]
    assert pages[0] == PAGES["retrograde"][0].title and PAGES["retrograde"][1].title in pages
    assert "howto" not in facts[-1] and audio[0].volume == 1.0 and audio[0].asked[-1][1] == "press"


def test_the_sound_captions_row_turns_captions_on_the_hdmi_on_and_off(measure):
    """An accessibility option: the menu's Sound captions row sets config
    ``[audio] captions`` for the games it starts (on: the cabinet's HDMI
    shows a line per sound; off: none, not even in the window)."""
    menu = Menu(simulated=False)
    assert dict(menu.rows())["Sound captions"] == "off" and menu.captions_setting() == "off"
    menu.focus = _labels(menu).index("Sound captions")
    assert menu.press() is None
    assert dict(menu.rows())["Sound captions"] == "on" and menu.captions_setting() == "on"
    for size in SIZES:
        scene = menu_scene(menu, size, measure)
        assert not [t for p, t in scene.dropped if p == NEED]
        assert "who cannot hear it" in " ".join(scene.texts())
