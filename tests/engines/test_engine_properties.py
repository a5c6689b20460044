"""Stateful property tests of every engine (issue 23): random legal play
(hypothesis picks the seed of each move, so failures shrink to a short
sequence) with random malformed actions interleaved.  After every step:

* an illegal action raised :class:`IllegalAction` (never another
  exception) and changed nothing;
* serialise -> load gives an equal state that behaves the same (same
  legal actions, chance requests, scores, views);
* no negative count anywhere in the state (penalties excepted);
* components are conserved where the game conserves them (cards, tiles,
  guests, customers: see ``CONSERVED``);
* views are JSON, never show the RNG, and hide what they must: shuffling a
  hidden zone (deck order, another seat's hand) leaves the view unchanged;
* scores equal a recomputation: the same actions replayed on a new game
  give the same scores (every few steps and at the end).

Only the engine contract (``engines/base.py``) is used, plus a few state
keys per game for conservation and hidden zones; a key a later engine
version renames makes its check fail loudly, never pass silently.

Profiles: ``CABINET_TEST_PROFILE=long`` runs 400 examples per engine (see
``conftest.py``); CI's short profile runs 8.
"""
from __future__ import annotations

import copy
import json
import random
import re
from collections import Counter
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from cabinet_profile import scaled
from engines import GAMES, IllegalAction, engine_class, game_from_json, new_game
from engines.registry import is_available
from bots.random_bot import RandomBot

AVAILABLE = [g for g in GAMES if is_available(g)]
#: malformed inputs tried per engine over the whole run (printed at the end)
FUZZ_COUNTS: Counter = Counter()
#: state keys whose numbers may be negative by the rules
NEGATIVE_OK = {"penalties"}


def is_count(key: str) -> bool:
    """True for a state key that holds a count (not a timestamp, whose
    sign is the caller's clock's business)."""
    return key not in NEGATIVE_OK and not (key in ("now", "t") or key.endswith(("_t", "_us", "_at")))


# ---------------------------------------------------------------- components
def _retrograde(s: dict) -> Counter:
    """Target cards: deck, set-up discard, discard, face up, each seat's
    claim, hand and unlocked cards."""
    c = Counter(s["deck"] + s["setup_discard"] + s["discard"] + s["face_up"])
    for seat in s["seats"]:
        c.update(seat["hand"])
        c.update(seat.get("unlocked_cards", []))
        if seat["claim"] is not None:
            c.update([seat["claim"] if isinstance(seat["claim"], str) else seat["claim"]["card"]])
    return c


def _cha_dango(s: dict) -> Counter:
    """Dango cards: deck, dining area, the revealed card, VP piles."""
    c = Counter(s["deck"] + s["dining"] + ([s["revealed"]] if s["revealed"] is not None else []))
    for pile in s["vp"]:
        c.update(pile)
    return c


def _ginza(s: dict) -> Counter:
    """Customer tiles (deck + slots + the count of customers who left, each
    tile id at most once) and order cards (decks + slots + players + the
    discarded count)."""
    tiles = s["customer_deck"] + [slot["id"] for slot in s["slots"] if slot is not None]
    assert len(set(tiles)) == len(tiles), f"a customer tile is in two places: {tiles}"
    c: Counter = Counter({"customer tiles": len(tiles) + s["customers_left"]})
    orders = sum(len(d) for d in s["order_decks"].values()) + s["discarded_orders"]
    for slot in s["slots"]:
        if slot is not None:
            orders += len(slot["orders"])
    for p in s["players"]:
        orders += len(p["orders"])
    c["order cards"] = orders
    return c


def _cryptid(s: dict) -> Counter:
    """Each seat's cryptid cards: deck, track, served, lost (event cards,
    ids ending in ``_N``, leave the game when played)."""
    c: Counter = Counter()
    for seat, p in enumerate(s["players"]):
        cards = list(p["deck"]) + [t["card"] for t in p["track"] if t is not None]
        cards += [x if isinstance(x, str) else x.get("card") for x in p["served"] + p["lost"]]
        c.update(f"{seat}:{x}" for x in cards if not re.search(r"_\d+$", x))
    return c


def _cafe_junior(s: dict) -> Counter:
    """Guests and tables: every guest id and table id anywhere in the state
    (piles, hands, tables' seats, box) exactly once."""
    c: Counter = Counter()

    def walk(o: Any, key: str = "") -> None:
        if isinstance(o, dict):
            for k, v in o.items():
                if k not in ("end_reason", "turn"):
                    walk(v, k)
        elif isinstance(o, list):
            for v in o:
                walk(v, key)
        elif isinstance(o, str) and key not in ("mode",):
            c[o] += 1
    walk(s)
    return c


