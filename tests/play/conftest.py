"""The tier that plays like a person (issue 34): scripted people at the
simulated cabinet's *real* window loop, pressing keys through SDL's event
queue, looking at the window's pixels and the OLED devices' frames.

How to write a test here::

    def test_something(table):
        t = table("cafe-junior", players=3, bots={1, 2})   # opens the window (SDL dummy driver)
        t.run_until(lambda t: 0 in t.session.game.active_players())
        before = t.window_oled(0)                 # seat 1's OLED as drawn in the window
        t.press(0, "right")                        # Right: KEYDOWN, 2 passes, KEYUP, 1 pass
        assert differs(before, t.window_oled(0))   # repainted (a pass = 33 ms on the loop's clock)

* ``table(game_id, players, bots=set(), seed=1, size=(1280, 720), pass_ms=33, options=None,
  journal=None)`` -> :class:`harness.Table` (closed after the test).  ``journal`` resumes a save.
* ``Table.step(n, ms=None)`` runs n passes of :class:`firmware.app.window_loop.LiveLoop` (the loop
  ``cabinet play`` and the menu run), the loop's clock moving ``pass_ms`` (or ``ms``) before each;
  ``run_until(pred, max_passes, ms=None)``; ``loop.stage`` is ``play`` / ``result`` / ``done``.
* People: ``press(seat, control)`` with control in ``button cup left right push`` (the keys of
  ``SIM_KEYS``), ``post(key, down)`` for holds (a cup lifted), ``key("escape")`` for any key.
* Looking: ``window_oled(seat)`` (the panel's pixels as a 128x64 frame), ``device_oled(seat)``,
  ``oled_texts(seat)``, ``window_image()``, ``panel_box(seat)`` (the layout), ``scene()`` (the
  HDMI scene: ``.texts()``, ``.facts``), ``save(path)`` for a PNG; ``differs(a, b)``.
* Bots play on the same clock: ``step(ms=500)`` fast-forwards a bots' stretch.
* Near the end of a game: ``harness.near_end(tmp_path, game_id, players, seed, drop)`` writes a bots'
  game's journal less its last ``drop`` actions (pass it as ``journal=``, with the seats you play
  not in ``bots``); ``harness.play_on(table, seat)`` plays a seat to the end like a hurried person.
* A choice: ``has_choice(seat)`` (active with a choice to make), ``turn_to(kind, seat, arrow)`` (arrows
  until the cursor's choice is of that type), ``confirm(seat)`` (the look-first wait, then two presses);
  ``journal()`` is the session's journal after its header.  A moment a bots' game reaches:
  ``harness.cut_before(tmp_path, game_id, players, seed, when)`` (``ginza_on_reroll`` uses it).
* A race to the millisecond: ``post(key, True)`` / ``post(key, False)`` with ``step(ms=...)``
  between (``key_code(seat, control)``); the loop stamps the edge at its clock.

Everything runs in-process with ``SDL_VIDEODRIVER=dummy`` (no X needed);
``test_real_window.py`` also plays the real ``cabinet`` process under Xvfb with xdotool where
those exist.
"""
from __future__ import annotations

import pytest

from .harness import Table


@pytest.fixture
def table(tmp_path):
    opened: list[Table] = []

    def make(game_id: str, players: int, bots: set[int] | None = None, **kw) -> Table:
        where = tmp_path / f"t{len(opened)}"
        where.mkdir()
        t = Table(game_id, players, set(bots or ()), where, **kw)
        opened.append(t)
        return t
    yield make
    for t in opened:
        t.close()
