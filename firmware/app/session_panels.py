"""What the simulator's window shows beside a session's screens: each
seat's keys (the legend), its button light and its caption, a person's
simulated tray, and the words that dismiss the result screen.  Mixed into
:class:`firmware.app.session.Session`; reads its ``game``, ``runtime``,
``cabinet``, ``renderer``, ``opts``, ``dice``, ``lights``, ``_lit_shown``
and ``_trays_shown``."""
from __future__ import annotations

from dataclasses import replace

import time
from typing import Any

import numpy as np
from PIL import Image

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


#: the room kept around the dice in a tray's view, px of the tray's picture (about a die and a half)
TRAY_VIEW_ROOM = 56


def tray_view(image: Any, table: Any, key: int) -> Any:
    """The part of tray ``key``'s picture ``image`` (H x W x 3, the
    simulated table's :class:`~firmware.runtime.dice_table.Tray` image)
    the window shows: the box around its dice (``Tray.placed``, whole-table
    px) with :data:`TRAY_VIEW_ROOM` around them, widened to the window's
    tray shape (:data:`~firmware.ui.sim_window.TRAY_ASPECT`), within the
    picture; the whole picture when no die is placed.  Dice lying close
    together are drawn larger, as a person leaning over the tray sees them."""
    from firmware.runtime.dice_table import MARGIN
    from firmware.ui.sim_tray import TRAY_ASPECT
    h, w = image.shape[:2]
    placed = table.trays[key].placed
    if not placed:
        return image
    cx, cy = table.cells[key][0] + MARGIN, table.cells[key][1] + MARGIN
    xs = [x - cx for _, x, _ in placed]
    ys = [y - cy for _, _, y in placed]
    x0, x1 = max(0.0, min(xs) - TRAY_VIEW_ROOM), min(float(w), max(xs) + TRAY_VIEW_ROOM)
    y0, y1 = max(0.0, min(ys) - TRAY_VIEW_ROOM), min(float(h), max(ys) + TRAY_VIEW_ROOM)
    bw, bh = x1 - x0, y1 - y0
    if bh / max(bw, 1.0) > TRAY_ASPECT:       # widened to the view's shape, then kept within the picture
        bw = min(float(w), bh / TRAY_ASPECT)
    else:
        bh = min(float(h), bw * TRAY_ASPECT)
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    left = int(min(max(0.0, mx - bw / 2), w - bw))
    top = int(min(max(0.0, my - bh / 2), h - bh))
    return image[top:top + int(bh), left:left + int(bw)]


