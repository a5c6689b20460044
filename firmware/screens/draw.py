"""Screen and OLED content for every game, built from engine *views* only.

The shared HDMI screen is built from the public view (``game.view(None)``),
so it can never show a hand or a hidden card; each OLED from its own seat's
view.  Each game's screens module in :mod:`firmware.screens` (declared in
:mod:`firmware.screens.games`) draws both on the kit.
"""
from __future__ import annotations

from typing import Any

from engines import Game

from firmware.rulings import CHECK_LOOK_WORDS, ROLLING_WORDS
from firmware.screens.choices import TAKE_BACK_HINT, SeatCursor, describe_action
from firmware.screens import walkthrough
from firmware.screens.games import cabinet_game

from firmware.ui.kit import Scene
from firmware.ui.oled import OledFrame, oled_image


def game_module(game_id: str):
    """The dedicated screens module of a game (:mod:`firmware.screens.games`),
    or ``None`` for an engine the cabinet declares no screens for."""
    declared = cabinet_game(game_id)
    return declared.module if declared is not None else None


def hdmi_screen(game: Game, context: dict[str, Any], size: tuple[int, int] = (1920, 1080),
                measure: Any = None) -> Scene:
    """The shared screen for ``game`` now, drawn by its screens module.

    Args:
        context: runtime facts to show (``banner`` e.g. a countdown,
            ``last_events`` texts, ``result`` at the end, ``notice`` such as
            "camera not ready").
        size: the HDMI screen, px (the screen lays out for it).
        measure: ``(text, size_px) -> (w, h)`` of the painter's font
            (default: pygame-ce's font, loaded on first use).

    Returns:
        A drawn :class:`~firmware.ui.kit.Scene`.

    Raises:
        LookupError: the game has no screens module (no ``CabinetGame`` in
            :mod:`firmware.screens.games`).
    """
    view = game.view(None)
    module = game_module(game.game_id)
    if module is None:
        raise LookupError(f"{game.display_name} has no screens on the cabinet: "
                          "declare its CabinetGame in firmware/screens/games.py")
    measure = measure or default_measure()
    band = walkthrough.band_levels(game, context) if context.get("walkthrough") else []
    if band:    # the first-game walkthrough: the board above, the band below
        from firmware.screens.moves_log import move_words
        declared = cabinet_game(game.game_id)
        moves = move_words(game.game_id, list(context.get("last_events") or [])[-8:], view) \
            if declared is None or declared.moves_feed else []
        pick = getattr(module, "band_moves", None)      # the move the band says (Ginza: a service, not the arrival)
        moves = pick(moves) if pick is not None else moves
        return walkthrough.with_band(lambda sz: module.screen(game, view, context, size=sz, measure=measure),
                                     band, size, measure, moves)
    return module.screen(game, view, context, size=size, measure=measure)


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
    checking = reading_for(context.get("readings"), seat, context.get("bots") or (), context.get("dice_rereading") or ())
    why = (context.get("said_why") or {}).get(seat)
    note = (context.get("dice_notes") or {}).get(seat)     # the simulator nudged its dice: said for 1.5 s
    # (of its own dice: not over the common dice's check, whose top bar names them; PT51's "dice entered
    # for you" came as the common check appeared)
    if why is None and note is not None and note != (context.get("prompts") or {}).get(seat) \
            and (checking is None or checking[0] == seat):
        why = note
    if checking is not None:   # ruling CAB-6: the reading to check, reroll or enter by hand
        prompt = (context.get("prompts") or {}).get(seat)
        early = prompt == ROLLING_WORDS    # pressed while its dice rolled
        return _said(reading_frame(seat, *checking, early=early, look=prompt == CHECK_LOOK_WORDS), why)
    if context.get("round_summary"):     # CAB-13: no choice offered under the round's summary
        from firmware.screens.round_summary import summary_oled
        walk = walkthrough.oled_line(game, seat, controls.shown(game), context) \
            if context.get("walkthrough") == "ended" else ()     # "first round done!" on top
        return _said(summary_oled(seat, context, top=walk[0] if walk else None), why)
    module = game_module(game.game_id)
    if module is not None and hasattr(module, "oled_frame"):
        walk = walkthrough.oled_line(game, seat, controls.shown(game), context) if context.get("walkthrough") else ()
        hint = (context.get("prompts") or {}).get(seat) == TAKE_BACK_HINT and not walk
        if hint:    # the take-back hint takes the top bar: the choice's lines stay (play-test)
            context = {**context, "prompts": {k: v for k, v in context["prompts"].items() if k != seat}}
        frame = module.oled_frame(game, seat, game.view(seat), controls, context)
        if walk or (hint and not frame.bar_taken):    # the walkthrough's one line (or the hint) in the top bar
            frame = walkthrough.oled_bar(frame, walk or (TAKE_BACK_HINT,))
        return _said(frame, why)
    frame = OledFrame()
    lines = oled_lines(game, seat, controls, context)
    frame.image = oled_image(lines, invert_first=True)
    frame.texts = list(lines)
    return frame


def _said(frame: OledFrame, why: str | None) -> OledFrame:
    """``frame`` with a refused take-back's words (``why``, the context's
    ``said_why``) in its top bar when it does not show them itself (a dice
    check's frame, a round's summary): a hold is never answered by nothing
    (issue 34, ruling CAB-11)."""
    if not why or why in frame.texts:
        return frame
    return walkthrough.oled_bar(frame, (why,))


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
    if choices and shown.guard_words:     # not aimed since its choice went: nothing promised (issue 34)
        lines.extend(shown.guard_words)
    elif choices:
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
    return _view_hook(game, "result_notes")


def result_breakdown(game: Game) -> list[str]:
    """Each seat's score in parts (index = 0-based seat), from its screens
    module's ``result_breakdown(view)`` (Ginza: "orders 20, yen 2, bonus
    0"); [] when the game has none."""
    return _view_hook(game, "result_breakdown")


def _view_hook(game: Game, name: str) -> list[str]:
    """The list the game's screens module's hook ``name(view)`` gives for
    the public view; [] when the module has no such hook."""
    module = game_module(game.game_id)
    fn = getattr(module, name, None) if module is not None else None
    return list(fn(game.view(None))) if fn is not None else []


def result_card(game: Game, result: Any, base: Any, size: tuple[int, int], measure: Any, bots: Any = (),
                hint: str = "") -> Scene:
    """The result card over ``base`` (the game's final screen) as the
    session draws it: the winner, each seat's score with its breakdown
    (:func:`result_breakdown`) and what ended the game and what else
    decided the scores (:func:`result_notes`), so nothing the card covers
    on the final board is lost (issue 34).

    Raises:
        LayoutError: the card cannot fit (a layout bug)."""
    from firmware.ui.result_screen import result_scene
    return result_scene(game, result, base, size, measure, bots=bots, hint=hint, notes=result_notes(game),
                        breakdown=result_breakdown(game))
