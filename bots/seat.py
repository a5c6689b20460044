"""What every bot and search reads and answers: a seat's own view, and the
dice answer to a chance request."""
from __future__ import annotations

import random
from typing import Any

from engines.base import Game


def seat_view(game: Game, seat: int) -> dict[str, Any]:
    """The seat's own view with ``"me"`` (the seat index) added: the only
    picture of the game a heuristic policy gets."""
    view = game.view(seat)
    view["me"] = seat
    return view


def answer_dice(request: dict, rng: random.Random, now_us: int) -> dict:
    """The dice answer to one chance request (uniform faces)."""
    faces = int(request.get("faces", 6))
    count = int(request.get("count", 1))
    action = {k: v for k, v in request.items() if k not in ("count", "faces")}
    action["values"] = [rng.randint(1, faces) for _ in range(count)]
    if action.get("t_us", 0) is None:
        action["t_us"] = now_us
    return action
