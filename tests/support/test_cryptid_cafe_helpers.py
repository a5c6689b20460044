"""Scenario helpers for the Cryptid Cafe tests: build a game in a chosen
state from a snapshot, and a scripted RNG for the AI die."""
from __future__ import annotations

import json
import random

from engines.cryptid_cafe import CryptidCafe

STATIONS = ["kaputtcino", "baba_au_rhume", "beuvnoire", "croque_monsieur", "waterzoeil"]


def cust(card, order=None, tip=None, copied_from=None):
    """A customer on a track space."""
    return {"card": card, "order": order, "tip": tip, "copied_from": copied_from}


def track(**spaces):
    """A 6-space track: track(s0="yeti", s4="mothman")."""
    t = [None] * 6
    for key, card in spaces.items():
        t[int(key[1:])] = cust(card)
    return t


def dishes(**counts):
    d = {s: 0 for s in STATIONS}
    d.update(counts)
    return d


def scenario(players, seed=1, options=None, players_state=None, **state):
    """A game whose state is the setup state with ``state`` keys replaced and
    each ``players_state[i]`` dict merged into player i."""
    g = CryptidCafe.new(players, seed, options)
    snap = json.loads(json.dumps(g.to_json()))
    snap["state"].update(state)
    for i, extra in enumerate(players_state or []):
        snap["state"]["players"][i].update(extra)
    return CryptidCafe.from_json(snap)


def snapshot(game):
    return json.dumps(game.to_json(), sort_keys=True)


class ScriptedRng(random.Random):
    """A Random whose ``choice`` returns scripted values in order (used for
    AI die rolls); other methods behave normally."""

    def __init__(self, values, seed=0):
        super().__init__(seed)
        self.values = list(values)

    def choice(self, seq):
        if self.values:
            value = self.values.pop(0)
            if value not in seq:
                raise AssertionError(f"scripted {value!r} not among {seq!r}")
            return value
        return super().choice(seq)