CONSERVED: dict[str, Callable[[dict], Counter]] = {
    "retrograde": _retrograde, "cha-dango": _cha_dango, "ginza": _ginza, "cryptid-cafe": _cryptid,
    "cafe-junior": _cafe_junior,
}

#: Hidden zones: (path in the state, who may not see it: "all" or
#: "others", first hidden index).  Shuffling a zone from that index on must
#: not change the views of those who may not see it.  (Cha dango shows the
#: back of the top ordering card, CD-2, so its deck is hidden below the top.)
HIDDEN: dict[str, list[tuple[tuple, str, int]]] = {
    "retrograde": [(("deck",), "all", 0)],
    "cha-dango": [(("deck",), "all", 1)],
    "ginza": [(("customer_deck",), "all", 0), (("order_decks", "I"), "all", 0), (("order_decks", "II"), "all", 0),
              (("order_decks", "III"), "all", 0)],
    "cryptid-cafe": [(("players", "*", "deck"), "others", 0)],
    "cafe-junior": [(("guest_pile",), "all", 0), (("hands", "*"), "others", 0)],
}


def _get(state: dict, path: tuple, seat: int | None = None) -> Any:
    o: Any = state
    for k in path:
        o = o[seat] if k == "*" else o[k]
    return o


# ---------------------------------------------------------------- malformed
JSON_LEAF = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(allow_nan=True),
                      st.text(max_size=8))
JSON_VALUE = st.recursive(JSON_LEAF, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                             st.dictionaries(st.text(max_size=6), inner, max_size=4)),
                          max_leaves=12)


@st.composite
def malformed(draw, template: dict | None, players: int, now_us: int) -> Any:
    """An action that should be refused: a legal action with one field
    broken, or junk."""
    kind = draw(st.sampled_from(["field", "drop", "seat", "time", "type", "junk", "extra"]))
    if template is None or kind == "junk":
        return draw(st.one_of(JSON_VALUE, st.dictionaries(st.sampled_from(["type", "player", "t_us", "values",
                                                                            "card", "die"]), JSON_VALUE)))
    a = copy.deepcopy(template)
    keys = sorted(a)
    if kind == "field" and keys:
        a[draw(st.sampled_from(keys))] = draw(JSON_VALUE)
    elif kind == "drop" and keys:
        a.pop(draw(st.sampled_from(keys)))
    elif kind == "seat":
        a["player"] = draw(st.sampled_from([-1, players, players + 7, True, "0", 0.0, None]))
    elif kind == "time":
        a["t_us"] = draw(st.sampled_from([None, -1, now_us - 1, 1.5, "now", True, 2**70]))
    elif kind == "type":
        a["type"] = draw(st.sampled_from(["", "tick ", "TICK", "claim!", 7, None]))
    else:
        a[draw(st.text(min_size=1, max_size=6))] = draw(JSON_VALUE)
    return a


def snapshot(game) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


def walk_numbers(o: Any, key: str = ""):
    if isinstance(o, dict):
        for k, v in o.items():
            yield from walk_numbers(v, k)
    elif isinstance(o, list):
        for v in o:
            yield from walk_numbers(v, key)
    elif isinstance(o, (int, float)) and not isinstance(o, bool):
        yield key, o


def walk_keys(o: Any):
    if isinstance(o, dict):
        for k, v in o.items():
            yield k
            yield from walk_keys(v)
    elif isinstance(o, list):
        for v in o:
            yield from walk_keys(v)


