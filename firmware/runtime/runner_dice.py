"""The runtime's dice glue: what the dice station answers is applied
(dice values, or the camera's confirmation of turned dice, GR-7); a seat's
big button answers the check of a held reading (ruling CAB-6: a short
press accepts, a long press rejects) and makes its hand entry; the seat's
words in passing about its check; a person's press too soon after its
check appeared only shows it (rulings CAB-6, CAB-12: the check is a new
choice).  The seats' target cards and the dice a reroll keeps are
:mod:`firmware.runtime.runner_targets`'s (its state is set up here).

:class:`RunnerDice` is mixed into :class:`firmware.runtime.runner.Runtime`;
it uses its ``dice`` (a :class:`firmware.runtime.dice_station.DiceStation`
or None), ``game``, ``prompts``, ``bots``, ``try_apply``, ``note``,
``controls``, ``now_us`` and ``seat_bot``.
"""
from __future__ import annotations

from typing import Any

from hardware.debounce import InputEvent

from firmware.rulings import (ACCEPTED_WORDS, CHECK_LOOK_WORDS, LATE_OK_US, LONG_PRESS_US, LOOK_FIRST_US,
                              READ_LATE_WORDS, ROLLING_SHOWN_US, ROLLING_WORDS, TOO_LATE_WORDS)
from firmware.runtime.dice_table import COMMON
from firmware.runtime.group_jump import GROUP_WORDS
from firmware.runtime.takeback import is_refusal
from firmware.screens.games import cabinet_game

#: The seat's words in passing (gone after a moment): about its dice check,
#: and a group jump of its cursor (:mod:`firmware.runtime.group_jump`).
PASSING = ("dice ok", ACCEPTED_WORDS, ROLLING_WORDS, GROUP_WORDS, CHECK_LOOK_WORDS, TOO_LATE_WORDS,
           READ_LATE_WORDS)
#: How long a press's "look first: check the dice" stays on the seat's OLED
#: at least (longer while the guard still runs), us: as CAB-12's words.
CHECK_LOOK_SHOWN_US = 1_000_000


