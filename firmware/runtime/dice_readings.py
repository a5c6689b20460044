"""From readings to answers: a frame's reading of the served trays is fed
to the settle trackers, and a settled reading becomes the game's answer, a
reading held for its seat's check (ruling CAB-6), a nudge or a reroll
(CAB-5: never guess), or the camera's confirmation of turned dice (GR-7).

:class:`ReadingAnswers` is mixed into :class:`firmware.runtime.dice_station.DiceStation`;
it uses the station's request state (``serving``, ``held``, ``entries``,
``attempts``, ``trackers``, ``stats``, ``table``) and its answer
(``_answer``), contest (``_contesters``, ``_bot_checker``) and hand-entry
(``_start_entry``, ``_entry_seat``) parts.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from engines.words import plural
from vision.tracker import AtRestTracker

from firmware.rulings import ACCEPTED_WORDS, LATE_OK_US, READ_LATE_WORDS, ROLLING_WORDS, check_window_us
from firmware.runtime.by_hand import BY_HAND
from firmware.runtime.dice_stats import overlap
from firmware.runtime.dice_table import COMMON

#: Failed readings of one request before the seat is asked to reroll.
NUDGES_BEFORE_REROLL = 3
#: Failed readings before the seat enters the values with its buttons.
ENTRY_AFTER = 12
#: How long the simulator's words for dice it nudged or rerolled for a
#: seat stay on its OLED, us (the next reading may be good a moment later:
#: "nudge 1 unread die" stood there ~0.5 s, too short to read; play-test).
SIM_NUDGE_SHOWN_US = 1_500_000
#: What the check's top bar says for as long when the dice are read again
#: after a rejection (CAB-6; PT31: "die nudged for you" stood there though
#: all six dice had been read again).
REREAD_WORDS = "dice read again"
#: The simulator's words on a seat's OLED when it entered the seat's dice
#: (the true values) where a person would enter them by hand (CAB-5, CAB-17; PT51).
ENTERED_WORDS = "dice entered for you"


#: The simulator's words for the common dice it nudged or rerolled (:func:`_sim_words`).
COMMON_SIM_WORDS = ("common die nudged", "common dice nudged", "common dice rerolled", "common die rerolled")


def asks_nudge(words: str) -> bool:
    """True for an OLED prompt about unread dice (:meth:`ReadingAnswers._nudge`):
    "nudge 1 unread die", "2 dice seen, 3 wanted", "reroll your dice", or
    the simulator's "die nudged for you", "dice nudged for you",
    "rerolled for you", "common die nudged"... (:func:`_sim_words`)."""
    return words.startswith(("nudge", "reroll your dice", "reroll the ")) or " seen, " in words \
        or words in ("die nudged for you", "dice nudged for you", "rerolled for you", "die rerolled for you",
                     "dice rerolled for you", *COMMON_SIM_WORDS)


class ReadingAnswers:
    """What a settled reading becomes (:meth:`_on_reading`, then
    :meth:`_settled`)."""

    def _on_reading(self, runtime: Any, readings: tuple[int, dict[int, list]], answers: list) -> None:
        """Feed one frame's reading ``(frame t_us, {tray key: dice})`` to
        the settle trackers; a settled reading becomes an answer (appended
        to ``answers``), a held reading, a nudge or a reroll.  Trays no
        longer awaited (answered, held or entered by hand since the frame
        was taken) are left out."""
        frame_t, by_key = readings
        by_key = {k: d for k, d in by_key.items()
                  if k in self.serving and k not in self.held and k not in self.entries}
        self.last_dice.update(by_key)
        if self.watch is not None:      # rest judged from the frames (issue 36): the reading joins its run
            for key, dice in by_key.items():
                self.watch.reading(key, frame_t, dice)
            for key in by_key:
                got = self.watch.settled(key)
                if got is not None:
                    self._settled(runtime, key, got[1], got[0], answers)
            return
        events = []
        for key, dice in by_key.items():
            tracker = self.trackers.setdefault(key, AtRestTracker([key], settle_ms=self.settle_ms))
            events.extend(tracker.update(frame_t, {key: dice}))
        for ev in events:
            if ev["type"] == "settled":
                self._settled(runtime, ev["seat"], ev["values"], frame_t, answers)

    def _settled(self, runtime: Any, key: int, values: list, frame_t: int, answers: list) -> None:
        """Tray ``key``'s dice lie still, read as ``values`` (None: a die
        unread) in the frame taken at ``frame_t``, us: the camera's check
        of turned dice (:meth:`_turned`), a full reading taken
        (:meth:`_take`), or a short or unread one (:meth:`_unreadable`).
        A tray no longer served is left alone."""
        req = self.serving.get(key)
        if req is None:
            return
        if self.table is not None and self.table.trays[key].first_look:
            self.table.trays[key].first_look = False
            self.stats.first_look(self.table.trays[key].values, values)
            self._first_t.setdefault(key, frame_t)
        count = int(req.get("count", 1))
        if req.get("type") == "confirm":
            self._turned(runtime, key, req, values, frame_t, answers)
            return
        entered = False
        if len(values) != count or any(v is None for v in values):
            values = self._unreadable(runtime, key, req, values, frame_t)
            if values is None:
                return
            entered = True
        self._take(runtime, key, req, values, frame_t, entered, answers)

    def _turned(self, runtime: Any, key: int, req: dict[str, Any], values: list, frame_t: int,
                answers: list) -> None:
        """Ruling GR-7: the camera checks dice the seat turned by hand.  The
        values expected answer ``{"type": "confirmed", "player": seat}``;
        anything else tells the seat what to turn them to (the simulated
        seat turns them)."""
        if None not in values and sorted(values) == req["expect"]:
            answers.append({"type": "confirmed", "player": req["player"]})
            del self.serving[key]
            self._first_t.pop(key, None)   # a turned die's check is no roll: the next wait starts anew
            self.trackers.pop(key, None)
            if self.watch is not None:
                self.watch.forget(key)
            if self.table is not None:
                self.table.clear(key)
        else:
            runtime.prompts[key] = "turn dice to " + " ".join(map(str, req["expect"]))
            if self.table is not None:
                self.table.throw(key, req["expect"], req.get("colour"), frame_t)

    def _unreadable(self, runtime: Any, key: int, req: dict[str, Any], values: list,
                    frame_t: int) -> list[int] | None:
        """CAB-5: never guess.  A reading of tray ``key`` with a die unread
        or the wrong count is one more failed attempt: the seat nudges
        (:meth:`_nudge`), after :data:`NUDGES_BEFORE_REROLL` attempts
        rerolls; after :data:`ENTRY_AFTER`, the seat enters the values with
        its buttons (a person at the cabinet: the hand entry of CAB-6; the
        simulated seat enters the true values).  Dice read again after a
        rejection are entered where a reroll would be asked (ruling CAB-17).

        Returns:
            The values the simulated seat entered, else None (the reading
            gives no answer).
        """
        count = int(req.get("count", 1))
        self.attempts[key] = self.attempts.get(key, 0) + 1
        n = self.attempts[key]
        # dice a seat said were read wrong, read again: where a reroll would be asked, they are entered
        # by hand (ruling CAB-17: never a free reroll after a rejection; PT29, PT50)
        due = n >= ENTRY_AFTER or (key in self.rejected and n % NUDGES_BEFORE_REROLL == 0)
        if due and (self.table is None or key in self.rejected) and self.contest_us > 0 \
                and self._contesters(runtime, key):
            # a person at the cabinet's seat: the hand entry of CAB-6, from what was read; in the simulator
            # too after the person said "wrong" (PT51, PT52: values it never entered went in "by hand")
            # in the places the seat saw its dice, a die not seen or not read a "?" (CAB-5, CAB-6; PT66: the
            # dice read again stood in the camera's order, a die not seen made a 1)
            seen = self.unread_seen.get(key) or self.keep_places.get(key)
            self._start_entry(key, self._entry_seat(runtime, key), in_seen_places(seen, list(values), short=True))
            runtime.prompts.pop(key if key != COMMON else 0, None)
            self.unread_seen.pop(key, None)
            return None
        if self.table is not None and due:
            self.stats.entered_by_hand("common dice" if key == COMMON else f"seat {key + 1}", count)
            if key in self.rejected:      # the contest's hand entry (CAB-17), done for the seat
                self.stats.hand_entries += 1
            self.unread_seen.pop(key, None)
            if key != COMMON:     # said on its OLED over the values it never entered (PT51)
                self.notes[key] = (ENTERED_WORDS, max(frame_t, self._cabinet_now, self._poll_us) + SIM_NUDGE_SHOWN_US)
            return list(self.table.trays[key].values)
        self._nudge(runtime, key, req, values, n, frame_t)
        return None

    def _nudge(self, runtime: Any, key: int, req: dict[str, Any], values: list, n: int, frame_t: int) -> None:
        """The ``n``-th failed reading of tray ``key``: its seat's OLED asks
        to nudge the unread dice (or says how many were seen), every
        :data:`NUDGES_BEFORE_REROLL`-th time to reroll them; the simulated
        seat does so at ``frame_t``, and its OLED says so in a player's
        words ("die nudged for you") for :data:`SIM_NUDGE_SHOWN_US`
        (:attr:`notes`), however soon the next reading is good.  The
        reading so far stays for the OLED (:attr:`unread_seen`: the dice
        read, the unread ones as None) until the dice are rerolled or
        read."""
        count = int(req.get("count", 1))
        self.stats.nudges += 1
        seat = key if key != COMMON else 0
        self.nudged[seat] = self.nudged.get(seat, 0) + 1
        unreadable = sum(v is None for v in values)
        # never after a rejection: the dice the seat said were read wrong are straightened, same faces up,
        # and nudged, never thrown again (CAB-6, PT29; PT50: a die rerolled so came back a 6 from a 2)
        reroll = n % NUDGES_BEFORE_REROLL == 0 and key not in self.rejected
        # CAB-5 "nudge or reroll it" (ruling CAB-17): the dice unread, when every die was seen (PT49: the die read
        # as the 3 the seat needed was thrown again with the unread one); a die not seen: all of them
        only = unreadable if reroll and len(values) == count else 0
        msg = (f"nudge {plural(unreadable, 'unread die', 'unread dice')}" if unreadable
               else f"{plural(len(values), 'die', 'dice')} seen, {count} wanted")
        if reroll:
            msg = reroll_words(only, common=key == COMMON)
        elif key == COMMON:             # nobody's own dice: said so (PT30)
            msg = msg.replace("unread di", "unread common di") if unreadable else f"common dice: {msg}"
        if self.table is not None:      # nudged (or rerolled) at once for the seat: said so, long enough to read
            # (after a rejection every die was nudged: "dice nudged for you", PT31)
            msg = _sim_words(max(unreadable, 2 if key in self.rejected else 0), len(values), count, reroll,
                             common=key == COMMON, only=only)
            if key != COMMON:     # the table's own doing on the common dice: the HDMI shows it, no seat's OLED
                self.notes[seat] = (msg, max(frame_t, self._cabinet_now, self._poll_us) + SIM_NUDGE_SHOWN_US)
        if reroll and not only:
            self.unread_seen.pop(key, None)
        else:      # (the places the seat saw its dice in stay theirs: a rejection's, PT31)
            # (a die not seen keeps its place as a "?": PT66, the places were lost to a short reading)
            self.unread_seen[key] = in_seen_places(self.unread_seen.get(key) or self.keep_places.get(key),
                                                   list(values), short=True)
        if key != COMMON or self.table is None:     # (PT30: "common dice nudged" over "roll your dice")
            runtime.prompts[seat] = msg
        self.nudge_said[key] = msg
        runtime.dirty = True      # the OLED, and the nudge's sound, at once (headless too)
        if self.table is not None:
            self._sim_nudge(key, req, frame_t, reroll, only)

    def _sim_nudge(self, key: int, req: dict[str, Any], frame_t: int, reroll: bool, only: int) -> None:
        """The simulated seat nudges tray ``key``'s unread dice at
        ``frame_t`` (a die not seen: all of them), or rerolls the ``only``
        dice unread (0: every die it did not keep, CAB-5); the tray's
        readings then settle anew, wherever the dice landed."""
        count = int(req.get("count", 1))
        # a hand moved the dice: their rest is judged anew (stop 72: a die nudged to within the tracker's
        # 4 px of where it lay read as before, the tracker saw no motion and never settled again)
        self.trackers.pop(key, None)
        seen = self.last_dice.get(key, [])
        unread = [d.center if self.camera is None else self.table.in_tray(key, d.center)
                  for d in seen if d.value is None]     # (a camera reads the whole table)
        if not reroll:      # the unread dice where the camera saw them ("?" on the screens); a die not seen: all
            self.table.nudge(key, frame_t, unread if len(seen) == count and unread else None)
            return
        self.stats.rerolls += 1
        if only and len(seen) == count and len(unread) == only:
            self.table.reroll(key, int(req.get("faces", 6)), frame_t, unread)
        else:
            self.table.roll(key, count, int(req.get("faces", 6)), req.get("colour"), frame_t,
                            self.kept.get(key, [])[:count])    # the dice it kept stay

    def _take(self, runtime: Any, key: int, req: dict[str, Any], values: list[int], frame_t: int, entered: bool,
              answers: list) -> None:
        """A full reading of tray ``key`` (or the values the simulated seat
        ``entered``): counted (misread dice, simulation), then held for its
        seat's check (CAB-6: a person checks the reading before the game
        gets it, for ``contest_ms`` and 0.5 s a die over two
        (:func:`~firmware.rulings.check_window_us`) from when it is shown, the cabinet's
        clock now, not from the settle frame; a simulated bot seat sees its
        own dice and checks a reading only when the camera misread it), or
        answered."""
        count = int(req.get("count", 1))
        # after a nudge the dice where they were; after a reroll the kept dice where they lay (PT32)
        values = in_seen_places(self.unread_seen.get(key) or self.keep_places.get(key), values)
        wrong = 0
        if not entered:
            if self.table is not None:
                truth = list(self.table.trays[key].values)
                wrong = count - overlap(truth, values)
                self.stats.misread += wrong
            self.stats.dice_read += count
        self.given_by[key] = self.given_by.get(key, 0) + count     # whose dice (the captions, PT51)
        action = {k: v for k, v in req.items() if k not in ("count", "faces")}
        action["values"] = [int(v) for v in values]
        if entered:                 # the simulated seat entered them: the moves say so (PT30)
            action[BY_HAND] = True
        self.stats.nudge_wait_us += frame_t - self._first_t.pop(key, frame_t)
        self.attempts.pop(key, None)
        if self.rejected.pop(key, None) is not None:      # the rejection's new look: said so (PT31),
            seat = key if key != COMMON else 0              # on its check for as long as a nudge's words
            words = self.notes.get(seat, (REREAD_WORDS, 0))[0]     # ("dice nudged for you" if nudged again)
            self.notes[seat] = (words, max(frame_t, self._cabinet_now, self._poll_us) + SIM_NUDGE_SHOWN_US)
        self.unread_seen.pop(key, None)
        self.nudge_said.pop(key, None)
        if not entered and self.contest_us > 0:
            people = self._contesters(runtime, key)
            checker = None if people else self._bot_checker(runtime, key) if wrong else None
            if people or checker is not None:
                window = check_window_us(self.contest_us // 1000, len(action["values"]))   # CAB-6: more dice, more time
                self.held[key] = {"action": action, "values": list(action["values"]), "frame_t": frame_t,
                                  "until": max(frame_t, self._cabinet_now) + window, "window": window,
                                  "down": False, "checker": checker, "wrong": wrong}
                seat = key if key != COMMON else 0
                if runtime.prompts.get(seat) != ROLLING_WORDS:   # a press while rolling is told on the check
                    runtime.prompts.pop(seat, None)
                return
        nudged = self._nudged_seat(runtime, key)
        answers.append(self._answer(key, action, frame_t, runtime, wrong))
        if nudged is not None:          # its OLED asked for a nudge: its next press answers these dice
            self.unanswered[nudged] = (key, max(frame_t, self._cabinet_now), READ_LATE_WORDS)
            runtime.say(nudged, ACCEPTED_WORDS, max(frame_t, self._cabinet_now) + LATE_OK_US)

    def _know_taken(self, key: int, values: Any) -> None:
        """The game took ``values`` for tray ``key``: the dice of its last
        reading are known by them (:meth:`vision.multilook.MultiLook.know`),
        so a die that lies on as it lay (a reroll's kept die) keeps its
        value at later readings (issue 40: a kept die read, corrected or
        entered by hand once is not nudged, or misread, again at every
        reroll; ruling CAB-16).  A die whose value the reading gave, and the values taken
        hold as many of, is known by it; the others (unread, or of a value
        the reading gave more often than the values taken hold: a misread
        the seat corrected) take what is left of the values taken when that
        is plain (one value), else stay unknown."""
        dice = self.last_dice.get(key)
        looks = self.looks_of(key)
        if not dice or looks is None or not isinstance(values, list) or len(values) != len(dice):
            return
        taken = Counter(int(v) for v in values)
        read = Counter(d.value for d in dice if d.value is not None)
        sure = [d for d in dice if d.value is not None and read[d.value] <= taken[d.value]]
        left = taken - Counter(d.value for d in sure)
        other = [d for d in dice if not any(d is k for k in sure)]
        fill = next(iter(left)) if len(left) == 1 and sum(left.values()) == len(other) else None
        looks.know(sure + ([replace(d, value=fill) for d in other] if fill is not None else []))

    def _nudged_seat(self, runtime: Any, key: int) -> int | None:
        """The person's seat whose OLED asks now to nudge or reroll tray
        ``key``'s unread dice (:meth:`_nudge`), or None: when its dice go in
        without a check, its next press (meant as a nudge, or for the dice)
        answers them and chooses nothing (ruling CAB-6; issue 34, PT14)."""
        seat = key if key != COMMON else 0
        words = str(runtime.prompts.get(seat, ""))
        if not asks_nudge(words) or not hasattr(runtime, "say"):
            return None
        return seat if seat in self._contesters(runtime, key) else None


def reroll_words(only: int, common: bool = False) -> str:
    """What a seat is asked at the third failed reading (CAB-5: "reroll
    it"): "reroll the unread die", "reroll the 2 unread dice" (``only``
    dice unread, every die seen), or "reroll your dice" (0: a die not
    seen); the common dice (``common``) named so: "reroll the unread
    common die", "reroll the common dice" (PT30)."""
    what = "common die" if common else "die"
    if only == 1:
        return f"reroll the unread {what}"
    if only > 1:
        return f"reroll the {only} unread {what.replace('die', 'dice')}"
    return "reroll the common dice" if common else "reroll your dice"


def _sim_words(unreadable: int, seen: int, count: int, reroll: bool, common: bool = False, only: int = 0) -> str:
    """The simulator's words for dice it nudged or rerolled for a seat
    (CAB-5; the person cannot reach the simulated tray), one line of the
    OLED's top bar, saying it was done for the seat, so nobody has to do
    anything (PT28: "die unread: nudged" did not say): "die nudged for
    you", "dice nudged for you" (several unread, or dice missing), "die
    rerolled for you" / "dice rerolled for you" (the ``only`` dice
    unread), "rerolled for you" (every die not kept); the dice row shows
    the unread one as "?".  The common dice (``common``) are nobody's own:
    "common die nudged", "common dice nudged", "common die rerolled",
    "common dice rerolled" (PT30: which dice)."""
    if common:
        if reroll:
            return COMMON_SIM_WORDS[3] if only == 1 else COMMON_SIM_WORDS[2]
        return COMMON_SIM_WORDS[0 if unreadable == 1 else 1]
    if reroll:
        return ("die rerolled for you" if only == 1 else "dice rerolled for you") if only else "rerolled for you"
    return "die nudged for you" if unreadable == 1 else "dice nudged for you"


def in_seen_places(seen: list | None, values: list, short: bool = False) -> list:
    """``values``, a reading after a nudge (None for a die unread again),
    in the places the seat saw its dice before it (``seen``: the reading so
    far, None for an unread die, :attr:`ReadingAnswers.unread_seen`; after
    a rejection the reading rejected): each die read before keeps its
    place, the free places take the values left, in their order, and the
    places left over stay unread (PT28: "3 ? ? 6 2 4" became "3 4 6 3 6 2",
    the order the nudged dice landed in; the camera reads a tray in its own
    order; PT31: a rejected "5 5 1 2 4 4" with a die unread in its new look
    came back "1 4 4 5 5 2").  ``values`` unchanged when there was no
    reading so far or it had another count; with ``short``, a reading of
    fewer dice is put in them too, the places of the dice not seen left
    None (a hand entry's start, ruling CAB-6; PT66)."""
    if not seen or len(seen) != len(values) and not (short and len(values) < len(seen)):
        return values
    left = [v for v in values if v is not None]
    placed: list[int | None] = []
    for v in seen:
        if v is not None and v in left:
            left.remove(v)
            placed.append(v)
        else:
            placed.append(None)          # unread then (or read otherwise now): filled below
    fill = iter(left)
    return [v if v is not None else next(fill, None) for v in placed]
