"""Screen and OLED content for every game, built from engine *views* only.

The shared HDMI screen is built from the public view (``game.view(None)``),
so it can never show a hand or a hidden card; each OLED from its own seat's
view.  Games with a dedicated screen module in :mod:`firmware.screens` get
their own layout; any other view is shown by a generic layout that turns the
view's keys into panels.
"""
from __future__ import annotations

from typing import Any

from engines import Game

from firmware.screens.choices import SeatCursor, describe_action
from firmware.screens import walkthrough
from firmware.screens.games import cabinet_game

from firmware.ui.kit import Scene
from firmware.ui.kit import DIM, GOLD, seat_colour
from firmware.ui.model import Panel, ScreenModel
from firmware.ui.oled import OledFrame, oled_image



def _fmt(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, list):
        if all(not isinstance(v, (dict, list)) for v in value):
            return " ".join(_fmt(v) for v in value) if value else "-"
        return f"{len(value)} items"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_fmt(v)}" for k, v in value.items() if not isinstance(v, (dict, list)))
    return str(value)


def _lines(value: Any, limit: int = 40) -> list[str]:
    """Readable lines for a view value."""
    if isinstance(value, dict):
        out = []
        for k, v in value.items():
            if isinstance(v, (dict, list)) and v and any(isinstance(x, (dict, list)) for x in
                                                           (v.values() if isinstance(v, dict) else v)):
                out.append(f"{k.replace('_', ' ')}:")
                out.extend("  " + line for line in _lines(v, limit))
            else:
                out.append(f"{k.replace('_', ' ')}: {_fmt(v)}")
        return out[:limit]
    if isinstance(value, list):
        return [_fmt(v) for v in value][:limit]
    return [_fmt(value)]


def generic_screen(game: Game, view: dict[str, Any], title: str) -> ScreenModel:
    """A screen for any engine: scalar view entries go to the status line,
    per-seat lists become one panel per seat, other entries one panel each."""
    status_parts = []
    panels: list[Panel] = []
    for key, value in view.items():
        if isinstance(value, (dict, list)) and value:
            if key in ("players", "seats", "boards", "sheets") and isinstance(value, list) \
                    and len(value) == game.num_players:
                for s, item in enumerate(value):
                    panels.append(Panel(f"Seat {s + 1}", _lines(item), accent=seat_colour(s)))
            else:
                panels.append(Panel(key.replace("_", " ").capitalize(), _lines(value)))
        elif not isinstance(value, (dict, list)):
            status_parts.append(f"{key.replace('_', ' ')} {_fmt(value)}")
    return ScreenModel(title, " · ".join(status_parts[:4]), panels[:9])


def game_module(game_id: str):
    """The dedicated screens module of a game (:mod:`firmware.screens.games`),
    or ``None`` for an engine drawn with the generic text screen."""
    declared = cabinet_game(game_id)
    return declared.module if declared is not None else None


def hdmi_screen(game: Game, context: dict[str, Any], size: tuple[int, int] = (1920, 1080),
                measure: Any = None) -> "ScreenModel | Scene":
    """The shared screen for ``game`` now.

    Args:
        context: runtime facts to show (``banner`` e.g. a countdown,
            ``last_events`` texts, ``scores`` at the end, ``notice`` such as
            "camera not ready").
        size: the HDMI screen, px (drawn screens lay out for it).
        measure: ``(text, size_px) -> (w, h)`` of the painter's font (drawn
            screens; default: pygame-ce's font, loaded on first use).

    Returns:
        A drawn :class:`~firmware.ui.kit.Scene` for games whose module is
        drawn (``DRAWN = True``), else a text :class:`ScreenModel`.
    """
    view = game.view(None)
    module = game_module(game.game_id)
    if module is not None and getattr(module, "DRAWN", False):
        measure = measure or default_measure()
        band = walkthrough.band_levels(game, context) if context.get("walkthrough") else []
        if band:    # the first-game walkthrough: the board above, the band below
            return walkthrough.with_band(lambda sz: module.screen(game, view, context, size=sz, measure=measure),
                                         band, size, measure)
        return module.screen(game, view, context, size=size, measure=measure)
    if module is not None and hasattr(module, "screen"):
        model = module.screen(game, view, context)
    else:
        model = generic_screen(game, view, game.display_name)
    result = context.get("result")
    if result is not None:      # engines.results: who won, tie-break or shared victory, solo opponent
        model.panels.insert(0, Panel("Result", result.lines, accent=GOLD))
    events = context.get("last_events") or []
    if events:
        model.panels.append(Panel("What happened", list(events)[-4:], accent=DIM))
    if context.get("notice"):
        model.banner = context["notice"]
    elif context.get("banner"):
        model.banner = context["banner"]
    return model


