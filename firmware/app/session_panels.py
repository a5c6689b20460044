"""What the simulator's window shows beside a session's screens: each
seat's keys (the legend), its button light and its caption, and the words
that dismiss the result screen.  Mixed into :class:`firmware.app.session.Session`;
reads its ``game``, ``runtime``, ``cabinet``, ``renderer``, ``opts``,
``lights`` and ``_lit_shown``."""
from __future__ import annotations

import time
from typing import Any

from firmware.screens.games import cabinet_game
from firmware.ui.keys import SIM_KEYS, key_name


def result_hint(back: str, people: bool, window: bool) -> str:
    """What dismisses the result screen, said on it: ``back`` is where
    the dismissal goes ("close", "return to the menu"); ``people`` True
    when a person is seated (its button), ``window`` True in the
    simulator's window (any key too)."""
    if not people:
        return f"Press any key to {back}" if window else f"Press any button to {back}"
    return f"Press your button to {back}" + (" (or any key)" if window else "")


class SessionPanels:
    """The session's legends, seat lights and captions (a mixin)."""

    def _result_hint(self) -> str:
        """What dismisses this session's result screen (:func:`result_hint`)."""
        back = "return to the menu" if not self._owns_renderer else "close"
        people = any(s not in self.runtime.bots for s in range(self.game.num_players))
        window = not self.opts.headless and getattr(self.renderer, "mode", "") == "window"
        return result_hint(back, people, window)

    def _legends(self) -> list[list[tuple[str, str]]]:
        """Each seat's simulator keys as ``(key, what)`` pairs (the window's
        legend; ``SIM_KEYS``).  A game's ``legend_words(game, seat)`` hook
        (Cha dango, ruling CD-12) says what the button, the arrows and the
        push do for the seat now; a key it names None does nothing now and
        is left out.  While the game is paused the arrows turn the pause's
        pages and both held go on: only that is said; at the game's end the
        button closes the result (or goes back to the menu): only that."""
        out = []
        declared = cabinet_game(self.game.game_id)
        hook = declared.hook("legend_words") if declared is not None else None
        runtime = getattr(self, "runtime", None)
        paused = bool(runtime is not None and runtime.pause.paused)
        for seat in range(self.game.num_players):
            if seat >= len(SIM_KEYS) or not self.cabinet.simulated:
                out.append([])
                continue
            button, cup, left, right, push = (key_name(k) for k in SIM_KEYS[seat])
            if paused:     # issue 34: the arrows turn the pause's pages; button and cup do nothing
                out.append([(f"{left}/{right}", "pages"), (f"{left}+{right} held", "go on")])
                continue
            if self.game.is_terminal():     # issue 34: under the result card a press only closes it
                out.append([(button, "close" if self._owns_renderer else "menu")])
                continue
            has_cup = declared is None or "cup" in declared.needs      # issue 34: no cup where the game has none
            takes_back = getattr(self.game, "TAKE_BACK", False)     # ruling CAB-11: the turn-based games
            words = {"button": "button", "arrows": "choose", "push": "cancel", **(hook(self.game, seat) if hook else {})}
            keys = [(button, words["button"]), *([(f"{cup} held", "cup")] if has_cup else []),
                    (f"{left}/{right}", words["arrows"]), (push, words["push"]),
                    *([(f"{left} held", "take back")] if takes_back else [])]
            out.append([(k, what) for k, what in keys if what is not None])
        return out

    def _set_lights(self, ctx: dict[str, Any]) -> None:
        """Each seat's button light from what it must do now; the window
        is repainted when a drawn light turns on or off (a blink too)."""
        from firmware.runtime.seat_lights import seat_modes
        rt = self.runtime
        readings = {k: v.get("state") for k, v in (ctx.get("readings") or {}).items()}
        key = (rt.stats.actions, rt.pause.paused, tuple(sorted(rt.bots)), repr(sorted(ctx["prompts"].items())),
               repr(sorted(readings.items())))
        if key != getattr(self, "_modes_key", None):   # the game's choices are asked once per change (a
            self._modes_key = key                      # Retrograde round start costs 36 ms), not per frame
            self._modes = seat_modes(self.game, ctx, rt.bots, rt.pause.paused)
        modes = self._modes
        now = time.monotonic()
        for light, mode in zip(self.lights, modes):
            light.set(mode)
            light.tick(now)
        lit = tuple(light.lit_at(now) for light in self.lights)
        if lit != self._lit_shown:
            self._lit_shown = lit
            self.window_dirty = True

    def _light_states(self) -> list[str]:
        """Each seat's light as the window draws it: "lit" or "unlit"
        (the mode's look now: a blink alternates)."""
        return ["lit" if on else "unlit" for on in self._lit_shown]

    def _oled_labels(self) -> list[str]:
        return [f"seat {i + 1}" + (" \u00b7 bot" if i in self.runtime.bots else "") for i in range(self.game.num_players)]
