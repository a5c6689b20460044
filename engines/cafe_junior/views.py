"""Views of a Café International Junior game for the screen and the seats.

Hidden information: a seat's view holds that seat's own hand and nobody
else's; the public view (HDMI screen) holds no hand at all, only hand sizes.
Neither shows the order or content of the guest pile, the table pile or the
8 tables in the box, nor the RNG.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import seating
from .components import CORNERS, SIDE_ORDER, Components

if TYPE_CHECKING:  # pragma: no cover
    from .game import CafeJunior


def card_json(comp: Components, cid: str | None) -> dict[str, Any] | None:
    """A guest card as the runtime draws it: id, country code and name
    (None for jokers), gender ("girl"/"boy") and the joker flag."""
    if cid is None:
        return None
    card = comp.card(cid)
    return {"id": cid, "country": card.country,
            "country_name": None if card.is_joker else comp.country_name(card.country or ""),
            "gender": card.gender, "joker": card.is_joker}


def tables_json(comp: Components, tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The tables on the play area with their corner flags, guests per side,
    grid cell [row, col] (ruling CI-3), full and turned-over flags."""
    out = []
    for t in tables:
        tile = comp.table(t["table"])
        out.append({
            "table": t["table"], "cell": list(t["cell"]),
            "flags": dict(zip(CORNERS, tile.flags)),
            "seats": {s: card_json(comp, t["seats"][s]) for s in SIDE_ORDER},
            "full": seating.is_full(t), "turned": t["turned"],
        })
    return out


def build_view(game: "CafeJunior", player: int | None) -> dict[str, Any]:
    """The JSON view of ``game`` for seat ``player`` (``None``: public).

    Public part: tables and the 4 x 4 ``grid`` of table ids (None = empty
    cell), hand sizes, guest/discard/table pile sizes, the top discard,
    scores (points), joker penalties once the game is over, whose turn it is
    and what the turn has done so far.  A seat's view adds ``"hand"``.
    """
    comp = game.comp
    grid: list[list[str | None]] = [[None] * seating.GRID_SIZE for _ in range(seating.GRID_SIZE)]
    for t in game.tables:
        grid[t["cell"][0]][t["cell"][1]] = t["table"]
    view: dict[str, Any] = {
        "game": game.game_id,
        "viewer": player,
        "current_player": None if game.over else game.current,
        "start_player": game.start_player,
        "turn_number": game.turn_number,
        "turn": dict(game.turn),
        "scores": game.scores(),
        "penalties": list(game.penalties),
        "hand_sizes": [len(h) for h in game.hands],
        "guest_pile": len(game.guest_pile),
        "discard_pile": len(game.discard_pile),
        "discard_top": card_json(comp, game.discard_pile[-1] if game.discard_pile else None),
        "table_pile": len(game.table_pile),
        "tables_in_box": len(game.box),
        "tables": tables_json(comp, game.tables),
        "grid": grid,
        "free_seats": seating.free_seats(game.tables),
        "countries": {c.code: c.name for c in comp.countries},
        "over": game.over,
        "end_reason": game.end_reason,
    }
    if player is not None:
        view["hand"] = [card_json(comp, cid) for cid in game.hands[player]]
    return view
