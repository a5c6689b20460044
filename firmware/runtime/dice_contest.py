"""Contesting a reading (issue 21, ruling CAB-6): a settled reading of a
seat a person plays is held for its check; a short press (or the window
running out) accepts it, a long press rejects it (the same dice nudged
for a new reading, then hand entry); the screens' view of that flow; the simulated bots' checks; the
counts rebuilt from a journal on resume.

:class:`ContestChecks` is mixed into :class:`firmware.runtime.dice_station.DiceStation`;
it uses the station's state (``held``, ``contests``, ``rejected``,
``entries``, ``last_rejected``, ``late_ok``, ``unanswered``, ``serving``, ``stats``,
``table``) and its ``_answer``, ``key_of`` and ``_start_entry``.
"""
from __future__ import annotations

from typing import Any

from firmware.rulings import ACCEPTED_WORDS, LATE_OK_US
from firmware.runtime.dice_table import COMMON

#: How long a settled reading is held for the seat to check, ms (config
#: ``vision.contest_ms``; 0 = readings go straight to the game): a person
#: looks down, compares up to five dice with its tray (a look or two each)
#: and starts its press in that time (the play-test of Ginza: 1.5 s was
#: over before a seat could).
CONTEST_MS = 4000
#: Rejections of one request before the seat enters the values by hand.
CONTESTS_BEFORE_ENTRY = 2