class RunnerDice:
    """The dice station's answers and the seats' checks of readings."""

    def _init_dice(self, dice: Any) -> None:
        """The dice part's state: ``dice`` the station (or None: chance
        requests are left to the RandomBot, tests only)."""
        self.dice = dice
        #: seat -> (tray key, press time us) of a press on a reading to check
        self._contest_down: dict[int, tuple[int, int]] = {}
        #: seat -> when it last moved its cursor, us (a press after that is
        #: a choice, never a late "dice ok")
        self._moved_on: dict[int, int] = {}
        #: seat -> (tray key, settle frame of the reading, when its OLED first showed it, us):
        #: the dice check each person's seat sees (CAB-12: a new choice)
        self._check_seen: dict[int, tuple[int, int, int]] = {}
        #: people's seats whose button went down too soon on their check (its release is the check's)
        self._look_down: set[int] = set()
        #: (seat, when its check ran out unanswered, us) -> the game's (round, phase) then
        self._unanswered_phase: dict[tuple[int, int], tuple] = {}
        #: seat -> (round, when, us) of a check a new phase ended unanswered (Stop), until the seat's
        #: next press or cursor turn; then seat -> that press's time: held long, it meant "wrong" (PT31)
        self._phase_ended: dict[int, tuple[Any, int]] = {}
        self._press_after_check: dict[int, int] = {}
        #: (action count, (round, phase)) at the last look (the view is read only after an action)
        self._phase_seen: tuple[int, tuple] = (-1, ())
        #: seat -> when its passing prompt ("dice ok") goes, us
        self._prompt_until: dict[int, int] = {}
        #: seat -> what its OLED says of its press that answered dice gone in unanswered (the
        #: tray's own words: "too late: dice read" after a nudge), else "dice ok"
        self._late_words: dict[int, str] = {}
        #: seat -> (a refused take-back's words, until when, us): kept apart from the prompts, which
        #: a dice check, a "card taken" note or ACCEPTED_WORDS replace (issue 34, PT13: a refusal
        #: vanished under the dice check that followed); drawn over any frame (``said_why``)
        self.refusals: dict[int, tuple[str, int]] = {}
        #: seat -> Change Dice Rolls action waiting for the camera (GR-7)
        self.confirming: dict[int, dict[str, Any]] = {}
        #: dice are not read before this time (the 3-2-1 countdown), us
        self.hold_until_us = -1
        #: seat -> (round, card) its cursor last rested on (a person's
        #: target: a simulated reroll keeps the dice that fit it)
        self.targets: dict[int, tuple[int, str]] = {}
        #: seat -> (the direction of a person's walk of arrow steps, its target entry when the walk
        #: began): a walk ending on "reroll" keeps that target (RG-16, :mod:`~firmware.runtime.walk_back`)
        self._walks: dict[int, tuple[int, tuple[int, str] | None]] = {}
        #: seat -> (round, the armed choice's key, dice values): what a person's armed reroll keeps on
        #: the simulated table, fixed at its arming press (RG-16: the confirm keeps what the OLED said)
        self.armed_keeps: dict[int, tuple[Any, str, list[int]]] = {}
        #: seat -> what a person's armed reroll was armed on (:mod:`~firmware.runtime.armed_reroll`)
        self._armed_for: dict[int, tuple[str | None, tuple, str | None, str | None]] = {}
        self._disarm_said: dict[int, tuple[str, ...]] = {}

    def _drop_passing(self, t_us: int) -> None:
        """The words in passing (:data:`PASSING`, and a refused take-back's,
        :func:`~firmware.runtime.takeback.is_refusal`) whose moment is over
        by ``t_us`` leave the seats' OLEDs."""
        for seat, (words, until) in list(self.refusals.items()):
            if t_us >= until:
                del self.refusals[seat]
                self.dirty = True
        for seat, until in list(self._prompt_until.items()):
            if self.prompts.get(seat) == ACCEPTED_WORDS and seat in self.dice.unanswered:
                continue                   # until the seat answers, looks or has a new choice (CAB-6)
            gone = self.prompts.get(seat) == CHECK_LOOK_WORDS and self.dice.tray_of(seat, self.bots) is None
            if t_us >= until or gone:      # (a check's "look first" goes with the check)
                del self._prompt_until[seat]
                if self.prompts.get(seat) in PASSING or is_refusal(str(self.prompts.get(seat, ""))):
                    self.prompts.pop(seat)
                    self.dirty = True

    def _contest_input(self, ev: InputEvent) -> bool:
        """Ruling CAB-6: while a reading waits for the seat's check, its big
        button is the seat's answer: a short press accepts the reading, a
        press held :data:`~firmware.rulings.LONG_PRESS_US` or more
        rejects it (reroll, then hand entry); during hand entry a press
        moves to the next die (on "ok": confirms), a long press or the
        navigation push goes back.  Returns True if ``ev`` was used so."""
        seat = ev.seat
        if ev.input == "button" and ev.kind == "release" and seat in self._look_down:
            self._look_down.discard(seat)          # the release of a press that only showed the check
            self._held_past_look(seat, ev.t_us)
            return True
        if ev.input == "button" and ev.kind == "release":
            self._too_late_hold(seat, ev.t_us)
        self.see_checks(ev.t_us)
        key = self.dice.tray_of(seat, self.bots)
        if key is None:
            down = self._contest_down.pop(seat, None)
            if ev.input != "button":
                return False
            if ev.kind == "release":       # the release of a press the check took: the check's too
                return down is not None
            late = self._late_answer(seat, ev.t_us)
            if late is None:
                self._after_ended_check(seat, ev.t_us)
                return False       # (a seat that moved its cursor since chose what it presses)
            self._answer_late(seat, late, ev.t_us)
            return True
        if ev.input == "button" and ev.kind == "press" and key not in self.dice.entries \
                and self._check_too_soon(seat, key, ev.t_us):
            late = self._late_answer(seat, ev.t_us)
            if late is not None and late != key:
                # its own check ran out a moment ago and another (the common dice's) took its place on
                # the OLED, unseen: the press was meant for the check that ran out (PT50: a hold meant
                # as "wrong" to its own dice rejected the common dice nobody had looked at)
                self._answer_late(seat, late, ev.t_us)
                return True
        if ev.input == "nav_push" and ev.kind == "press" and key in self.dice.entries:
            self._entry_press(key, True, ev.t_us)
            return True
        if ev.input != "button":
            return False
        if ev.kind == "press":
            self.dice.unanswered.pop(seat, None)     # a check on its OLED now: an older one is over
        if ev.kind == "press" and key not in self.dice.entries and self._check_too_soon(seat, key, ev.t_us):
            self._look_down.add(seat)              # CAB-12: it only shows the check (accepts, rejects nothing)
            shown = self._check_seen.get(seat, (key, 0, ev.t_us))[2]
            if self._check_seen.get(seat, (None,))[0] == key:       # (on its OLED: the guard ends then)
                # a hold kept past the guard counts from its end (PT42): the window waits for it
                self._contest_down[seat] = (key, shown + LOOK_FIRST_US)
                self.dice.button_down(key)
            self.say(seat, CHECK_LOOK_WORDS, max(ev.t_us + CHECK_LOOK_SHOWN_US, shown + LOOK_FIRST_US))
            self.stats.ignored_inputs += 1
            return True
        if ev.kind == "press":
            self._contest_down[seat] = (key, ev.t_us)
            self.dice.button_down(key)
            self.dirty = True
            return True
        down = self._contest_down.pop(seat, None)
        if down is None or down[0] != key:
            if key in self.dice.held:             # a press that began elsewhere: the window goes on
                self.dice.held[key]["down"] = False
            return down is not None
        long = ev.t_us - down[1] >= LONG_PRESS_US
        if key in self.dice.entries:
            self._entry_press(key, long, ev.t_us)
        elif long:
            self.note(self.dice.reject(key, seat, ev.t_us))
        else:
            self._apply_dice(self.dice.accept(key, self, ev.t_us))
        self.dirty = True
        return True

    def _answer_late(self, seat: int, late: int, t_us: int) -> None:
        """``seat``'s press at ``t_us`` answers tray ``late``'s check, whose
        window ran out before it (ruling CAB-6): it meant "dice ok" (done),
        no choice; every press in the grace is "dice ok": a late double-tap
        neither arms nor rerolls (issue 34); held, "too late: accepted" at
        its release (:meth:`_too_late_hold`)."""
        self._contest_down[seat] = (late, t_us)
        words = self._late_words.pop(seat, "dice ok")      # ("too late: dice read" after a nudge)
        self.say(seat, words, t_us + LATE_OK_US)           # a word in passing: gone after a moment
        self._look_again(seat, t_us)

    def _held_past_look(self, seat: int, t_us: int) -> None:
        """``seat`` let go at ``t_us`` of a press begun in its check's
        guard (ruling CAB-12): held :data:`~firmware.rulings.LONG_PRESS_US`
        or more past the guard's end, the seat looked and meant "wrong"
        (PT42, a fresh play-tester: a hold begun as the check appeared was
        dropped, and the reading went in when its window ran out); else it
        only showed the check, which runs on."""
        down = self._contest_down.pop(seat, None)
        if down is None or down[0] not in self.dice.held:
            return
        key = down[0]
        if t_us - down[1] >= LONG_PRESS_US and self.dice.tray_of(seat, self.bots) == key:
            self.prompts.pop(seat, None)           # ("look first" goes with the reading)
            self.note(self.dice.reject(key, seat, t_us))
        else:
            self.dice.held[key]["down"] = False
        self.dirty = True

    def _late_answer(self, seat: int, t_us: int) -> int | None:
        """The tray whose check ``seat``'s press at ``t_us`` answers though
        its window ran out (ruling CAB-6), or None (the press is a choice):
        a check that ran out unanswered on the seat's OLED (or its unread
        dice that went in without a check after a nudge), at the seat's
        first press since (its cursor not turned and the round and phase
        the same, :meth:`end_unanswered`, whatever choice appeared meanwhile;
        issue 34, Retrograde seed 11: a press 1.8 s after the check ran out,
        meant as "dice ok", armed the reroll; PT14: a hold meant as "wrong"
        0.9 s into the turn a bot's move began armed a change);
        else every press within :data:`~firmware.rulings.LATE_OK_US` after
        a window ran out, the cursor not turned since.  Never a bot's."""
        if seat in self.bots:
            return None
        d = self.dice
        first = d.unanswered.pop(seat, None)
        if first is not None and self._moved_on.get(seat, -1) < first[1]:
            if len(first) > 2:                 # unread dice that went in without a check (PT14)
                self._late_words[seat] = first[2]
            return first[0]
        late = d.late_tray(seat, t_us, self.bots)
        if late is None or self._moved_on.get(seat, -1) >= d.late_ok[late] - LATE_OK_US:
            return None
        return late

    def _look_again(self, seat: int, t_us: int) -> None:
        """A press at ``t_us`` answered a check whose window had run out:
        the choices after it are a new choice from that press (ruling
        CAB-12), so a second press within the guard arms nothing."""
        controls = self.controls[seat]
        controls.new_at_us = max(t_us, controls.new_at_us if controls.new_at_us is not None else t_us)

    def watch_unanswered(self) -> None:
        """A check that ran out unanswered is over once the game's round
        or phase changed since (Retrograde's Stop: the seat has a new
        decision though most of its choices stay), as when the seat turns
        its cursor (:meth:`end_unanswered`).  A new choice alone does not
        end it (issue 34, PT14: the turn a bot's move began 3 s after the
        check ran out took a hold meant as "wrong"): the look-first guard
        (CAB-12) is too short for a press meant for the dice."""
        d = self.dice
        if d is None or not (d.unanswered or self._unanswered_phase):
            return
        live = {(seat, out[1]) for seat, out in d.unanswered.items()}
        moved = self.stats.actions
        if set(self._unanswered_phase) == live and self._phase_seen[0] == moved:
            return                       # no action since the last look: the phase is the same
        phase = phase_key(self.game)
        self._phase_seen = (moved, phase)
        self._unanswered_phase = {k: v for k, v in self._unanswered_phase.items() if k in live}
        for seat, ran_out in sorted(live):
            if self._unanswered_phase.setdefault((seat, ran_out), phase) != phase:
                self.end_unanswered(seat)
                if seat not in self.bots:        # (its next press chooses; held long it meant "wrong")
                    self._phase_ended[seat] = (phase[0], self.now_us)

    def _phase_after_dice(self) -> None:
        """Dice just went into the game: the round and phase they lead to
        (Ginza's draft once the first dice are in) are the ones a check
        that ran out unanswered (or dice entered after a nudge) is kept
        through: the dice's own end, no new decision (issue 34, PT14)."""
        d = self.dice
        if d is None or not d.unanswered:
            return
        phase = phase_key(self.game)
        self._phase_seen = (self.stats.actions, phase)
        for seat, out in d.unanswered.items():
            self._unanswered_phase[(seat, out[1])] = phase

    def _after_ended_check(self, seat: int, t_us: int) -> None:
        """``seat``'s press at ``t_us`` is a choice, the first since a new
        phase (Retrograde's Stop) ended its check that ran out unanswered:
        its release says whether it was held as "wrong" (:meth:`_too_late_hold`)."""
        got = self._phase_ended.pop(seat, None)
        if got is not None and got[0] == phase_key(self.game)[0] and self._moved_on.get(seat, -1) < got[1]:
            self._press_after_check[seat] = t_us

    def end_unanswered(self, seat: int) -> None:
        """``seat`` turned its cursor, or the round or phase changed: a
        check that ran out unanswered on its OLED is over (its next press
        is a choice) and its ACCEPTED_WORDS leave the OLED."""
        self._phase_ended.pop(seat, None)          # (a turn of the cursor: its press is a choice)
        if self.dice is None or self.dice.unanswered.pop(seat, None) is None:
            return
        if self.prompts.get(seat) == ACCEPTED_WORDS:
            self.prompts.pop(seat)
            self._prompt_until.pop(seat, None)
            self.dirty = True

    def see_checks(self, t_us: int) -> None:
        """Each person's seat sees the dice check its OLED shows at ``t_us``
        (its own reading, else the common one when its OLED shows no
        reading of its own, :func:`firmware.screens.readings.reading_for`):
        a check not seen before appeared now (rulings CAB-6, CAB-12)."""
        if self.dice is None:
            return
        d = self.dice
        mine = d.own_first()      # trays whose OLED shows their own reading (or its dice read again)
        for seat in range(self.game.num_players):
            key = d.tray_of(seat, self.bots) if seat not in self.bots else None
            shown = key is not None and key in d.held and (key == seat or seat not in mine)
            if not shown:
                self._check_seen.pop(seat, None)
                continue
            seen = self._check_seen.get(seat)
            if seen is None or seen[:2] != (key, d.held[key]["frame_t"]):
                self._check_seen[seat] = (key, d.held[key]["frame_t"], t_us)
                d.unanswered.pop(seat, None)             # a new check: the press is its

    def _check_too_soon(self, seat: int, key: int, t_us: int) -> bool:
        """True when ``seat``'s press at ``t_us`` on held reading ``key``
        came less than :data:`~firmware.rulings.LOOK_FIRST_US` after its
        OLED showed it (or while its OLED shows another reading): a
        person's press that only shows the check (rulings CAB-6, CAB-12;
        issue 34: Space as the check appeared accepted dice never seen).
        Bots are never held back."""
        if seat in self.bots:
            return False
        seen = self._check_seen.get(seat)
        if seen is None or seen[0] != key:
            return True                  # not on its OLED: the press was not meant for it
        return t_us < seen[2] + LOOK_FIRST_US

    def rolling_press(self, seat: int, t_us: int) -> bool:
        """A person's button press at ``t_us`` that the game took for
        nothing, made while the dice it will check still roll (its own,
        or the common dice; no check shown yet): its OLED says so for
        :data:`~firmware.rulings.ROLLING_SHOWN_US` (issue 34, play-test of
        Ginza: a press just before the check appeared showed nothing; if
        the check appears meanwhile it says "too soon: look, then press").
        Returns True if it was told so."""
        if self.dice is None or seat in self.bots:
            return False
        d = self.dice
        for key in (seat, COMMON):
            req = d.serving.get(key)
            if req is not None and req.get("type") == "dice" and key not in d.held and key not in d.entries:
                self.say(seat, ROLLING_WORDS, t_us + ROLLING_SHOWN_US)
                return True
        return False

    def contest_presses(self) -> dict[int, tuple[int, int]]:
        """Seats holding their button on a reading to check: seat ->
        (tray key, press time us)."""
        return dict(self._contest_down)

    def _too_late_hold(self, seat: int, t_us: int) -> None:
        """``seat`` lets go at ``t_us`` of a press its check took though
        the check had run out (the late "dice ok", ruling CAB-6): held
        :data:`~firmware.rulings.LONG_PRESS_US` or more, it was meant as
        "wrong", which is too late: its OLED says the dice stand
        (:data:`~firmware.rulings.TOO_LATE_WORDS`; issue 34, Ginza: a hold
        0.5 s after the check ran out went unsaid).  So too the first press
        after a new phase ended the check's late answer (Stop, PT31): a
        choice, but held that long it meant "wrong": what it armed is
        disarmed and the OLED says "too late: accepted"."""
        after = self._press_after_check.pop(seat, None)
        if after is not None and t_us - after >= LONG_PRESS_US and seat not in self.bots:
            # the first press after Stop ended its unanswered check, held as "wrong" (PT31: it armed
            # Stop's reroll): too late, the dice stand, and the choice it armed is not kept
            self.controls[seat].armed = None
            self.drop_armed_keep(seat)
            self.say(seat, TOO_LATE_WORDS, t_us + LATE_OK_US)
            return
        down = self._contest_down.get(seat)
        if down is None or seat in self.bots or t_us - down[1] < LONG_PRESS_US:
            return
        # (a check still open takes the hold: a reject; not one that took the place of the check it meant)
        if self.dice.tray_of(seat, self.bots) is None or down[0] not in self.dice.held:
            self.say(seat, TOO_LATE_WORDS, t_us + LATE_OK_US)

    def _entry_press(self, key: int, long: bool, t_us: int) -> None:
        """A press during tray ``key``'s hand entry (``long``: back one
        die); the confirming press journals the entry and applies it."""
        done = self.dice.entry_press(key, long, self, t_us)
        if done is not None:
            note, action = done
            self.note(note)
            self._apply_dice(action)
        self.dirty = True

    def say(self, seat: int, words: str, until_us: int) -> None:
        """Show ``words`` (one of :data:`PASSING`) on ``seat``'s OLED until
        ``until_us``, then drop them."""
        self.prompts[seat] = words
        self._prompt_until[seat] = until_us
        self.dirty = True

    def refuse(self, seat: int, words: str, until_us: int) -> None:
        """A refused take-back's ``words`` on ``seat``'s OLED until
        ``until_us`` (us) or its next arrow step, whatever else the OLED
        comes to show meanwhile (a dice check, a note): kept in
        :attr:`refusals`, which only time and the seat's step clear."""
        self.say(seat, words, until_us)
        self.refusals[seat] = (words, until_us)

    def _apply_dice(self, action: dict[str, Any]) -> None:
        """Apply what the dice station answered: dice values (a chance
        input), or a camera confirmation of turned dice (GR-7)."""
        if action.get("type") != "confirmed":
            if isinstance(action.get("t_us"), int):     # what the bots react to is stamped when the frame was taken
                self.seen_us = max(self.seen_us or 0, action["t_us"])
            self.try_apply(action)
            self._phase_after_dice()
            return
        pending = self.confirming.pop(action["player"], None)
        if pending is not None:
            self.prompts.pop(action["player"], None)
            self.try_apply(pending, action["player"])

    def _needs_camera_confirmation(self, seat: int, action: dict[str, Any]) -> bool:
        """A game whose changes turn physical dice in place (Ginza's GR-7)
        applies the change only once the camera sees the turned dice.
        Returns True if ``action`` now waits for that confirmation."""
        declared = cabinet_game(self.game.game_id)
        if self.dice is None or declared is None or declared.dice_to_confirm is None:
            return False
        try:
            turned = declared.dice_to_confirm(self.game, seat, action)
        except ValueError as exc:
            self.prompts[seat] = f"not now: {exc}"
            return True
        if not turned:
            return False
        me = self.game.view(seat)["players"][seat]
        self.confirming[seat] = action
        self.dice.expect(seat, sorted(turned), me.get("colour"), self.now_us)
        self.prompts[seat] = "turn dice to " + " ".join(map(str, sorted(turned)))
        self.dirty = True
        return True


def phase_key(game: Any, view: dict | None = None) -> tuple:
    """The game's (round, phase) from its public view (``view``, when the
    caller has it already): a note said in one phase is stale in the next
    ("card D was taken", a dice check that ran out unanswered)."""
    view = game.view(None) if view is None else view
    return view.get("round"), view.get("phase")