# ---------------------------------------------------------------- machine
class EngineMachine(RuleBasedStateMachine):
    """One game of ``game_id`` driven by hypothesis."""

    game_id = ""

    @initialize(data=st.data())
    def start(self, data):
        info = GAMES[self.game_id]
        self.players = data.draw(st.integers(info.min_players, info.max_players), label="players")
        self.seed = data.draw(st.integers(0, 2**31 - 1), label="seed")
        self.game = new_game(self.game_id, self.players, self.seed)
        self.history: list[dict] = []
        self.components = CONSERVED[self.game_id](self.game.to_json()["state"])
        self.steps = 0

    @precondition(lambda self: not self.game.is_terminal())
    @rule(move_seed=st.integers(0, 2**32 - 1), burst=st.integers(1, 12))
    def legal_moves(self, move_seed, burst):
        """A few legal moves chosen by a seeded random bot."""
        bot = RandomBot(move_seed)
        for _ in range(burst):
            if self.game.is_terminal():
                break
            action = bot.next_action(self.game)
            self.game.apply(copy.deepcopy(action))
            self.history.append(action)
            self.steps += 1
            self.check_components()

    @precondition(lambda self: not self.game.is_terminal())
    @rule(data=st.data())
    def malformed_action(self, data):
        """A malformed or illegal action: refused with IllegalAction and the
        state unchanged (or, if it happens to be legal, applied)."""
        game = self.game
        templates = [a for p in game.active_players() for a in game.legal_actions(p)]
        for req in game.chance_requests():
            ans = {k: v for k, v in req.items() if k not in ("count", "faces")}
            ans["values"] = [1] * int(req.get("count", 1))
            templates.append(ans)
        template = data.draw(st.sampled_from(templates)) if templates else None
        if template is not None and template.get("t_us", 0) is None:
            template = dict(template, t_us=game.now_us())
        bad = data.draw(malformed(template, self.players, game.now_us()), label="malformed")
        before = snapshot(game)
        FUZZ_COUNTS[self.game_id] += 1
        try:
            game.apply(copy.deepcopy(bad))
        except IllegalAction:
            assert snapshot(game) == before, f"refused action {bad!r} changed the state"
            return
        # not refused: it was legal after all; it must replay the same way
        self.history.append(bad)
        self.steps += 1
        self.check_components()

    @precondition(lambda self: self.game.is_terminal())
    @rule()
    def over(self):
        with pytest.raises(IllegalAction):
            self.game.apply({"type": "tick", "t_us": self.game.now_us() + 1})

    # ------------------------------------------------------------ checks
    def check_components(self):
        now = CONSERVED[self.game_id](self.game.to_json()["state"])
        assert now == self.components, (f"components not conserved: gained {dict(now - self.components)}, "
                                         f"lost {dict(self.components - now)}")

    @invariant()
    def round_trip(self):
        if not hasattr(self, "game"):
            return
        g = self.game
        snap = snapshot(g)
        clone = game_from_json(json.loads(snap))
        assert snapshot(clone) == snap
        assert clone.is_terminal() == g.is_terminal()
        assert clone.scores() == g.scores()
        assert clone.chance_requests() == g.chance_requests()
        for p in range(self.players):
            assert clone.legal_actions(p) == g.legal_actions(p)
        assert clone.view(None) == g.view(None)

    @invariant()
    def no_negative_counts(self):
        if not hasattr(self, "game"):
            return
        for key, value in walk_numbers(self.game.to_json()["state"]):
            if is_count(key):
                assert value >= 0, f"negative {key} = {value}"

    @invariant()
    def views_hide_what_they_must(self):
        if not hasattr(self, "game"):
            return
        g = self.game
        state = g.to_json()
        views = {v: g.view(v) for v in [None, *range(self.players)]}
        for v in views.values():
            json.dumps(v)
            assert "rng" not in set(walk_keys(v))
        rng = random.Random(self.steps)
        for path, who, first in HIDDEN[self.game_id]:
            owners = range(self.players) if "*" in path else [None]
            for owner in owners:
                zone = _get(state["state"], path, owner)
                if len(zone) - first < 2:
                    continue
                shuffled = copy.deepcopy(state)
                other = _get(shuffled["state"], path, owner)
                tail = other[first:]
                rng.shuffle(tail)
                other[first:] = tail
                if other == zone:
                    continue
                g2 = type(g).from_json(shuffled)
                viewers = [None, *range(self.players)] if who == "all" else \
                    [None, *(p for p in range(self.players) if p != owner)]
                for viewer in viewers:
                    assert g2.view(viewer) == views[viewer], \
                        f"the view of {viewer} shows the order of hidden zone {path} (owner {owner})"

    @invariant()
    def scores_equal_a_recomputation(self):
        if not hasattr(self, "game") or (self.steps % 10 and not self.game.is_terminal()):
            return
        replayed = new_game(self.game_id, self.players, self.seed)
        for a in self.history:
            replayed.apply(copy.deepcopy(a))
        assert replayed.scores() == self.game.scores()
        assert snapshot(replayed) == snapshot(self.game)
        if self.game.is_terminal():
            ranking = self.game.ranking()
            assert sorted(s for grp in ranking for s in grp) == list(range(self.players))
            sc = self.game.scores()
            flat = [s for grp in ranking for s in grp]
            assert all(sc[a] >= sc[b] for a, b in zip(flat, flat[1:])), f"ranking {ranking} vs scores {sc}"


def machine_for(game_id: str):
    cls = type(f"{game_id.title().replace('-', '')}Machine", (EngineMachine,), {"game_id": game_id})
    cls.TestCase.settings = settings(settings.default, stateful_step_count=scaled(15, 60),
                                     suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    return cls


@pytest.mark.parametrize("game_id", AVAILABLE)
def test_engine_properties(game_id):
    from hypothesis.stateful import run_state_machine_as_test
    machine = machine_for(game_id)
    run_state_machine_as_test(machine, settings=machine.TestCase.settings)
    print(f"{game_id}: {FUZZ_COUNTS[game_id]} malformed actions tried")
    assert FUZZ_COUNTS[game_id] > 0