class ContestChecks:
    """The seat's check of a held reading, and who may make it."""

    @staticmethod
    def _contesters(runtime: Any, key: int) -> set[int]:
        """Seats that may contest tray ``key``'s reading: its seat if a
        person plays it; for the common tray every seat a person plays.
        Bots never contest."""
        bots = set(getattr(runtime, "bots", ()) or ())
        seats = range(runtime.game.num_players)
        if key == COMMON:
            return {s for s in seats if s not in bots}
        return {key} - bots

    @staticmethod
    def _bot_checker(runtime: Any, key: int) -> int | None:
        """The bot seat that checks tray ``key`` (its own seat; the first
        bot for the common tray), or None."""
        bots = sorted(getattr(runtime, "bots", ()) or ())
        if key == COMMON:
            return bots[0] if bots else None
        return key if key in bots else None

    def bot_checks(self) -> list[tuple[int, int, str]]:
        """What the simulated bots do about the readings they check, once
        each: ``(seat, tray key, "reject" | "enter")``; the runtime turns
        them into the bot's button presses and navigation."""
        out = []
        for key, h in self.held.items():
            if h.get("checker") is not None and not h.get("told"):
                h["told"] = True
                out.append((h["checker"], key, "reject"))
        for key, e in self.entries.items():
            if e.get("bot") and not e.get("told"):
                e["told"] = True
                out.append((e["seat"], key, "enter"))
        return out

    def tray_of(self, seat: int, bots: Any = ()) -> int | None:
        """The tray whose reading ``seat``'s big button acts on now: the
        hand entry it makes, else its own held reading, else a held common
        reading (not for a seat in ``bots``: bots never contest, nor
        while the seat's own dice are read again after a nudge); None
        when no reading waits for the seat."""
        for key, e in self.entries.items():
            if e["seat"] == seat:
                return key
        if seat in self.held:
            return seat
        if seat in self.rereading():    # its own dice are read again: the common check waits (PT30)
            return None
        if COMMON in self.held and (seat not in bots or self.held[COMMON].get("checker") == seat):
            return COMMON
        return None

    def late_tray(self, seat: int, t_us: int, bots: Any = ()) -> int | None:
        """The tray whose check ``seat``'s press at ``t_us`` still answers
        although its window ran out a moment ago (:data:`LATE_OK_US`): its
        own tray, else the common one; None if none, and always for a seat
        in ``bots`` (a bot presses what it means)."""
        if seat in bots:
            return None
        for key in (seat, COMMON):
            if t_us < self.late_ok.get(key, -1):
                return key
        return None

    def button_down(self, key: int) -> None:
        """The seat pressed its button on held reading ``key``: the window
        does not run out while the button is down."""
        if key in self.held:
            self.held[key]["down"] = True

    def held_for(self, paused_at: int, paused_us: int) -> None:
        """The game was held (paused, or the Esc question asked) from
        ``paused_at`` for ``paused_us``: a check's window still open then
        is moved on by that span (ruling CAB-6: the seat had the paused
        screen before it, not its dice; issue 34: a check ran out under the
        Esc question), as is a late press's grace; a bot's reject called
        off by the hold is made again."""
        for h in self.held.values():
            if h["until"] > paused_at:
                h["until"] += paused_us
            if h.get("checker") is not None and not h["down"]:
                h["told"] = False         # its press not yet made was called off (it rejects anew)
        self.late_ok = {k: v + paused_us if v > paused_at else v for k, v in self.late_ok.items()}

    def _accept_ran_out(self, runtime: Any, t_us: int, answers: list) -> None:
        """Accept the held readings whose window ran out by ``t_us`` (their
        button not down): nobody objected in time.  Their answers join
        ``answers``; a press a moment late (:data:`LATE_OK_US`) still
        means "ok", and a person's seat is told its check ended (and its
        next press answers it: :attr:`unanswered`, ruling CAB-6).  A
        common reading hidden behind the seats' own checks does not run
        (:meth:`_hidden`): its window starts when an OLED shows it."""
        for key, h in self.held.items():
            if self._hidden(runtime, key):
                h["until"] = t_us + h["window"]
        pause = getattr(runtime, "pause", None)
        holding = pause.holding_since() if pause is not None else None
        for key in [k for k, h in self.held.items() if not h["down"] and t_us >= h["until"]
                    and (holding is None or h["until"] <= holding)]:   # due in a pause hold: waits (CAB-8)
            seen = self._seen_by(runtime, key)                   # (before the reading leaves)
            answers.append(self.accept(key, runtime, t_us))      # nobody objected in time
            self.late_ok[key] = t_us + LATE_OK_US                # a press a moment late is still "ok"
            for seat in seen:                                    # the seat sees its check ended (issue 34)
                self.unanswered[seat] = (key, t_us)              # and its next press answers it
                runtime.say(seat, ACCEPTED_WORDS, t_us + LATE_OK_US)

    def _seen_by(self, runtime: Any, key: int) -> list[int]:
        """The people's seats whose OLED shows held reading ``key``'s check
        now: its own seat; for the common dice each person's seat that
        shows no reading of its own (issue 34, play-test of Ginza seed 11:
        the common check ran out unsaid and the seat's next press armed
        the bonus card that had replaced it)."""
        people = sorted(self._contesters(runtime, key))
        if key != COMMON:
            return people
        own = self.own_first()
        return [s for s in people if s not in own]

    def _hidden(self, runtime: Any, key: int) -> bool:
        """True while held reading ``key`` is on no OLED: the common
        reading of people's seats that each show a reading of their own
        (held, rejected, entered by hand or being read again after a
        nudge: their OLED shows that one first,
        :func:`firmware.screens.readings.reading_for`)."""
        if key != COMMON or self.held[key].get("checker") is not None:
            return False
        own = self.own_first()
        people = self._contesters(runtime, key)
        return bool(people) and people <= own

    def accept(self, key: int, runtime: Any, t_us: int) -> dict[str, Any]:
        """Accept held reading ``key`` (a short press, or the window ran
        out): the answer for the game, stamped with its settle time (or
        the game's clock if later).

        Raises:
            KeyError: no reading of ``key`` is held.
        """
        held = self.held.pop(key)
        return self._answer(key, held["action"], held["frame_t"], runtime, held.get("wrong", 0))

    def reject(self, key: int, seat: int, t_us: int) -> dict[str, Any]:
        """``seat`` rejects held reading ``key`` at ``t_us`` (a long press):
        the values never reach the game; the seat is asked to straighten
        its dice where they lie (the same faces up) for a new reading, never
        to reroll them (the simulated table nudges them: same values, new
        places), or after :data:`CONTESTS_BEFORE_ENTRY` rejections to enter
        the values by hand.

        Returns:
            The journal note of the rejection (``{"note": "contest", ...}``).

        Raises:
            KeyError: no reading of ``key`` is held.
        """
        held = self.held.pop(key)
        req = self.serving[key]
        n = self.contests[key] = self.contests.get(key, 0) + 1
        self.stats.contested += 1
        self.last_rejected[key] = list(held["values"])
        looks = self.looks_of(key)
        if looks is not None:       # a value carried for a die at rest may be what was wrong
            looks.forget_known(self.last_dice.get(key) or None)
        # (the journal says what the OLED says: "nudge", same faces up; journals before 2026-12-06 say "reroll")
        then = "entry" if n >= CONTESTS_BEFORE_ENTRY else "nudge"
        if then == "entry":
            self._start_entry(key, seat, held["values"])
            self.entries[key]["bot"] = held.get("checker") == seat
        else:
            self.stats.contest_rerolls += 1
            self.rejected[key] = seat
            if self.table is not None:
                # the simulated seat straightens its dice where they lie, as a person at the cabinet
                # does: the same faces up, new places, read again; no throw (PT29: a reroll here,
                # kept dice and all, was a free reroll at Stop for anyone who said "wrong")
                self.table.nudge(key, t_us)
            # the new reading keeps each die in the place the seat saw it (PT28's rule for a nudge)
            self.unread_seen[key] = list(held["values"])
            self.next_frame_us = min(self.next_frame_us if self.next_frame_us is not None else t_us, t_us)
        return {"note": "contest", "player": req.get("player"), "by": seat, "values": list(held["values"]),
                "t_us": int(t_us), "then": then}

    def reading_states(self, t_us: int) -> dict[int, dict[str, Any]]:
        """What the screens show of the contest flow, per tray key (seat,
        or :data:`COMMON`): ``state`` ``"check"`` (a held reading:
        ``values``, ``left_ms``, ``window_ms``, ``contests`` so far and
        their ``limit`` before hand entry), ``"rejected"`` (reroll
        asked: ``by``, ``contests``) or ``"entry"`` (hand entry:
        ``values``, ``cursor``, ``by``)."""
        out: dict[int, dict[str, Any]] = {}
        for key in self.rejected:
            out[key] = {"state": "rejected", "by": self.rejected[key], "contests": self.contests.get(key, 0),
                        "limit": CONTESTS_BEFORE_ENTRY}
        for key, h in self.held.items():
            out[key] = {"state": "check", "values": list(h["values"]), "window_ms": h["window"] // 1000,
                        "left_ms": max(0, (h["until"] - t_us) // 1000), "down": h["down"],
                        "contests": self.contests.get(key, 0), "limit": CONTESTS_BEFORE_ENTRY}
        for key, e in self.entries.items():
            out[key] = {"state": "entry", "values": list(e["values"]), "cursor": e["cursor"], "by": e["seat"]}
        return out

    def restore(self, lines: list[dict[str, Any]]) -> None:
        """Rebuild the contest counts from a journal's lines in order
        (actions and notes, :meth:`JournalContents.lines`): the game's
        totals, and for requests still open the rejections so far (a
        request rejected :data:`CONTESTS_BEFORE_ENTRY` times goes on with
        hand entry)."""
        for line in lines:
            if "note" not in line:
                if line.get("type") == "dice":
                    key = self.key_of(line)
                    self.contests.pop(key, None)
                    self.last_rejected.pop(key, None)
                continue
            key = self.key_of(line)
            if line["note"] == "contest":
                self.stats.contested += 1
                self.contests[key] = self.contests.get(key, 0) + 1
                self.last_rejected[key] = list(line.get("values") or [])
                if line.get("then") in ("nudge", "reroll"):
                    self.stats.contest_rerolls += 1
            elif line["note"] == "entered":
                self.stats.hand_entries += 1
