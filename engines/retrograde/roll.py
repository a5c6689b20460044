"""Retrograde's 2 - Roll Dice: dice readings, rerolls, claims and their
settling (RG-7, RG-8, RG-10 solo timer; CAB-3 settle window, CAB-4 ties).

:class:`RollDice` is mixed into :class:`engines.retrograde.game.Retrograde`
(the engine); its methods read and change the engine's state ``self.s``
and use its options (``claim_settle_us``, ``tie_us``, ``solo_timer_us``),
its seeded RNG and its ``_card`` / ``dice_count`` / ``_deadlines`` /
``_claim_ripe_at`` / ``_start_blasting``.  Handlers validate fully before
they mutate (raising :class:`engines.base.IllegalAction`).
"""
from __future__ import annotations

from typing import Any

from engines.base import IllegalAction
from engines.words import plural

from . import blast
from .components import colour_of

#: Rerolls of the seat left rolling at "Stop" (RG-8), +2 per Rolypoly.
STOP_REROLLS = 2


class RollDice:
    """The rules of phase 2 - Roll Dice (see the module docstring)."""

    def _advance(self, t: int) -> list[dict]:
        events = []
        while True:
            d = self._deadlines()
            if not d or min(d) > t:
                break
            when = min(d)
            self.s["now"] = max(self.s["now"], when)
            if self.s["pending"] and self._claim_ripe_at(min(c[2] for c in self.s["pending"])) == when:
                events += self._settle(when)
            else:
                events += self._solo_timer()
        return events

    def _roll_seat(self, p: Any) -> dict:
        s = self.s
        if s["phase"] not in ("roll", "stop"):
            raise IllegalAction(f"dice are not rolled now (phase: {s['phase']})")
        if s["phase"] == "stop" and p != s["stop_seat"]:
            raise IllegalAction(f"only seat {s['stop_seat'] + 1} is still rolling (Stop!)")
        seat = s["seats"][p]
        if seat["claim"] is not None:
            raise IllegalAction(f"seat {p + 1} has claimed a card and cannot roll any more")
        if any(c[0] == p for c in s["pending"]):
            raise IllegalAction(f"seat {p + 1} has pressed claim; its dice are frozen")
        return seat

    @staticmethod
    def _dice_at(seat: dict, t_us: int) -> tuple[list[int] | None, bool, list[list], int]:
        """The seat's dice as they stood at ``t_us`` (RG-7: a claim freezes
        the last reading at or before its stamp).

        Returns:
            ``(dice, still_rolling, later, refund)``: the values (None before
            the first reading), whether a reroll was waiting for its reading,
            the log entries stamped after ``t_us`` (to undo) and how many
            Stop rerolls those entries used.
        """
        log = seat.get("dice_log", [])
        later = [e for e in log if e[0] > t_us]
        if not later:
            return seat["dice"], seat["dice_pending"], [], 0
        dice, rolling = None, True   # a round starts with the dice requested
        for when, values, _ in log:
            if when > t_us:
                break
            if values is None:
                rolling = True
            else:
                dice, rolling = list(values), False
        return dice, rolling, later, sum(e[2] for e in later)

    def _on_dice(self, action: dict) -> list[dict]:
        s = self.s
        p = action["player"]
        seat = self._roll_seat(p)
        values = action.get("values")
        n = self.dice_count(p)
        if not isinstance(values, list) or len(values) != n:
            raise IllegalAction(f"seat {p + 1} rolls {n} dice, got {values!r}")
        if any(isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6 for v in values):
            raise IllegalAction(f"dice values must be 1..6, got {values!r}")
        counted = 0
        if s["phase"] == "stop" and not seat["dice_pending"]:
            if s["rerolls_left"] <= 0:
                raise IllegalAction(f"seat {p + 1} has no reroll left; claim a card")
            s["rerolls_left"] -= 1
            counted = 1
        seat.setdefault("dice_log", []).append([action["t_us"], list(values), counted])
        seat["dice"] = list(values)
        seat["dice_pending"] = False
        if s["roll_start"] is None:
            s["roll_start"] = action["t_us"]
        return [{"type": "dice", "player": p, "values": list(values),
                 "text": f"Seat {p + 1} rolled {' '.join(map(str, values))}"}]

    def _on_reroll(self, action: dict) -> list[dict]:
        s = self.s
        p = action["player"]
        seat = self._roll_seat(p)
        if seat["dice_pending"] or seat["dice"] is None:
            raise IllegalAction(f"seat {p + 1}'s dice are already rolling")
        counted = 0
        if s["phase"] == "stop":
            if s["rerolls_left"] <= 0:
                raise IllegalAction(f"seat {p + 1} has no reroll left; claim a card")
            s["rerolls_left"] -= 1
            counted = 1
        seat.setdefault("dice_log", []).append([action["t_us"], None, counted])
        seat["dice_pending"] = True
        return [{"type": "reroll", "player": p, "text": f"Seat {p + 1} rerolls"}]

    def _on_claim(self, action: dict) -> list[dict]:
        s = self.s
        p = action["player"]
        seat = self._roll_seat(p)
        dice, rolling, later, refund = self._dice_at(seat, action["t_us"])
        if dice is None or rolling:
            raise IllegalAction(f"seat {p + 1}'s dice are still rolling; claim when they settle")
        cid = action.get("card")
        if isinstance(cid, bool) or not isinstance(cid, str) or cid not in s["face_up"]:
            owner = [q for q, o in enumerate(s["seats"]) if o["claim"] == cid]
            if owner:
                raise IllegalAction(f"card {cid} is already claimed by seat {owner[0] + 1}")
            raise IllegalAction(f"card {cid!r} is not face up")
        events = []
        if later:   # RG-7: readings and rerolls stamped after the claim do not count
            seat["dice"], seat["dice_pending"] = dice, False
            seat["dice_log"] = [e for e in seat["dice_log"] if e[0] <= action["t_us"]]
            s["rerolls_left"] += refund
            events.append({"type": "dice_frozen", "player": p, "values": list(dice),
                           "text": (f"Seat {p + 1}'s dice frozen at the claim: {' '.join(map(str, dice))} "
                                    f"(later rolls do not count)")})
        if self.solo or s["phase"] == "stop":
            return events + self._win(p, cid, action["t_us"], tie=False) + self._after_claims()
        s["pending"].append([p, cid, action["t_us"]])
        return events + [{"type": "claim_pressed", "player": p, "card": cid,
                 "text": f"Seat {p + 1} grabs {self._card(cid).describe()}"}]

    def _win(self, p: int, cid: str, t: int, tie: bool) -> list[dict]:
        s = self.s
        seat = s["seats"][p]
        s["face_up"].remove(cid)
        seat["claim"], seat["claim_t"] = cid, t
        s["claim_order"].append(p)
        text = f"Seat {p + 1} claims {self._card(cid).describe()}" + (" (tie: coin flip)" if tie else "")
        return [{"type": "claim", "player": p, "card": cid, "tie": tie, "text": text}]

    def _settle(self, now: int) -> list[dict]:
        """Settle matured claims: earliest wins, ties by coin flip (CAB-4)."""
        s = self.s
        tie_us = self.options["tie_us"]
        events = []
        while True:
            ripe = sorted((c for c in s["pending"] if self._claim_ripe_at(c[2]) <= now), key=lambda c: (c[2], c[0]))
            if not ripe:
                break
            p, cid, t = ripe[0]
            if cid not in s["face_up"]:
                s["pending"].remove(ripe[0])
                events.append({"type": "claim_lost", "player": p, "card": cid,
                               "text": f"Seat {p + 1} was too late for {cid}"})
                continue
            tied = sorted((c for c in s["pending"] if c[1] == cid and c[2] - t < tie_us), key=lambda c: c[0])
            winner = tied[0] if len(tied) == 1 else self.rng.choice(tied)
            for c in tied:
                s["pending"].remove(c)
            events += self._win(winner[0], cid, winner[2], tie=len(tied) > 1)
            for c in tied:
                if c is not winner:
                    events.append({"type": "claim_lost", "player": c[0], "card": cid,
                                   "text": f"Seat {c[0] + 1} loses the tie for {cid} (coin flip)"})
        return events + self._after_claims()

    def _after_claims(self) -> list[dict]:
        s = self.s
        unclaimed = [p for p, seat in enumerate(s["seats"]) if seat["claim"] is None]
        if not unclaimed:
            return self._start_blasting()
        if (s["phase"] == "roll" and not self.solo and len(unclaimed) == 1 and not s["pending"]):
            p = unclaimed[0]
            s["phase"], s["stop_seat"] = "stop", p
            s["rerolls_left"] = STOP_REROLLS * (1 + blast.power_count(s["seats"][p], "Rolypoly"))
            return [{"type": "stop", "player": p,
                     "text": f"Stop! Seat {p + 1} gets {plural(s['rerolls_left'], 'reroll')}, then claims"}]
        return []

    def _solo_timer(self) -> list[dict]:
        """RG-10: the hidden timer ran out before the claim."""
        s = self.s
        s["timer_fired"] = True
        rolled = [self.rng.randint(1, 6) for _ in range(2)]
        gone = [c for c in s["face_up"] if set(self._card(c).colours) & set(rolled)]
        s["face_up"] = [c for c in s["face_up"] if c not in gone]
        s["discard"].extend(gone)
        names = " and ".join(colour_of(v) for v in rolled)
        events = [{"type": "timer", "values": rolled,
                   "text": f"Time! The box dice show {names}: {plural(len(gone), 'card')} discarded"}]
        if not s["face_up"]:
            cid = s["setup_discard"].pop(0)
            s["face_up"].append(cid)
            events.append({"type": "flip", "card": cid,
                           "text": f"All cards eliminated: {self._card(cid).describe()} flipped from the box"})
        s["phase"], s["stop_seat"] = "stop", 0
        s["rerolls_left"] = STOP_REROLLS * (1 + blast.power_count(s["seats"][0], "Rolypoly"))
        events.append({"type": "stop", "player": 0,
                       "text": f"{plural(s['rerolls_left'], 'more reroll')}, then claim a card"})
        return events