def kept_lying(table: Any, key: int) -> Any:
    """Tray ``key`` while its thrown dice tumble: H x W x 3 uint8 BGR, the
    tray's picture size, empty but for the dice a reroll kept, lying where
    they lay (PT35: the kept dice vanished from the tray while the others
    rolled; a nudge's dice not nudged too).  The kept dice are ``Tray.stay``
    until the throw's picture is planned (its picture or its drawing
    there), then the first ``Tray.stayed`` of ``Tray.lying``."""
    from firmware.runtime.dice_table import MARGIN
    from vision.synth import LyingCrop, paste_crops, render_frame
    _, _, w, h = table.cells[key]
    size = (w - 2 * MARGIN, h - 2 * MARGIN)
    tray = table.trays[key]
    planned = tray.image is not None or tray.pending is not None
    kept = list(tray.lying[:tray.stayed]) if planned else list(tray.stay)
    crops = [d for d in kept if isinstance(d, LyingCrop)]
    if crops:
        return paste_crops(crops, size)
    specs = [d for d in kept if not isinstance(d, LyingCrop)]
    return render_frame(size, specs, noise=0.0) if specs else paste_crops([], size)


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
        pages and both held go on: only that is said; in the 3-2-1 of a
        held race every key is hands off until go; at the game's end the
        button closes the result (or goes back to the menu): only that.
        In play both arrows held pause the game (its pages teach the game);
        where the game groups its choices, Right held jumps a group
        (:mod:`firmware.runtime.group_jump`)."""
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
            if getattr(self, "_resume_action", None) is not None and str(self.countdown).isdigit():
                out.append([("Hands off", "until go")])   # CAB-8, CAB-15: the 3-2-1 of a held race (PT44 cdm)
                continue
            if self.game.is_terminal():     # issue 34: under the result card a press only closes it
                out.append([(button, "close" if self._owns_renderer else "menu")])
                continue
            checking = self._check_legend(seat, button, left, right, push)
            if checking:            # CAB-6: the check or the hand entry on its OLED is what its keys answer (PT56)
                out.append(checking)
                continue
            has_cup = declared is None or "cup" in declared.needs      # issue 34: no cup where the game has none
            takes_back = getattr(self.game, "TAKE_BACK", False)     # ruling CAB-11: the turn-based games
            words = {"button": "button", "arrows": "choose", "push": "cancel", **(hook(self.game, seat) if hook else {})}
            keys = [(button, words["button"]), *([(f"{cup} held", "cup")] if has_cup else []),
                    (f"{left}/{right}", words["arrows"]), (push, words["push"]),
                    *([(f"{left} held", "take back")] if takes_back else []),
                    # PT62: Ginza's 32 choices were stepped one at a time; the group jump was unsaid
                    *([(f"{right} held", "next group")] if declared is not None and declared.hook("choice_group")
                      else []),
                    # PT61, PT62: the pause (and the how-to pages in it) was found only in the manual
                    (f"{left}+{right} held", "pause")]
            out.append([(k, what) for k, what in keys if what is not None])
        return out

    def _check_legend(self, seat: int, button: str, left: str, right: str, push: str) -> list[tuple[str, str]]:
        """The keys of ``seat`` while its OLED holds a reading of the
        camera's for it to check (its own dice or the common ones: the
        button's press "dice ok", its hold "wrong", ruling CAB-6) or asks it
        to enter dice by hand (the arrows change the die under the cursor,
        a press steps to the next die or "ok", the push goes back); [] when
        its keys answer the game (PT56: they said "choose", "cancel" under
        the check)."""
        runtime = getattr(self, "runtime", None)
        dice = getattr(runtime, "dice", None)
        if dice is None or not hasattr(dice, "tray_of"):
            return []
        key = dice.tray_of(seat, getattr(runtime, "bots", ()) or ())
        if key is None:
            return []
        if key in dice.entries:
            return [(button, "next die / ok"), (f"{left}/{right}", "change the die"), (push, "back")]
        # (PT63: under the check nothing said how to pause; the arrows move the cursor, both held pause)
        return [(button, "dice ok"), (f"{button} held", "wrong"), (f"{left}+{right} held", "pause")]

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

    def _trays(self) -> list | None:
        """Each seat's simulated tray as the simulator's window shows it
        under a person's keys (PT34: "you can't see the real dice, so there
        is nothing to check a reading against"): the dice as they lie, the
        throw's own picture without the camera's noise, around its dice
        (:func:`tray_view`), and each die close up (PT36), in the order the
        seat's OLED lists the reading it checks, else left to right
        (:mod:`firmware.app.tray_closeups`): a
        :class:`~firmware.ui.sim_tray.TrayLook`; an empty tray and no
        close-ups while dice tumble (a reroll's kept dice lie there); the
        dice the game took stay in view (they still lie in the tray);
        None for a bot's seat, a seat whose tray was never thrown into, or
        no simulated table (a real cabinet: the dice are on the table) or
        window.  Reads the table, never draws from it (its throw RNG is the
        game's)."""
        table = getattr(self.dice, "table", None)
        if table is None or self.opts.headless or getattr(self.renderer, "mode", "") != "window":
            return None
        out: list = [None] * self.game.num_players
        for seat, key, tray, look, order in self._tray_looks(table):
            shown = self._trays_shown.get((seat, key))     # (each tray's last picture: back from the common
            if _tray_owed(shown, look, order):             # check, the seat's own tray as it was)
                self._trays_shown[(seat, key)] = shown = (look, order, self._tray_picture(table, key, tray, look,
                                                                                          order))
            elif _unlisted(shown, look, order):     # the game took the dice: no longer listed as checked (PT53)
                self._trays_shown[(seat, key)] = shown = (shown[0], shown[1], replace(shown[2], taken=True))
            out[seat] = shown[2] if shown else None
        return out

    def _tray_picture(self, table: Any, key: int, tray: Any, look: Any, order: list[int] | None) -> Any:
        """Tray ``key``'s :class:`~firmware.ui.sim_tray.TrayLook` for
        ``look`` (:meth:`_tray_look`): its overview, and its dice close up
        in ``order`` (indices of ``Tray.lying``; None: left to right) when
        they lie still; titled as the common dice for :data:`COMMON`."""
        from firmware.app.tray_closeups import tray_closeups
        from firmware.runtime.dice_table import COMMON
        from firmware.ui.sim_tray import COMMON_TRAY_WORDS, TRAY_WORDS, TrayLook
        rgb = lambda a: Image.fromarray(np.ascontiguousarray(a[:, :, ::-1]))   # noqa: E731 (BGR to RGB)
        title = COMMON_TRAY_WORDS if key == COMMON else TRAY_WORDS
        if look is not tray.image:
            return TrayLook(rgb(kept_lying(table, key)), dice=len(tray.values), title=title)
        cuts = tray_closeups(tray.image, tray.lying, order)
        return TrayLook(rgb(tray_view(tray.image, table, key)), tuple(rgb(c) for c in cuts), order is not None,
                        len(tray.values), title)

    def _trays_moved(self) -> bool:
        """True when a person's simulated tray shows other dice than its
        panel does (:meth:`_trays`), or they are now known in the OLED's
        order: the window's panels are owed."""
        table = getattr(self.dice, "table", None)
        if table is None or getattr(self.renderer, "mode", "") != "window":
            return False
        return any(_tray_owed(self._trays_shown.get((seat, key)), look, order)
                   or _unlisted(self._trays_shown.get((seat, key)), look, order)
                   for seat, key, _, look, order in self._tray_looks(table))

    def _tray_looks(self, table: Any) -> list[tuple[int, int, Any, Any, list[int] | None]]:
        """``(seat, tray key, tray, what it shows now, its dice's order)``
        (:meth:`_tray_look`, :meth:`_reading_order`) of each person's seat
        whose tray on the simulated ``table`` has been thrown into: its own
        tray, or the common dice's while its OLED checks them (ruling
        CAB-6, :meth:`~firmware.runtime.dice_contest.DiceContest.tray_of`;
        PT52)."""
        from firmware.runtime.dice_table import COMMON
        out = []
        for seat in range(self.game.num_players):
            if seat in self.runtime.bots:
                continue
            key = COMMON if self.dice.tray_of(seat, self.runtime.bots) == COMMON else seat
            tray = table.trays.get(key)
            if tray is not None and tray.throws:
                look = self._tray_look(tray)
                out.append((seat, key, tray, look,
                            self._reading_order(table, key, tray) if look is tray.image else None))
        return out

    def _reading_order(self, table: Any, key: int, tray: Any) -> list[int] | None:
        """The dice lying in tray ``key`` (indices of ``Tray.lying``) in
        the order its seat's OLED lists the reading it checks (the reading held
        for its check, ruling CAB-6, or its hand entry's start, and the camera's dice of it:
        :func:`~firmware.app.tray_closeups.reading_order`); None with no
        reading of these dice held."""
        from firmware.app.tray_closeups import reading_order
        held, entry = self.dice.held.get(key), self.dice.entries.get(key)
        # else the values a hand entry started from (PT66: the close-ups stood left to right under them), or
        # the reading so far its OLED lists with a "?" while the dice are read again (CAB-5; PT53)
        values = held["values"] if held is not None else entry["read"] if entry is not None \
            else (self.dice.awaited().get(key) or None)
        read = self.dice.last_dice.get(key)
        if values is None or not read:
            return None
        here = (lambda c: c) if getattr(self.dice, "camera", None) is None else (lambda c: table.in_tray(key, c))
        return reading_order(values, [(d.value, here(d.center)) for d in read], tray.lying)

    def _tray_look(self, tray: Any) -> Any:
        """What ``tray`` shows now: its picture (the dice at rest), the tray
        itself while its dice tumble (until ``Tray.moving_until_us`` on the
        game's clock) or their picture is drawn, and while the round's
        summary or its 3-2-1 countdown stands (the simulated seat threw
        already; PT35: the dice showed up to 8 s before "Roll!"), None when
        it holds no dice (taken by the game: the last look stays)."""
        if not tray.values:
            return None
        banner = getattr(self, "countdown", "")       # "next 5", "3", "2", "1"; "roll!" once the dice may roll
        if tray.image is not None and self.runtime.now_us >= tray.moving_until_us \
                and not (banner.startswith("next") or banner.isdigit()):
            return tray.image
        return tray


def _tray_owed(shown: tuple | None, look: Any, order: list[int] | None) -> bool:
    """True when a tray's panel ``shown`` (``(look, order, picture)``, or
    None) is not of ``look`` (None: the last look stays), or its dice are
    now known in an order it does not have (a known order stays when the
    reading goes: the game took the dice as the OLED listed them,
    :func:`_unlisted`)."""
    if look is None:
        return False
    return shown is None or shown[0] is not look or (order is not None and shown[1] != order)


def _unlisted(shown: tuple | None, look: Any, order: list[int] | None) -> bool:
    """True when a tray's panel ``shown`` stands in the order of a reading
    its OLED no longer lists as checked, the game having taken the dice
    (``look`` None: the last look stays, :meth:`SessionPanels._tray_look`):
    its close-ups stay in that order (Retrograde's OLED keeps its dice row
    so), saying "in the order they were read"."""
    return (shown is not None and shown[1] is not None and order is None and not shown[2].taken
            and (look is None or shown[0] is look))
