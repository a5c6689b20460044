"""Seat controls: turn a seat's debounced inputs into engine actions.

Every seat has the same physical controls (ruling CAB-2): a big button, a
navigation input (encoder or two buttons, plus push) and a cup sensor.  The
:class:`SeatControls` of a seat keeps a cursor over the seat's legal actions
(shown on its OLED):

* navigation moves the cursor; push cancels an armed choice (undo of the
  current, unconfirmed choice);
* the big button on a *real-time* action (a template with ``"t_us": None``,
  e.g. a Retrograde claim or a Cha dango hit on the customer under the
  cursor, ruling CD-12) applies it at once, stamped
  with the press's edge time: races are decided by the edge source's
  timestamps (ruling CAB-3); a Retrograde reroll is the exception: it
  arms first ("press again to reroll", ruling RG-15, :data:`ARM_FIRST`);
* the big button on a *discrete* action arms it ("press again to
  confirm"); a second press applies it: a confirm step before anything
  irreversible, a seat's only choice too (ruling CAB-2; PT13: a lone
  "end turn" that took one press ended turns by accident);
* a press that comes too soon after a new choice appeared for the seat
  (ruling CAB-12: the runtime decides, :meth:`SeatControls.observe` keeps
  when it appeared) arms and confirms nothing, it only shows the choice
  ("new choice: look first"); races (real-time one-press choices, the
  button's bound actions) stand as stamped, a Cha dango reveal is no
  race (:data:`NOT_A_RACE`);
* cup lifts and cup put-downs apply the game's cup action stamped with the
  edge time;
* while a dice reading waits for the seat's check (ruling CAB-6), the big
  button answers it instead (the runtime takes the press before these
  controls): a short press accepts, a press held 0.7 s rejects; during a
  hand entry navigation sets the die under the cursor and a press moves on
  (:mod:`firmware.runtime.dice_station`).

Which action types belong to which physical input is declared per game in
:data:`INPUT_BINDINGS` (the type names are the engines').
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engines import Game

from firmware.runtime.aim_taken import note_aim_taken, remember_aim, taken_press, taken_text
from firmware.runtime.held_still import _STILL, game_held_still, game_moved  # noqa: F401 - the runtime's, here too
from firmware.screens.games import cabinet_game
from firmware.runtime.game_choices import (aim_ahead, kept_kinds, plan_choices, races, screen_label,  # noqa: F401
                                           screen_order)
from firmware.screens.choices import (ARM_FIRST, NOT_A_RACE, NOT_FIRST, Shown, choice_key,  # noqa: F401
                                       cursor_choices, describe_action, first_ordinary, is_realtime,
                                       is_taken_place, keeps_taken_places, one_press, press_count, stamp)

#: action type -> physical input that performs it.  Action types not listed
#: here are chosen with the navigation input and confirmed with the button.
INPUT_BINDINGS: dict[str, str] = {
    "button_down": "button",
    "button_up": "button_release",
    "release": "button_release",
    "cup_up": "cup_up",          # CD-6/CD-7: switch opens when the cup is lifted
    "cup_lift": "cup_up",
    "cup_lifted": "cup_up",
    "lift": "cup_up",
    "cup_down": "cup_down",
}


#: What a press does when the choice under the cursor went away since the
#: seat last saw it: nothing, and the OLED says so.
GONE = "that choice is gone"

#: What a press says when it came too soon after a new choice appeared for
#: the seat to have read it (ruling CAB-12): it armed nothing.
LOOK_FIRST = "new choice: look first"


@dataclass
class SeatControls:
    """The navigation state of one seat.

    Attributes:
        seat: 0-based seat.
        cursor: index into the seat's selectable actions.
        armed: identity (:func:`choice_key`) of the discrete action waiting
            for its confirm press.
        message: last prompt or result for the OLED.
        gone: what the OLED says of the choice that went away from under
            the cursor ("card D was taken"), until the seat moves or
            presses; a press then does nothing but say so.
        said_gone: True after a press that did nothing because of ``gone``
            or because it came too soon (:data:`LOOK_FIRST`, CAB-12); the
            words are in :attr:`message`.
        blind: (key, note) while the cursor stands on the choice that took
            the place of one that went (``gone``'s note), the seat not
            having moved or pressed since: the next press only says the
            note again, even when the note left the OLED (the runtime drops
            it in the next phase, e.g. Retrograde's Stop: issue 34,
            shot049 -> shot050); None once the seat moved, pressed or the
            cursor went to another choice.
        ahead: True once the seat moved its aim while it had no choice
            to move over (between Cha dango's races, the customers on the
            table: the game's ``aim_ahead`` hook, ruling CD-12, issue 34
            c28-c30; also beside a single choice of its own the hook
            allows, the revealer's reveal).  :meth:`shown` shows the
            customer aimed at (the OLED and the HDMI token follow) between
            races also before an arrow while the seat's kept customer is
            still on the table (PT44: it was hidden until an arrow), a press
            does nothing (or takes that single choice:
            :attr:`Shown.button`), and the next race opens on it; False
            again once the seat has choices to aim at.
    """
    seat: int
    cursor: int = 0
    armed: str | None = None
    message: str = ""
    gone: str | None = None
    said_gone: bool = False
    read_gone: str | None = None          # the note the seat moved on from (Left/Right/push)
    blind: tuple[str, str] | None = None
    ahead: bool = False
    #: when the seat's current decision appeared on its OLED, us on the
    #: cabinet's clock (:meth:`observe`); None before any was observed
    new_at_us: int | None = None
    _labels: list[str] = field(default_factory=list)
    _acted: str | None = None             # key of the action the seat's press chose (until the choices change)
    _seen: tuple[str, str] = ("", "")     # (label, screen text) of the choice under the cursor
    _observed: tuple[list[str], bool] | None = None   # (choice keys, hidden) at the last observe
    _acted_seen: str | None = None        # key of the seat's last chosen action, for observe
    #: (key, place among its kind) of the last choice under the cursor of a kind the game keeps the
    #: cursor on between decisions (:func:`kept_kinds`: Cha dango's customers, ruling CD-12)
    _home: tuple[str, int] | None = None
    #: the identity (:func:`choice_key`) of the last one-press choice a press took (a Cha dango hit on
    #: its customer: the seat's OLED tells a 2nd aim from the customer hit, ruling CD-12)
    last_pressed: str | None = None
    #: the identity (:func:`choice_key`) of the choice the seat aims at, kept by the runtime (a
    #: Retrograde seat's target card, ruling RG-16): a new decision that would open on a one-press
    #: race (a claim) opens on it instead (PT28: the last Stop reroll put the cursor on card A)
    aim: str | None = None
    #: what the OLED said when :attr:`aim` was taken by another seat while the cursor stood elsewhere
    #: ("card A was taken"), until the seat aims anew or presses (:mod:`~firmware.runtime.aim_taken`, PT41)
    lost: str | None = None
    #: (key, screen label, the choices' keys) of :attr:`aim` when last offered
    aim_seen: tuple[str, str, list[str]] = ("", "", [])

    def selectable(self, game: Game) -> list[dict[str, Any]]:
        """The seat's legal actions chosen with the navigation input (those
        bound to the button or the cup are left out), in a stable order
        (worked out once per seat inside :func:`game_held_still`)."""
        return list(self._choices(game)[0])

    def _choices(self, game: Game) -> tuple[list[dict[str, Any]], list[str]]:
        """(:meth:`selectable`, their :func:`choice_key` s), worked out once
        per seat inside :func:`game_held_still` (do not change them)."""
        memo = getattr(_STILL, "memo", None)
        got = None if memo is None else memo.get((self.seat, id(game)))
        if got is None:
            acts = self._selectable(game)
            got = (acts, [choice_key(a) for a in acts])
            if memo is not None:
                memo[(self.seat, id(game))] = got
        return got

    def _selectable(self, game: Game) -> list[dict[str, Any]]:
        if self.seat not in game.active_players():
            return []
        acts = [a for a in game.legal_actions(self.seat)
                if INPUT_BINDINGS.get(a.get("type", "")) is None]
        return screen_order(game, self.seat, plan_choices(game, self.seat) + acts)

    def presses(self, game: Game, action: dict[str, Any]) -> int:
        """How many presses of the big button apply ``action`` now: 1 for
        a race (a real-time choice not in :data:`ARM_FIRST` that the game
        does not call off, :func:`races`: a Retrograde claim at Stop arms
        first); else 2 (arm, confirm), a seat's only choice too (ruling CAB-2)."""
        return 1 if races(game, action) else 2

    def bound(self, game: Game, physical: str) -> dict[str, Any] | None:
        """The legal action performed directly by ``physical`` input
        (``"button"``, ``"button_release"``, ``"cup_up"``, ``"cup_down"``)."""
        if self.seat not in game.active_players():
            return None
        for a in game.legal_actions(self.seat):
            if INPUT_BINDINGS.get(a.get("type", "")) == physical:
                return a
        return None

    def _follow(self, labels: list[str], acts: list[dict[str, Any]],
                kept: frozenset[str] = frozenset()) -> tuple[int, bool]:
        """Where the cursor goes when the choices become ``labels`` (their
        :func:`choice_key`), and whether the choice under it vanished.

        * Choices of a kind the game keeps the cursor on (``kept``: Cha
          dango's customers, ruling CD-12) open where the seat's cursor last
          stood among them: on the same choice while it is there, else at
          the same place (clamped), whatever came between (a button held,
          another order);
        * A new decision (the seat acted since, or the choices are mostly
          new: a new phase, turn or menu; issue 34, tester1's Cryptid Cafe
          menus opening on the Manager) opens on its first ordinary choice
          (:func:`first_ordinary`), never on a one-time card or "done";
          where that is a one-press race (a claim: Retrograde's rerolls ran
          out), on the seat's :attr:`aim` while it is offered
          (:meth:`_opening`).
        * Else the cursor stays on the same choice (its identity, not its
          index) when it is still there;
        * else (the choice under it went away: another seat took the card)
          it stands on the choice that took its place, clamped, and
          ``True``: the caller disarms and says so.
        """
        home = self._kept_home(labels, acts, kept)
        if home is not None:
            return home, False
        if self._acted is not None and self._acted not in labels and labels != self._labels:
            return self._opening(labels, acts), False      # the seat's own choice was taken: next decision
        if self._labels and 0 <= self.cursor < len(self._labels):
            old = set(self._labels)
            kept = sum(1 for k in labels if k in old)
            if labels and kept < len(labels) and 2 * kept < len(labels):
                return self._opening(labels, acts), False  # mostly new: a new decision
            prev = self._labels[self.cursor]
            if prev in labels:
                return labels.index(prev), False
            if not kept:
                return self._opening(labels, acts), False
            return min(self.cursor, max(0, len(labels) - 1)), bool(labels)
        if not self._labels:                                 # the seat's turn starts
            return self._opening(labels, acts), False
        return min(self.cursor, max(0, len(labels) - 1)), False

    def _opening(self, labels: list[str], acts: list[dict[str, Any]]) -> int:
        """Where a new decision opens: its first ordinary choice
        (:func:`first_ordinary`), unless that is a one-press race (one
        press takes it: a Retrograde claim) and the seat's :attr:`aim` is
        offered: then on the aim (PT28: once the Stop rerolls ran out the
        cursor stood on card A, not the card the seat had aimed at, and a
        quick press claimed a card it never chose)."""
        first = first_ordinary(acts)
        if acts and one_press(acts[first]) and self.aim in labels:
            return labels.index(self.aim)
        return first

    def _kept_home(self, labels: list[str], acts: list[dict[str, Any]], kept: frozenset[str]) -> int | None:
        """The cursor's place among choices of a ``kept`` kind (see
        :meth:`_follow`), or None (no such choice, or none stood under the
        cursor yet)."""
        if not kept or self._home is None:
            return None
        places = [i for i, a in enumerate(acts) if a.get("type") in kept]
        if not places:
            return None
        key, place = self._home
        return labels.index(key) if key in labels else places[min(place, len(places) - 1)]

    def _remember_home(self, labels: list[str], acts: list[dict[str, Any]], kept: frozenset[str]) -> None:
        """Keep the choice under the cursor and its place among its kind
        when the game keeps the cursor on that kind (ruling CD-12)."""
        if acts and acts[self.cursor].get("type") in kept:
            places = [i for i, a in enumerate(acts) if a.get("type") in kept]
            self._home = (labels[self.cursor], places.index(self.cursor))

    def _ahead_place(self, ahead: list[dict[str, Any]]) -> int:
        """Where the seat's aim stands among ``ahead`` (the customers it may
        aim at between races): on its kept customer, else at its place,
        else the first."""
        labels = [choice_key(a) for a in ahead]
        kinds = frozenset(a.get("type", "") for a in ahead)
        home = self._kept_home(labels, ahead, kinds)
        return 0 if home is None else home

    def observe(self, game: Game, t_us: int, hidden: bool = False) -> bool:
        """The runtime looks at the seat's choices at ``t_us`` (us, the
        cabinet's clock: when the screens last showed them); True when a
        new decision appeared for the seat since the last look, whose time
        :attr:`new_at_us` becomes ``t_us`` (ruling CAB-12).

        New: choices after none (a turn or phase starts, the seat's dice
        came in), the seat's own chosen action gone from them (the next
        choice after a confirmed one), choices mostly new (a new phase or
        menu), or choices the dice check hid (``hidden``: a reading waits
        for the seat's check, its OLED shows the check and its button
        answers it, CAB-6) shown again.  Not new: a choice or two more or
        fewer (another seat took a card).  The first look is no change
        (the game's first screen)."""
        keys = list(self._choices(game)[1])
        before = self._observed
        self._observed = (keys, hidden)
        if before is None or (keys, hidden) == before:
            return False
        old, was_hidden = before
        acted, self._acted_seen = self._acted_seen, None
        kept = sum(1 for k in keys if k in set(old))
        new = bool(keys) and (hidden or was_hidden or not old or (acted is not None and acted not in keys)
                              or 2 * kept < len(keys))
        if new:
            self.new_at_us = t_us
        return new

    def _gone_text(self) -> str:
        """What the OLED says of the choice last seen under the cursor that
        went away: "card D was taken" for a claim, else "<choice>: gone"."""
        old = self._labels[self.cursor] if 0 <= self.cursor < len(self._labels) else None
        text = self._seen[1] if old is not None and self._seen[0] == old else GONE
        return taken_text(text) if text != GONE else GONE

    def shown(self, game: Game) -> Shown:
        """What the OLED shows now: the choices and where the cursor is, as
        :meth:`refresh` would leave them, without changing anything (drawing
        never moves a cursor; the runtime refreshes after each change;
        worked out once inside :func:`game_held_still`)."""
        memo = getattr(_STILL, "shown", None)
        if memo is None:
            return self._shown(game)
        key = (id(self), id(game))
        got = memo.get(key)
        if got is None:
            got = memo[key] = self._shown(game)
        return got

    def _shown(self, game: Game) -> Shown:
        acts, labels = self._choices(game)
        acts = list(acts)
        if len(acts) <= 1:      # between races (CD-12): the aim stays shown, arrow or not (PT44), never pressed
            ahead = aim_ahead(game, self.seat)
            if ahead and (self.ahead or self._home is None or self._home[0] in {choice_key(a) for a in ahead}):
                # (its customer served, its place stays empty until the next order fills it, CD-13: unshown)
                return Shown(ahead, self._ahead_place(ahead), False, button=acts[0] if acts else None)
        cursor, vanished = self._follow(labels, acts, kept_kinds(game))
        gone = self._gone_text() if vanished else self.gone
        blind = (not vanished and gone is None and self.blind is not None and bool(acts)
                 and labels[cursor] == self.blind[0])
        lost = (not blind and gone is None and self.lost is not None and bool(acts)
                and races(game, acts[cursor])           # its aim taken, not aimed anew: the press only tells (PT41)
                and not keeps_taken_places(labels))     # (unless the row keeps the taken card's place, PT61)
        armed = gone is None and not blind and self.armed is not None and bool(acts) and labels[cursor] == self.armed
        return Shown(acts, cursor, armed, gone if acts else None, blind=blind or lost,
                     blind_note=self.blind[1] if blind else self.lost if lost else None)

    def refresh(self, game: Game) -> list[dict[str, Any]]:
        """Re-read the choices; keep the cursor on the same choice when it
        is still there, back to the first when all are new, else clamp it;
        drop an armed choice that is gone."""
        acts, labels = self._choices(game)
        acts, labels = list(acts), list(labels)
        if labels != self._labels and ((self._acted is not None and self._acted not in labels)
                                       or not self._labels):
            self.armed = None                                # a new decision: nothing armed
        kept = kept_kinds(game)
        cursor, vanished = self._follow(labels, acts, kept)
        note_aim_taken(self, labels, vanished)
        if labels != self._labels:
            self._acted = None
        if vanished:             # moved off a vanished choice: disarmed, and said
            self.gone = self._gone_text()
            self.armed = None
        elif not acts:
            self.gone = None
        self.cursor = cursor
        if vanished and acts:    # the cursor stands on a choice the seat never aimed at
            self.blind = (labels[cursor], self.gone)
        elif self.blind is not None and (not acts or labels[cursor] != self.blind[0]):
            self.blind = None    # a new decision, or the cursor went elsewhere: no longer blind
        if self.armed is not None and self.armed not in labels:
            self.armed = None
        self._labels = labels
        if acts and self.ahead and not (len(acts) == 1 and aim_ahead(game, self.seat)):
            self.ahead = False               # the seat has choices to aim at now
        self._remember_home(labels, acts, kept)
        remember_aim(self, labels, acts, game)
        if acts and self._seen[0] != labels[self.cursor]:
            self._seen = (labels[self.cursor], screen_label(game, self.seat, acts[self.cursor]))
        return acts

    def nav(self, game: Game, step: int) -> None:
        """Move the cursor by ``step`` (wraps, unless the game's
        :attr:`~firmware.screens.games.CabinetGame.cursor_wraps` is False:
        then it stops at the ends); cancels an armed choice.
        After the choice under the cursor went away, the steps count from
        its gap: Right goes to the choice after it, Left to the one
        before."""
        acts = self.refresh(game)
        ahead = aim_ahead(game, self.seat) if len(acts) <= 1 else []
        if ahead:     # no choice to move over, customers on the table: aim ahead (CD-12); the button
            at = (self._ahead_place(ahead) + step) % len(ahead)     # keeps the one choice (a reveal)
            self._home, self.ahead = (choice_key(ahead[at]), at), True
        elif acts:
            # (PT41: not moved; no gap where the row keeps a taken card's place, PT61)
            gap = 1 if (self.gone is not None and self.gone != self.lost and step > 0
                        and not keeps_taken_places(self._labels)) else 0
            to = self.cursor + step - gap
            declared = cabinet_game(game.game_id)
            wraps = declared is None or declared.cursor_wraps
            self.cursor = to % len(acts) if wraps else max(0, min(to, len(acts) - 1))    # (PT61: no wrap)
            self._seen = (choice_key(acts[self.cursor]), screen_label(game, self.seat, acts[self.cursor]))
            self._remember_home(self._labels, acts, kept_kinds(game))
        self.armed = None
        self.read_gone, self.gone, self.blind = self.gone, None, None

    def place(self) -> tuple:
        """Where the cursor stands, for :meth:`go_back`: (cursor, the
        choice seen under it, its kept home, aiming ahead)."""
        return (self.cursor, self._seen, self._home, self.ahead)

    def go_back(self, game: Game, place: tuple) -> None:
        """Put the cursor back at ``place`` (:meth:`place`), as before an
        arrow step that is undone (the pause gesture's first arrow, PT63);
        the step's disarming stands.  A place no longer among the choices
        is clamped."""
        self.cursor, self._seen, self._home, self.ahead = place
        acts = self.refresh(game)
        if acts:
            self.cursor = max(0, min(self.cursor, len(acts) - 1))

    def go_to(self, game: Game, index: int) -> None:
        """Put the cursor on choice ``index`` (wraps), as the navigation
        would (a group jump, :mod:`firmware.runtime.group_jump`); cancels
        an armed choice."""
        acts = self.refresh(game)
        if acts:
            self.cursor = index % len(acts)
            self._seen = (choice_key(acts[self.cursor]), screen_label(game, self.seat, acts[self.cursor]))
            self._remember_home(self._labels, acts, kept_kinds(game))
        self.armed = None
        self.read_gone, self.gone, self.blind = self.gone, None, None

    def push(self) -> None:
        """The navigation push: undo the current, unconfirmed choice."""
        if self.armed is not None:
            self.message = "choice cancelled"
        self.armed = None
        self.gone = None

    def press(self, game: Game, t_us: int, look_first: bool = False) -> dict[str, Any] | None:
        """The big button was pressed at ``t_us``.  ``look_first``: the
        press came too soon after a new choice appeared for the seat to
        have read it (ruling CAB-12, the runtime decides): a race (a
        bound or one-press real-time choice) still stands as stamped,
        anything else is neither armed nor confirmed, and the OLED says
        :data:`LOOK_FIRST` (:attr:`said_gone` True, :attr:`message`).

        Returns:
            The action to apply now, or ``None`` (nothing to do, or the
            choice was armed and waits for its confirm press).
        """
        self.said_gone = False
        direct = self.bound(game, "button")
        if direct is not None:
            return stamp(direct, t_us)
        acts = self.refresh(game)
        if not acts:
            return None  # a press during a screen that expects nothing: ignored
        if self.gone is not None and self.gone == self.lost and not races(game, acts[self.cursor]):
            self.gone = None     # the seat's aim was taken (PT41): only a race waits till it aims anew
        if self.gone is not None or self.blind is not None:
            # the choice under the cursor went away since the seat last
            # moved it (whether or not the runtime refreshed in between,
            # whether or not its note is still on the OLED): nothing is
            # chosen blindly; the OLED says so and shows the new choice,
            # which the next press takes
            self.armed = None
            note = self.gone if self.gone is not None else self.blind[1]
            self.message, self.gone, self.blind, self.said_gone, self.lost = note, None, None, True, None
            return None
        chosen = acts[self.cursor]
        if is_taken_place(chosen):       # another seat took it: its place only (PT61)
            self.armed = None
            self.message, self.said_gone = taken_text(screen_label(game, self.seat, chosen)), True
            return None
        race = races(game, chosen)
        taken = taken_press(self, race)
        if taken is not None:            # the seat's aim was taken and it has not aimed anew (PT41)
            self.armed = None
            self.message, self.said_gone = taken, True
            return None
        if look_first and (not race or chosen.get("type") in NOT_A_RACE):   # not read yet (CAB-12)
            self.armed = None
            self.message, self.said_gone = LOOK_FIRST, True
            return None
        if race:
            self._acted = self._acted_seen = self.last_pressed = choice_key(chosen)
            return stamp(chosen, t_us) if is_realtime(chosen) else chosen
        label = choice_key(chosen)
        if self.armed == label:
            self.armed = None
            self._acted = self._acted_seen = label
            # an armed real-time choice (a reroll) takes the confirming press's time
            return stamp(chosen, t_us) if is_realtime(chosen) else chosen
        self.armed = label
        self.message = (f"press again to {chosen['type']}" if chosen.get("type") in ARM_FIRST or is_realtime(chosen)
                        else "press again to confirm")        # (a claim at Stop: "press again to claim")
        return None

    def physical(self, game: Game, physical: str, t_us: int) -> dict[str, Any] | None:
        """A button release or a cup edge at ``t_us``: the bound action, if
        the game has one now, stamped with the edge time."""
        a = self.bound(game, physical)
        return stamp(a, t_us) if a is not None else None

    def index_of(self, game: Game, action: dict[str, Any]) -> int | None:
        """Cursor index of ``action`` among the selectable choices; else of
        the choice the game's screens offer in its stead (the
        ``choice_twin(game, seat, action, choices)`` hook: Café Junior
        offers one of two identical guests' same choices, PT45), or None."""
        label = choice_key(action)
        acts = self.refresh(game)
        for i, a in enumerate(acts):
            if choice_key(a) == label:
                return i
        declared = cabinet_game(game.game_id)
        twin = declared.hook("choice_twin") if declared is not None else None
        return twin(game, self.seat, action, acts) if twin is not None else None