_MEASURE: list = []


def default_measure():
    """The painter font's measure function (one :class:`Fonts` per process)."""
    if not _MEASURE:
        from firmware.ui.paint import Fonts
        _MEASURE.append(Fonts().measure)
    return _MEASURE[0]


def oled_frame(game: Game, seat: int, controls: SeatCursor, context: dict[str, Any]) -> OledFrame:
    """The seat's OLED frame now: drawn by the game's ``oled_frame`` when it
    has one, else its text lines rendered."""
    from firmware.screens.readings import oled_frame as reading_frame
    from firmware.screens.readings import reading_for
    checking = reading_for(context.get("readings"), seat, context.get("bots") or ())
    if checking is not None:   # ruling CAB-6: the reading to check, reroll or enter by hand
        return reading_frame(seat, *checking)
    module = game_module(game.game_id)
    if module is not None and hasattr(module, "oled_frame"):
        frame = module.oled_frame(game, seat, game.view(seat), controls, context)
        if context.get("walkthrough"):     # the first-game walkthrough's one line in the top bar
            frame = walkthrough.oled_bar(frame, walkthrough.oled_line(game, seat, controls.shown(game), context))
        return frame
    frame = OledFrame()
    lines = oled_lines(game, seat, controls, context)
    frame.image = oled_image(lines, invert_first=True)
    frame.texts = list(lines)
    return frame


def oled_lines(game: Game, seat: int, controls: SeatCursor, context: dict[str, Any]) -> list[str]:
    """Up to 5 OLED lines for ``seat``: a header, its prompt and choice.

    Built from the seat's own view; the header says whose turn / what to do.
    """
    module = game_module(game.game_id)
    if module is not None and hasattr(module, "oled"):
        lines = module.oled(game, seat, game.view(seat), controls, context)
        if lines is not None:
            return lines
    lines = [f"Seat {seat + 1}  {game.scores()[seat]:g} pts" if not game.is_terminal()
             else f"Seat {seat + 1}  final {game.scores()[seat]:g}"]
    prompt = context.get("prompts", {}).get(seat)
    if prompt:
        lines.append(prompt)
    shown = controls.shown(game)
    choices = shown.choices
    if choices:
        choice = describe_action(shown.chosen)
        lines.append(f"< {shown.cursor + 1}/{len(choices)} >")
        lines.append(choice[:21])
        if len(choice) > 21:
            lines.append(choice[21:42])
        if shown.armed:
            lines.append("press again: confirm")
    elif seat in game.active_players():
        lines.append("press or lift cup!")
    else:
        lines.append("waiting...")
    return lines[:5]


def result_notes(game: Game) -> list[str]:
    """What else decided the scores of a finished game, one line each, from
    its screens module's ``result_notes(view)`` (Café International Junior:
    "Seat 2: -5, 1 joker in hand"); [] when it has none."""
    module = game_module(game.game_id)
    fn = getattr(module, "result_notes", None) if module is not None else None
    return list(fn(game.view(None))) if fn is not None else []

