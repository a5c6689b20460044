"""The game registry: ids, display names, player ranges, lazy loading."""
from __future__ import annotations

import importlib
from dataclasses import dataclass

from .base import Game, SetupError


@dataclass(frozen=True)
class GameInfo:
    """One registered game.

    Attributes:
        game_id: registry id used on the CLI and in save files.
        name: display name.
        min_players, max_players: inclusive seat range.
        module: module that defines the engine class ``ENGINE``.
    """
    game_id: str
    name: str
    min_players: int
    max_players: int
    module: str


GAMES: dict[str, GameInfo] = {
    info.game_id: info for info in (
        GameInfo("retrograde", "Retrograde", 1, 4, "engines.retrograde"),
        GameInfo("cha-dango", "Cha dango", 2, 6, "engines.cha_dango"),
        GameInfo("ginza", "Ginza Retro Café", 2, 4, "engines.ginza"),
        GameInfo("cryptid-cafe", "Cryptid Cafe", 1, 5, "engines.cryptid_cafe"),
        GameInfo("cafe-junior", "Café International Junior", 2, 4, "engines.cafe_junior"),
    )
}


class GameUnavailable(SetupError):
    """A registered game whose engine is not written or failed to load."""


def game_ids() -> list[str]:
    """All registered game ids in menu order."""
    return list(GAMES)


def is_available(game_id: str) -> bool:
    """True if the engine of ``game_id`` loads."""
    try:
        engine_class(game_id)
    except SetupError:
        return False
    return True


def engine_class(game_id: str) -> type[Game]:
    """The engine class of ``game_id``.

    Raises:
        SetupError: unknown game id.
        GameUnavailable: the engine is not written yet or failed to load.
    """
    info = GAMES.get(game_id)
    if info is None:
        raise SetupError(f"unknown game {game_id!r}; known games: {', '.join(GAMES)}")
    try:
        module = importlib.import_module(info.module)
    except ModuleNotFoundError as exc:
        if exc.name == info.module:
            raise GameUnavailable(f"{info.name} is not available yet: its engine is not written") from exc
        raise GameUnavailable(f"{info.name} failed to load: {exc}") from exc
    cls = getattr(module, "ENGINE", None)
    if cls is None:
        raise GameUnavailable(f"{info.name} failed to load: {info.module} defines no ENGINE")
    return cls


def new_game(game_id: str, num_players: int, seed: int, options: dict | None = None) -> Game:
    """Create a new game by id (see :meth:`Game.new`)."""
    return engine_class(game_id).new(num_players, seed, options)


def game_from_json(data: dict) -> Game:
    """Rebuild any registered game from its :meth:`Game.to_json` snapshot.

    Raises:
        SetupError: the snapshot names an unknown or unavailable game.
    """
    if not isinstance(data, dict) or "game" not in data:
        raise SetupError("not a game snapshot (no 'game' key)")
    return engine_class(data["game"]).from_json(data)
