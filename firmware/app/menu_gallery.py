"""The menu's and the how-to-play pages' part of the screen gallery
(``cabinet screens menu|all --out DIR``): fixed menu states and every
how-to page of every game, drawn as the cabinet draws them, as PNGs."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from firmware.app.menu import Menu

#: resumable games for the gallery's menu (no state folder is read)
_SAVES = [(Path("cafe-junior-1.jsonl"), "Café Junior, 3 players, turn 12, 14:02"),
          (Path("ginza-2.jsonl"), "Ginza Retro Café, 4 players, round 2 of 4, yesterday 09:10")]


def _focus(menu: Menu, label: str) -> Menu:
    menu.focus = [lab for lab, _ in menu.rows()].index(label)
    return menu


def _game(menu: Menu, game_id: str) -> Menu:
    menu.game_index = menu.games.index(game_id)
    return menu


def _seats(menu: Menu) -> Menu:
    _game(menu, "cha-dango")
    menu.players, menu.bots, menu.bot_level = 5, 1, 2
    return _focus(menu, "Bots")


def _resume(menu: Menu) -> Menu:
    menu.resumable = list(_SAVES)
    menu.saved_seats = {_SAVES[0][0]: (3, frozenset({1, 2}), {1: "normal", 2: "hard"}),
                        _SAVES[1][0]: (4, frozenset({3}), {3: "easy"})}
    return _focus(menu, "Resume")


def _watch(menu: Menu) -> Menu:
    menu.watchable = (Path("ginza-2.jsonl"), "Ginza Retro Café, 3 players, finished, yesterday 09:10")
    return _focus(menu, "Watch a game")


def _large(menu: Menu) -> Menu:
    menu.text_size = 1
    return _focus(menu, "Text size")


#: name -> (what it shows, how the menu is set)
MENU_STATES: dict[str, tuple[str, Callable[[Menu], Menu]]] = {
    "games": ("the games as cards, Retrograde chosen", lambda m: m),
    "seats": ("Cha dango, 5 seats: seat 1 a person, 2-5 hard bots", _seats),
    "rules": ("Cha dango's house rule: what a wrong hit costs", lambda m: _focus(_game(m, "cha-dango"), "Wrong hit costs")),
    "first-game": ("Retrograde's first-game rules", lambda m: _focus(m, "First-game rules")),
    "resume": ("two unfinished games; the focused one told in full, who plays which seat", _resume),
    "watch": ("the newest saved game to watch again, move by move", _watch),
    "settings": ("the volume", lambda m: _focus(m, "Volume")),
    "large-text": ("the large text size", _large),
}


def render_gallery(out: str | Path, sizes: tuple[tuple[int, int], ...]) -> list[Path]:
    """Draw every :data:`MENU_STATES` menu, every how-to page of every
    game, and a paused seat's OLED into ``out``.

    Files: ``menu-STATE-WxH.png``, ``howto-GAME-N-WxH.png`` (N from 1),
    ``paused-oled.png`` (4x).

    Raises:
        OSError: ``out`` cannot be written.
    """
    from PIL import Image

    from firmware.app.gallery import OLED_ZOOM
    from firmware.screens.howto import PAGES, Pager
    from firmware.runtime.pace import PauseSwitch
    from firmware.screens.pause import paused_oled
    from firmware.ui.hdmi import HdmiRenderer
    from firmware.screens.howto_scene import howto_scene
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for w, h in sizes:
        r = HdmiRenderer(w, h, "headless")
        for name, (_, setup) in MENU_STATES.items():
            r.draw(setup(Menu(simulated=False)).scene((w, h), r.scene_measure))
            written.append(r.screenshot(out / f"menu-{name}-{w}x{h}.png"))
        for game_id in PAGES:
            pager = Pager(game_id)
            for k in range(pager.count):
                pager.page = k
                r.draw(howto_scene(pager, (w, h), r.scene_measure, hint="arrows: page \u00b7 button: next"))
                written.append(r.screenshot(out / f"howto-{game_id}-{k + 1}-{w}x{h}.png"))
        r.close()
    pause = PauseSwitch()
    pause.paused, pause.by = True, 0
    img = paused_oled(1, pause).image
    p = out / "paused-oled.png"
    img.convert("RGB").resize((img.width * OLED_ZOOM, img.height * OLED_ZOOM), Image.NEAREST).save(p)
    written.append(p)
    from firmware.app import replay_gallery       # issue 38: the replay and the log
    written += replay_gallery.render_gallery(out, sizes)
    return written


def gallery_markdown(sizes: tuple[tuple[int, int], ...]) -> str:
    """The gallery README's section for the menu and the how-to pages."""
    from engines import GAMES

    from firmware.screens.howto import PAGES
    lines = ["## The start menu", "", "| state | what it shows | pictures |", "|---|---|---|"]
    for name, (about, _) in MENU_STATES.items():
        pics = ", ".join(f"[{w}x{h}](menu-{name}-{w}x{h}.png)" for w, h in sizes)
        lines.append(f"| {name} | {about} | {pics} |")
    lines += ["", "## How to play", "",
              "From the menu's How to play row; during a game hold both arrows 1 s (pause), then the arrows",
              "turn the pages ([a paused seat's OLED](paused-oled.png)).", "",
              "| game | page | title | pictures |", "|---|---|---|---|"]
    for game_id, pages in PAGES.items():
        for k, page in enumerate(pages):
            pics = ", ".join(f"[{w}x{h}](howto-{game_id}-{k + 1}-{w}x{h}.png)" for w, h in sizes)
            lines.append(f"| {GAMES[game_id].name} | {k + 1} | {page.title} | {pics} |")
    from firmware.app import replay_gallery
    return "\n".join(lines) + "\n\n" + replay_gallery.gallery_markdown(sizes)
