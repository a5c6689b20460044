"""The seats' choices as the screens show them: an action's label and
identity, what a seat's OLED shows of its controls (:class:`Shown`), where
a new decision opens, and the cursors the HDMI lights.  Read only: nothing
here moves a cursor (the controls, :mod:`firmware.runtime.controls`, do)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


def describe_action(action: dict[str, Any]) -> str:
    """A short label for an action (OLED / screen), e.g.
    ``"claim card 12"``, ``"serve order 3 dice 1,5"``."""
    if action.get("type") == "plan":
        return f"plan {action['plan']}: {action['summary']}"
    words = [str(action.get("type", "?")).replace("_", " ")]
    for key, value in action.items():
        if key in ("type", "player", "t_us", "t_min_us", "steps"):
            continue
        if isinstance(value, list):
            value = ",".join(str(v) for v in value)
        elif isinstance(value, dict):
            value = ",".join(f"{k}:{v}" for k, v in value.items())
        words.append(f"{key.replace('_', ' ')} {value}")
    return " ".join(words)


def choice_key(action: dict[str, Any]) -> str:
    """The identity of a choice, for the cursor to follow: every field of
    the action but its stamps (``t_us``, ``t_min_us``); a blast plan by its
    number and summary.  Unlike :func:`describe_action` (a label, which may
    leave fields out: Ginza's "change" steps), two different actions never
    share a key."""
    if action.get("type") == "plan":
        return repr(("plan", action.get("plan"), action.get("summary")))
    return repr(sorted((k, repr(v)) for k, v in action.items() if k not in ("t_us", "t_min_us")))


def is_realtime(action: dict[str, Any]) -> bool:
    """True for a real-time template (the caller stamps ``t_us``)."""
    return "t_us" in action and action["t_us"] is None


#: The OLED's take-back hint, as the runtime's take-back offers it
#: (``firmware.runtime.takeback.HINT``): the frame draws it in the top bar
#: so the choice's lines stay shown (play-test: it hid "row 2 col 3 top").
TAKE_BACK_HINT = "hold left: take back"

#: Real-time choices that still arm first (ruling RG-15): a Retrograde
#: reroll throws away the seat's dice, and a press meant as the dice
#: check's "dice ok" must never do that; the second press ("press again to
#: reroll") is stamped.  Claims stay one press: they are races.
ARM_FIRST = frozenset({"reroll"})


#: (No choice is one press for being a seat's only one: Café International
#: Junior's "end turn" was, and PT13 met one choice taking one press where
#: every other took two, and a habitual double press ending the turn - and
#: with it the take-back of the last seating, CAB-11.  Ruling CAB-2: every
#: choice is armed, then taken; only races are one press.)


#: One-press choices that are no race: a Cha dango reveal (issue 34: a
#: late hit meant for the last race landed on the new "reveal the order"
#: and revealed it unseen).  Ruling CAB-12's look-first guard holds them
#: like any choice; races (claims, hits, sips) stay unheld.
NOT_A_RACE = frozenset({"reveal"})


def one_press(action: dict[str, Any]) -> bool:
    """True when one press of the big button applies ``action`` (a
    real-time template not in :data:`ARM_FIRST`); else a press arms it and
    a second press applies it (bots press twice too)."""
    return is_realtime(action) and action.get("type") not in ARM_FIRST


def press_count(action: dict[str, Any], choices: int) -> int:
    """How many presses of the big button apply ``action`` when the seat
    has ``choices`` choices: 1 for a real-time choice not in
    :data:`ARM_FIRST`; else 2 (arm, confirm), also when it is the seat's
    only choice (ruling CAB-2; PT13: a lone "end turn" took one)."""
    return 1 if one_press(action) else 2


def stamp(template: dict[str, Any], t_us: int) -> dict[str, Any]:
    """A copy of ``template`` with ``t_us`` filled in if it is a real-time
    template (``t_min_us`` removed)."""
    action = {k: v for k, v in template.items() if k != "t_min_us"}
    if "t_us" in action and action["t_us"] is None:
        action["t_us"] = t_us
    return action


#: What a guarded cursor's OLED says to do (:attr:`Shown.guard_words`).
GUARD_DO = "press to see, or aim"


@dataclass(frozen=True)
class Shown:
    """What a seat's OLED shows of its controls now (read without moving
    anything): the choices in the screen's order, the cursor's index and
    whether the choice under it is armed; ``gone`` says which choice went
    away from under the cursor since the seat last moved it ("card D was
    taken"): the next press does nothing but say so; ``blind``: the
    cursor still stands where such a choice went, its note no longer on
    the OLED (a new phase began), and the next press only says it again;
    ``blind_note``: that note while ``blind`` ("card A was taken");
    ``button``: while the seat aims ahead (``choices`` are then the
    customers it may aim at, ruling CD-12) beside a choice of its own,
    that choice, which its button takes (Cha dango's reveal), else None."""
    choices: list[dict[str, Any]]
    cursor: int
    armed: bool
    gone: str | None = None
    blind: bool = False
    blind_note: str | None = None
    button: dict[str, Any] | None = None

    @property
    def guard_words(self) -> tuple[str, str] | None:
        """What the OLED says instead of the choice under the cursor while
        the cursor is guarded (:attr:`blind`: not aimed since its choice
        went, issue 34 r05-r07): the note and what to do, ("card A was
        taken", :data:`GUARD_DO`), on two lines of a small screen; None
        when it is not guarded."""
        return (self.blind_note, GUARD_DO) if self.blind and self.blind_note else None

    @property
    def chosen(self) -> dict[str, Any] | None:
        """The choice under the cursor, or None when there is none."""
        return self.choices[self.cursor] if self.choices else None

    @property
    def pressed(self) -> dict[str, Any] | None:
        """What the seat's next press takes: :attr:`button` while the seat
        aims ahead beside its own choice, else the choice under the
        cursor."""
        return self.button if self.button is not None else self.chosen


#: The type of a place kept among a seat's choices for a choice another
#: seat took (Retrograde's card claimed: ``{"type": "taken", "player":
#: seat, "card": id}``, PT61): never an action of the game; the cursor may
#: stand on it so the row keeps its places, and a press there takes
#: nothing and says so (:meth:`~firmware.runtime.controls.SeatControls.press`).
TAKEN = "taken"


def is_taken_place(action: dict[str, Any] | None) -> bool:
    """True for a :data:`TAKEN` place (not an action: never applied)."""
    return action is not None and action.get("type") == TAKEN


def keeps_taken_places(keys: list[str]) -> bool:
    """True when choices with these :func:`choice_key` s keep a taken
    card's place (:data:`TAKEN`): the row does not shift when another seat
    takes a card, so a planned walk of arrows lands where it was planned."""
    part = repr(("type", repr(TAKEN)))
    return any(part in k for k in keys)


#: Choices a new decision never opens on: one-time cards and the choices
#: that end a phase (Cryptid Cafe's Manager, "done serving", "skip share";
#: Retrograde's "done blasting"; Ginza's "stop rerolling"; "end turn"),
#: and a taken card's place.
NOT_FIRST = frozenset({"manager", "done", "done_serving", "skip_share", "end_turn", "stop", "pass", TAKEN})


#: Choices a new decision opens on where offered: keeping things as they
#: are before a once-a-game card (Cryptid Cafe's "Change My Order" opened
#: on "copy Seat 2's Ropen", issue 34).
OPEN_ON = frozenset({"keep_order"})


def first_ordinary(acts: list[dict[str, Any]]) -> int:
    """Index of the first choice a new decision opens on: one in
    :data:`OPEN_ON` where offered, else the first whose type is not in
    :data:`NOT_FIRST` (0 when all are, or none)."""
    for i, a in enumerate(acts):
        if a.get("type") in OPEN_ON:
            return i
    for i, a in enumerate(acts):
        if a.get("type") not in NOT_FIRST:
            return i
    return 0


def cursor_choices(game, context: dict) -> dict[int, dict]:
    """seat -> the choice under the cursor of each seat a person plays
    (bots' seats, listed in ``context["bots"]``, left out), read through
    :meth:`SeatControls.shown` without moving any cursor: the HDMI lights
    what each seat's next press would do (issue 34); nothing for a seat
    whose choice just went (its next press only says so).  ``{}`` when the
    context has no ``controls`` (the gallery)."""
    controls = context.get("controls")
    if controls is None:
        return {}
    bots = set(context.get("bots") or ())
    out = {}
    for seat in range(game.num_players):
        if seat in bots:
            continue
        try:
            shown = controls[seat].shown(game)
        except (KeyError, IndexError, TypeError, AttributeError):
            continue
        chosen = shown.chosen
        if chosen is not None and shown.gone is None and not shown.blind:   # after "card D was taken" a press does nothing
            out[seat] = chosen
    return out


class SeatCursor(Protocol):
    """What a screen may ask of a seat's controls: what they show now
    (:class:`firmware.runtime.controls.SeatControls` is one)."""

    def shown(self, game: Any) -> Shown:
        """The seat's choices, cursor and armed state, read without moving anything."""

