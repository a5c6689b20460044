"""Retrograde rules engine (1 to 4 players, solo mode per RG-10).

Rounds (exactly 8; the deck holds 8 rounds of cards after the setup discard
of 21/13/5 cards for 2/3/4 players, 13 solo):

1 - Start the Round: flip 3/4/5 cards (2/3/4 players; solo 4).

2 - Roll Dice (real time).  Each seat's dice arrive as chance inputs
   ``{"type": "dice", "player": p, "values": [...], "t_us": T}`` (camera or
   RNG), as often as they change; the values count 6 dice plus one per Cube
   Friend unlocked.  A seat may ``{"type": "reroll", "player": p, "t_us":
   T}`` (its dice are then requested again) or ``{"type": "claim", "player":
   p, "card": id, "t_us": T}`` a face-up card (ruling RG-7).  Claims are
   settled ``tie_us + claim_settle_us`` after their stamp (the settle
   window) so that presses reported out of order, and every press that
   could tie with them, are still ordered by timestamp (CAB-3); the earliest
   claim on a card wins it, claims less than ``tie_us`` apart are a tie
   broken by a seeded coin flip (CAB-4).  The dice frozen by a claim are the
   last reading stamped at or before the claim (RG-7, "you cannot roll your
   dice anymore"): readings and rerolls stamped after it that arrived first
   are undone.  When every seat but one has a card: "Stop"
   (RG-8): the last seat gets 2 rerolls (+2 per Rolypoly) and must claim one
   of the remaining cards; each reroll action or unrequested dice reading
   counts.  Solo (RG-10): the hidden 25 s timer starts at the seat's first
   dice reading ("roll"); it fires once the settle window after it has
   passed (a claim stamped before it may still arrive), or at once when a
   claim stamped after it arrives; if it ran out before the claim, the RNG
   rolls 2
   dice, face-up cards showing either colour are discarded, if none remain
   one card is flipped from the setup discards, then 2 rerolls (+2 per
   Rolypoly, a reading of this engine) and a claim.

3 - Blast Droids: seats in turn from the last to claim, clockwise (RG-9),
   with the actions of :mod:`.blast`; :meth:`Retrograde.plans` gives the
   blast planner's best plans for the seat whose turn starts.

4 - End the Round (automatic): coin marked (up to the sheet's coin slots),
   power-up card kept in hand, a boss for each newly completed column, then
   seats that may unlock (completed rows > power-ups unlocked, a card in
   hand) choose ``{"type": "unlock", "player": p, "card": id}`` or
   ``{"type": "keep", "player": p}`` (defer, allowed by the glossary); not
   offered after the 8th round.  Unclaimed cards are discarded.

Scores: droid 1, boss 3, trophy 1, +3 for all six; ties: most unspent coins
(RG-11), still tied = shared.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from engines.base import Game, IllegalAction, SetupError, json_copy, ranking_from_keys

from . import blast
from .components import COLUMNS, ROWS, default_components
from .planner import Plan, best_plans
from .roll import RollDice
from .snapshot import check_snapshot

ROUNDS = 8
SETUP_DISCARD = {1: 13, 2: 21, 3: 13, 4: 5}
FLIP = {1: 4, 2: 3, 3: 4, 4: 5}


class Retrograde(RollDice, Game):
    """Retrograde (see the module docstring for phases and actions).

    Options:
        sheet: layout index for every seat, or -1 for a random layout per
            seat (from the game's RNG).
        claim_settle_us: us after a claim before it is settled (CAB-3).
        tie_us: claims closer than this are a tie (CAB-4, pigpio 5 us).
        solo_timer_us: the solo timer, us (RG-10: 25 s).
        first_game: the book's first-game variant: in the first round the
            third spot of every target card is ignored and no boss is
            blasted (ruling RG-14).
    """

    game_id = "retrograde"
    display_name = "Retrograde"
    min_players = 1
    max_players = 4
    option_defaults = {"sheet": -1, "claim_settle_us": 50_000, "tie_us": 5, "solo_timer_us": 25_000_000,
                       "first_game": False}

    # ------------------------------------------------------------ setup
    def _setup(self) -> None:
        comp = default_components()
        n = self.num_players
        sheet_opt = self.options["sheet"]
        if not -1 <= sheet_opt < len(comp.sheets):
            raise SetupError(f"Retrograde: option 'sheet' must be -1 or 0..{len(comp.sheets) - 1}")
        deck = [c.id for c in comp.cards]
        self.rng.shuffle(deck)
        discard = SETUP_DISCARD[n]
        seats = []
        for _ in range(n):
            idx = sheet_opt if sheet_opt >= 0 else self.rng.randrange(len(comp.sheets))
            seats.append({"sheet": idx, "pips": list(comp.sheets[idx].pips), "blasted": [False] * 25,
                          "bosses": [False] * 5, "trophies": [False] * 6, "coins_marked": 0,
                          "coins_spent": 0, "hand": [], "unlocked": [], "unlocked_cards": [], "dice": None,
                          "dice_pending": False, "claim": None, "claim_t": None, "dice_log": []})
        self.s: dict[str, Any] = {
            "deck": deck[discard:], "setup_discard": deck[:discard], "discard": [], "face_up": [],
            "round": 0, "phase": "roll", "seats": seats, "now": 0, "pending": [], "claim_order": [],
            "roll_start": None, "timer_fired": False, "stop_seat": None, "rerolls_left": 0,
            "blast_order": [], "blast_idx": 0, "turn": None, "unlocking": [], "log": [],
        }
        self._start_round([])

    @property
    def solo(self) -> bool:
        """True in solo mode (1 player, RG-10)."""
        return self.num_players == 1

    def _card(self, cid: str):
        """The target card ``cid``; in the first round of a ``first_game``
        the third spot is ignored (ruling RG-14)."""
        card = default_components().card(cid)
        if self._plain_round() and card.spot != "none":
            card = dataclasses.replace(card, spot="none", power_up=None)
        return card

    def _plain_round(self) -> bool:
        """RG-14, the book's first-game advice: "consider playing without
        Coins, Power-Ups, Bosses, and Comets for the first round; just ignore
        the third spot on each Target Card"."""
        return bool(self.options.get("first_game")) and self.s.get("round") == 1

    def dice_count(self, p: int) -> int:
        """Dice of seat ``p``: 6 plus one per Cube Friend unlocked."""
        return 6 + blast.power_count(self.s["seats"][p], "Cube Friend")

    # ----------------------------------------------------------- queries
    def active_players(self) -> list[int]:
        s = self.s
        if s["phase"] == "roll":
            pend = {c[0] for c in s["pending"]}
            return [p for p, seat in enumerate(s["seats"])
                    if seat["claim"] is None and p not in pend and not seat["dice_pending"] and seat["dice"]]
        if s["phase"] == "stop":
            seat = s["seats"][s["stop_seat"]]
            return [] if seat["dice_pending"] else [s["stop_seat"]]
        if s["phase"] == "blast":
            return [s["turn"]["seat"]]
        if s["phase"] == "unlock":
            return list(s["unlocking"])
        return []

    def legal_actions(self, player: int) -> list[dict]:
        s = self.s
        if player not in self.active_players():
            return []
        if s["phase"] in ("roll", "stop"):
            acts = []
            if s["phase"] == "roll" or s["rerolls_left"] > 0:
                acts.append({"type": "reroll", "player": player, "t_us": None})
            acts.extend({"type": "claim", "player": player, "card": c, "t_us": None} for c in s["face_up"])
            return acts
        if s["phase"] == "blast":
            seat = s["seats"][player]
            return blast.legal(s, seat, self._card(seat["claim"]), s["turn"],
                               blast.power_count(seat, "Frogger"))
        if s["phase"] == "unlock":
            seat = s["seats"][player]
            acts, names = [], set()
            for cid in seat["hand"]:
                name = self._card(cid).power_up
                if name not in names:
                    names.add(name)
                    acts.append({"type": "unlock", "player": player, "card": cid})
            acts.append({"type": "keep", "player": player})
            return acts
        return []

    def chance_requests(self) -> list[dict]:
        s = self.s
        if s["phase"] not in ("roll", "stop"):
            return []
        return [{"type": "dice", "player": p, "count": self.dice_count(p), "colour": None, "faces": 6,
                 "t_us": None}
                for p, seat in enumerate(s["seats"]) if seat["dice_pending"]]

    def now_us(self) -> int:
        return self.s["now"]

    def _deadlines(self) -> list[int]:
        s = self.s
        out = []
        if s["phase"] == "roll":
            if s["pending"]:
                out.append(self._claim_ripe_at(min(c[2] for c in s["pending"])))
            if self._timer_running():
                out.append(s["roll_start"] + self.options["solo_timer_us"] + self.options["claim_settle_us"])
        return out

    def _claim_ripe_at(self, t_us: int) -> int:
        """When a claim stamped ``t_us`` is settled: every claim that could tie
        with it (CAB-4) has arrived by then (settle window, CAB-3)."""
        return t_us + self.options["tie_us"] + self.options["claim_settle_us"]

    def _timer_running(self) -> bool:
        s = self.s
        return self.solo and s["phase"] == "roll" and s["roll_start"] is not None and not s["timer_fired"]

    def deadline_us(self) -> int | None:
        d = self._deadlines()
        return max(min(d), self.s["now"]) if d else None

    def is_terminal(self) -> bool:
        return self.s["phase"] == "over"

    def score_of(self, p: int) -> int:
        """Points of seat ``p``: droid 1, boss 3, trophy 1, +3 for all six
        trophies ("Game Over")."""
        seat = self.s["seats"][p]
        troph = sum(seat["trophies"])
        return sum(seat["blasted"]) + 3 * sum(seat["bosses"]) + troph + (3 if troph == 6 else 0)

    def scores(self) -> list[float]:
        return [self.score_of(p) for p in range(self.num_players)]

    #: What each part of a :meth:`ranking_keys` key is: (name, +1 more is
    #: better / -1 fewer is better).
    RANKING_CRITERIA = (("points", 1), ("unspent coins", 1))
    #: Solo mode has no opponent: the rulebook's "ultimate high score" to aim for.
    SOLO_BEST_SCORE = 49

    def ranking_keys(self) -> list[tuple[int, int]]:
        """Per seat ``(points, unspent coins)``: RG-11's order (see
        :attr:`RANKING_CRITERIA`)."""
        return [(self.score_of(p), seat["coins_marked"] - seat["coins_spent"])
                for p, seat in enumerate(self.s["seats"])]

    def ranking(self) -> list[list[int]]:
        """Best first; ties broken by most unspent coins (RG-11), then shared."""
        return ranking_from_keys(self.ranking_keys())

    def plans(self, player: int, limit: int | None = None) -> list[Plan]:
        """The blast planner's best plans for ``player`` at the start of its
        3 - Blast Droids turn (empty list at any other moment).  Apply one
        with ``for a in plan.actions(player): game.apply(a)``."""
        s = self.s
        turn = s["turn"]
        if s["phase"] != "blast" or turn["seat"] != player or len(turn["pool"]) != turn["real"] \
                or any(turn["spent"]):
            return []
        seat = s["seats"][player]
        card = self._card(seat["claim"])
        pc = lambda name: blast.power_count(seat, name)  # noqa: E731
        return best_plans(seat["pips"], seat["blasted"], card.colours, turn["pool"],
                          coins=seat["coins_marked"] - seat["coins_spent"], super_coin=pc("Super Coin"),
                          comet=card.spot == "comet", frogger=pc("Frogger"), snake_eye=bool(pc("Snake Eye")),
                          two_wild=bool(pc("2 Wild")), odd_eye=pc("Odd Eye"), even_steven=pc("Even Steven"),
                          trophies=seat["trophies"], bosses=seat["bosses"], limit=limit)

    # ------------------------------------------------------------- views
    def seat_dice(self, seat: int) -> list[int] | None:
        """Seat ``seat``'s dice this round (a copy; None before its first
        roll of the round): what :meth:`view` says of them, without
        copying the whole view (the cabinet asks every frame while dice
        are awaited).  Raises IndexError for a seat not in the game."""
        dice = self.s["seats"][seat]["dice"]
        return None if dice is None else list(dice)

    def view(self, player: int | None = None) -> dict[str, Any]:
        s = self.s
        seats = []
        for p, seat in enumerate(s["seats"]):
            v = {"seat": p, "sheet": default_components().sheets[seat["sheet"]].name, "pips": seat["pips"],
                 "blasted": seat["blasted"], "bosses": seat["bosses"], "trophies": seat["trophies"],
                 "coins_marked": seat["coins_marked"], "coins_spent": seat["coins_spent"],
                 "unlocked": seat["unlocked"], "hand_count": len(seat["hand"]), "dice": seat["dice"],
                 "claim": seat["claim"], "score": self.score_of(p),
                 # power-ups claimed, not unlocked: "keep that card beside your sheet" (public)
                 "hand": list(seat["hand"])}
            seats.append(v)
        out = {"game": self.game_id, "round": s["round"], "rounds": ROUNDS, "phase": s["phase"],
               "face_up": [self._card(c).describe() for c in s["face_up"]], "face_up_ids": list(s["face_up"]),
               "deck_left": len(s["deck"]), "seats": seats, "stop_seat": s["stop_seat"],
               "rerolls_left": s["rerolls_left"], "claims_pending": [c[0] for c in s["pending"]],
               "claim_order": list(s["claim_order"]), "log": s["log"][-8:]}
        if s["phase"] == "blast":
            t = s["turn"]
            out["turn"] = {"seat": t["seat"], "pool": t["pool"], "spent": t["spent"], "cells": t["cells"]}
        return json_copy(out)

    # --------------------------------------------------------- serialise
    def _state_to_json(self) -> dict[str, Any]:
        return json_copy(self.s)

    def _state_from_json(self, state: dict[str, Any]) -> None:
        self.s = state
        for seat in state.get("seats", []) if isinstance(state.get("seats"), list) else []:
            if isinstance(seat, dict):
                seat.setdefault("dice_log", [])   # snapshots from before RG-12
                seat.setdefault("unlocked_cards", [])   # snapshots from before issue 34 (no unlock yet)

    def _validate_state(self) -> None:
        """Snapshot check (:func:`.snapshot.check_snapshot`)."""
        check_snapshot(self.s, self.num_players, ROUNDS)

    # ----------------------------------------------------------- actions
    def _apply(self, action: dict) -> list[dict]:
        # Handlers validate fully before they mutate.  Only a timed action
        # that first lets a deadline pass (settling claims, the solo timer)
        # changes the state before its own checks, so only then is a
        # snapshot taken to restore on IllegalAction.
        t = action.get("t_us")
        fires = isinstance(t, int) and (any(d <= t for d in self._deadlines()) or self._timer_running())
        saved = (json_copy(self.s), self.rng.getstate()) if fires else None
        try:
            events = self._dispatch(action)
        except IllegalAction:
            if saved is not None:
                self.s = saved[0]
                self.rng.setstate(saved[1])
            raise
        self.s["log"] = (self.s["log"] + [e["text"] for e in events])[-20:]
        return events

    def _dispatch(self, action: dict) -> list[dict]:
        kind = action["type"]
        s = self.s
        events: list[dict] = []
        if kind in ("tick", "dice", "reroll", "claim"):
            t = action.get("t_us")
            if t is None:
                raise IllegalAction(f"a {kind} needs a timestamp t_us (us)")
            low = s["now"] if kind == "tick" else s["now"] - self.options["claim_settle_us"]
            if t < low:
                raise IllegalAction(f"timestamp {t} us is in the past (the game clock is at {s['now']} us)")
            events += self._advance(t)
            if kind != "tick" and action.get("player") is None:
                raise IllegalAction(f"a {kind} needs the seat it belongs to ('player')")
            if kind == "claim" and self._timer_running() and t >= s["roll_start"] + self.options["solo_timer_us"]:
                events += self._solo_timer()   # RG-10: the claim came after the timer ran out
            handler = {"tick": lambda a: [], "dice": self._on_dice, "reroll": self._on_reroll,
                       "claim": self._on_claim}[kind]
            events += handler(action)
            s = self.s
            s["now"] = max(s["now"], t)
            return events
        if action.get("player") is None:
            raise IllegalAction(f"a {kind!r} action needs a 'player' seat")
        if s["phase"] == "blast" and kind in ("odd", "even", "coin", "blast", "comet", "trophy", "done"):
            return self._on_blast(action)
        if s["phase"] == "unlock" and kind in ("unlock", "keep"):
            return self._on_unlock(action)
        raise IllegalAction(f"{kind!r} is not allowed now (phase: {s['phase']})")

    # -------------------------------------------------- 3 - Blast Droids
    def _start_blasting(self) -> list[dict]:
        s = self.s
        last = s["claim_order"][-1]
        s["phase"], s["stop_seat"], s["rerolls_left"] = "blast", None, 0
        s["blast_order"] = [(last + i) % self.num_players for i in range(self.num_players)]
        s["blast_idx"] = 0
        s["turn"] = blast.new_turn(last, s["seats"][last])
        return [{"type": "blast_phase", "player": last,
                 "text": f"Blast Droids! Seat {last + 1} starts"}]

    def _on_blast(self, action: dict) -> list[dict]:
        s = self.s
        turn = s["turn"]
        p = action["player"]
        if p != turn["seat"]:
            raise IllegalAction(f"it is seat {turn['seat'] + 1}'s turn to blast")
        seat = s["seats"][p]
        card = self._card(seat["claim"])
        blast.check(s, seat, card, turn, action, blast.power_count(seat, "Frogger"))
        events, over = blast.apply(s, seat, turn, action)
        if over:
            s["blast_idx"] += 1
            if s["blast_idx"] < self.num_players:
                nxt = s["blast_order"][s["blast_idx"]]
                s["turn"] = blast.new_turn(nxt, s["seats"][nxt])
                events.append({"type": "turn", "player": nxt, "text": f"Seat {nxt + 1} blasts"})
            else:
                events += self._end_round()
        return events

    # -------------------------------------------------- 4 - End the Round
    def _rows_done(self, seat: dict) -> int:
        return sum(1 for row in ROWS if all(seat["blasted"][k] for k in row))

    def _can_unlock(self, seat: dict) -> bool:
        return bool(seat["hand"]) and self._rows_done(seat) > len(seat["unlocked"])

    def _end_round(self) -> list[dict]:
        s = self.s
        comp = default_components()
        events = []
        s["turn"] = None
        for p, seat in enumerate(s["seats"]):
            card = self._card(seat["claim"])
            if card.spot == "coin" and seat["coins_marked"] < comp.coin_slots:
                seat["coins_marked"] += 1
                events.append({"type": "coin_marked", "player": p, "text": f"Seat {p + 1} marks a coin"})
            if card.spot == "power-up":
                seat["hand"].append(card.id)
                events.append({"type": "power_up_kept", "player": p,
                               "text": f"Seat {p + 1} keeps power-up {card.power_up}"})
            else:
                s["discard"].append(card.id)
            for col, cells in enumerate(COLUMNS):
                if not seat["bosses"][col] and all(seat["blasted"][k] for k in cells) and not self._plain_round():
                    seat["bosses"][col] = True
                    events.append({"type": "boss", "player": p, "column": col,
                                   "text": f"Seat {p + 1} blasts the boss of column {col + 1} (+3)"})
            seat["claim"], seat["claim_t"], seat["dice"] = None, None, None
        s["discard"].extend(s["face_up"])
        s["face_up"] = []
        if s["round"] >= ROUNDS:
            s["phase"] = "over"
            events.append({"type": "game_over", "text": "Game over: " + ", ".join(
                f"seat {p + 1} {self.score_of(p)}" for p in range(self.num_players))})
            return events
        s["unlocking"] = [p for p, seat in enumerate(s["seats"]) if self._can_unlock(seat)]
        if s["unlocking"]:
            s["phase"] = "unlock"
            return events + [{"type": "unlock_phase", "text": "Completed rows: unlock power-ups"}]
        return self._start_round(events)

    def _on_unlock(self, action: dict) -> list[dict]:
        s = self.s
        p = action["player"]
        if p not in s["unlocking"]:
            raise IllegalAction(f"seat {p + 1} has no power-up to unlock now")
        seat = s["seats"][p]
        if action["type"] == "keep":
            s["unlocking"].remove(p)
            events = [{"type": "keep", "player": p, "text": f"Seat {p + 1} keeps its power-ups for later"}]
        else:
            cid = action.get("card")
            if cid not in seat["hand"]:
                raise IllegalAction(f"card {cid!r} is not in seat {p + 1}'s hand")
            seat["hand"].remove(cid)
            name = self._card(cid).power_up
            seat["unlocked"].append(name)
            seat["unlocked_cards"].append(cid)   # the card stays beside the sheet (45 cards in all)
            events = [{"type": "unlock", "player": p, "power_up": name,
                       "text": f"Seat {p + 1} unlocks {name}"}]
            if not self._can_unlock(seat):
                s["unlocking"].remove(p)
        if not s["unlocking"]:
            return self._start_round(events)
        return events

    def _start_round(self, events: list[dict]) -> list[dict]:
        s = self.s
        s["round"] += 1
        k = FLIP[self.num_players]
        s["face_up"], s["deck"] = s["deck"][:k], s["deck"][k:]
        s.update(phase="roll", pending=[], claim_order=[], roll_start=None, timer_fired=False,
                 stop_seat=None, rerolls_left=0, unlocking=[], turn=None)
        for seat in s["seats"]:
            seat.update(dice=None, dice_pending=True, claim=None, claim_t=None, dice_log=[])
        return events + [{"type": "round", "round": s["round"],
                          "text": f"Round {s['round']}: " + ", ".join(self._card(c).describe()
                                                                      for c in s["face_up"])}]
