"""Retrograde's snapshot check (a save's state, before it is played on).

Kept apart from :mod:`.game` so the engine's rules read on their own.
"""
from __future__ import annotations

from typing import Any

from engines import schema as sc

from .components import default_components


def check_snapshot(s: dict[str, Any], num_players: int, rounds: int) -> None:
    """Check a Retrograde state ``s`` for ``num_players`` seats: shapes,
    types, seats, sheet layouts, card ids, and every one of the 45 target
    cards in exactly one place (deck, setup discards, discards, face up, a
    seat's claim, hand or unlocked power-ups); ``rounds`` is the game's
    last round (8).

    Raises:
        ValueError: naming the first thing that is wrong.
    """
    comp = default_components()
    n = num_players
    card = sc.OneOf(c.id for c in comp.cards)
    seat_no, die, t = sc.Range(0, n - 1), sc.Range(1, 6), int
    small = sc.Range(0, 100)
    seat = {"sheet": sc.Range(0, len(comp.sheets) - 1), "pips": sc.Fixed([die] * 25),
            "blasted": sc.Fixed([bool] * 25), "bosses": sc.Fixed([bool] * 5), "trophies": sc.Fixed([bool] * 6),
            "coins_marked": small, "coins_spent": small, "hand": [card],
            "unlocked": [sc.OneOf(c.power_up for c in comp.cards if c.power_up)], "unlocked_cards": [card],
            "dice": (None, [die]), "dice_pending": bool, "claim": (None, card), "claim_t": (None, t),
            "dice_log": [sc.Fixed([t, (None, [die]), sc.Range(0, 1)])]}
    turn = {"seat": seat_no, "pool": [die], "spent": [bool], "real": small, "cells": [sc.Range(0, 24)],
            "comet_cell": (None, sc.Range(0, 24)), "odd": small, "even": small, "coins": small}
    sc.check(s, {
        "deck": [card], "setup_discard": [card], "discard": [card], "face_up": [card],
        "round": sc.Range(0, rounds), "phase": sc.OneOf({"roll", "stop", "blast", "unlock", "over"}),
        "seats": sc.Fixed([seat] * n), "now": t, "pending": [sc.Fixed([seat_no, card, t])],
        "claim_order": [seat_no], "roll_start": (None, t), "timer_fired": bool, "stop_seat": (None, seat_no),
        "rerolls_left": small, "blast_order": [seat_no], "blast_idx": sc.Range(0, n), "turn": (None, turn),
        "unlocking": [seat_no], "log": [str]})
    s = s
    held = s["deck"] + s["setup_discard"] + s["discard"] + s["face_up"]
    for st in s["seats"]:
        held += st["hand"] + st["unlocked_cards"] + ([st["claim"]] if st["claim"] is not None else [])
        if len(st["unlocked_cards"]) != len(st["unlocked"]):
            raise ValueError(f"{len(st['unlocked'])} power-ups unlocked but {len(st['unlocked_cards'])} "
                             "unlocked cards kept")
    sc.distinct(held, "target cards")
    if len(held) != len(comp.cards):
        raise ValueError(f"{len(held)} of the {len(comp.cards)} target cards are accounted for")
    if s["phase"] == "blast":
        tn = s["turn"]
        if tn is None or len(tn["spent"]) != len(tn["pool"]) or s["seats"][tn["seat"]]["claim"] is None:
            raise ValueError("a Blast Droids turn without its dice or its claimed card")
    if s["phase"] == "stop" and s["stop_seat"] is None:
        raise ValueError("Stop without the seat that is still rolling")
