"""What the cabinet asks of a game for a seat's cursor (the game's
declarations in :mod:`firmware.screens.games`): the words of a choice,
the choices to aim at ahead of a race, the cursor places kept between
decisions, the screens' order of the choices and whole-turn plans.
Used by :class:`firmware.runtime.controls.SeatControls`."""
from __future__ import annotations

from typing import Any

from engines import Game

from firmware.screens.choices import describe_action, one_press
from firmware.screens.games import cabinet_game


def screen_label(game: Game, seat: int, action: dict[str, Any]) -> str:
    """The words the seat's OLED uses for ``action`` ("claim card D"): the
    game's own (:meth:`firmware.screens.draw.games.CabinetGame.label`), else
    :func:`describe_action`."""
    declared = cabinet_game(game.game_id)
    return declared.label(game, seat, action) if declared is not None else describe_action(action)


def races(game: Game, action: dict[str, Any]) -> bool:
    """True when one press takes ``action`` now: a race (a real-time choice
    not armed first, :func:`~firmware.screens.choices.one_press`) that the
    game's ``no_race(view, action)`` hook does not call off (Retrograde's
    claim at Stop, where the Stop seat is alone: it arms first, ruling
    CAB-2; PT43)."""
    if not one_press(action):
        return False
    declared = cabinet_game(game.game_id)
    hook = declared.hook("no_race") if declared is not None else None
    return hook is None or not hook(game.view(None), action)


def aim_ahead(game: Game, seat: int) -> list[dict[str, Any]]:
    """The choices ``seat`` may aim at while it has none to move over
    (the screens module's ``aim_ahead(game, seat)`` hook: Cha dango's
    customers between races, ruling CD-12, as templates of the hits a race
    will offer; the hook returns [] for a seat with choices of its own to
    navigate, and may return the customers beside a seat's single choice,
    which its button then takes); [] for games without one.  Never
    applied: a press on them does nothing."""
    declared = cabinet_game(game.game_id)
    hook = declared.hook("aim_ahead") if declared is not None else None
    return list(hook(game, seat)) if hook is not None else []


def kept_kinds(game: Game) -> frozenset[str]:
    """The action types whose cursor place the game keeps between decisions
    (:attr:`firmware.screens.games.CabinetGame.kept_cursor`: Cha dango's
    hits, one per customer, ruling CD-12); empty for the other games."""
    declared = cabinet_game(game.game_id)
    return frozenset(declared.kept_cursor) if declared is not None else frozenset()


def screen_order(game: Game, seat: int, acts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The choices in the order the screens show them (Retrograde's claims
    in the cards' A-D order, issue 34); else the engine's order."""
    declared = cabinet_game(game.game_id)
    return declared.choice_order(game, seat, acts) if declared is not None else acts


_PLAN_CACHE: dict[tuple, list[dict[str, Any]]] = {}


def plan_choices(game: Game, seat: int) -> list[dict[str, Any]]:
    """Whole-turn choices offered before the single steps: for Retrograde's
    3 - Blast Droids, the blast planner's best plans (``{"type": "plan",
    "plan": k, "summary": ..., "steps": Plan}``), which the seat cycles
    through and confirms; applying one applies ``Plan.actions(seat)`` in
    order.  Plans are cached per turn state (the planner runs once a turn)."""
    plans_of = getattr(game, "plans", None)
    if plans_of is None:
        return []
    key = (id(game), seat, repr(game.view(None).get("turn")))
    if key not in _PLAN_CACHE:
        if len(_PLAN_CACHE) > 64:
            _PLAN_CACHE.clear()
        out = []
        for k, plan in enumerate(plans_of(seat, limit=5), start=1):
            summary = f"+{plan.points} pts, {plan.droids} droids"
            if plan.bosses:
                summary += f", {plan.bosses} boss"
            if plan.trophy:
                summary += f", trophy {plan.trophy}"
            out.append({"type": "plan", "player": seat, "plan": k, "summary": summary, "steps": plan})
        _PLAN_CACHE[key] = out
    return list(_PLAN_CACHE[key])
