"""A person's armed Retrograde reroll lasts only while what it was armed
on stands (rulings RG-15, RG-16, CAB-12; PT31, a fresh play-tester as
seat 1 against bots: seat 1 armed "reroll" in the race, "again: keep 1 1
1 5"; seat 3's claim began Stop, and seat 1's next press 1.6 s later
rerolled, keeping dice for a card that was gone, and spent one of Stop's
two rerolls).

The arming press records the game's round and phase and the seat's
target card then (:func:`armed`); once the phase changed (Stop began: the
race's free rerolls became Stop's counted ones) or the target card left
the table, the reroll is disarmed (:func:`disarm_stale`): the seat's OLED
says why for a moment and its next press only arms again, on what it
sees now.  The runtime keeps the state in ``_armed_for`` (seat -> (the
armed choice's key, (round, phase) at the arming, the target card or
None, its words "card C was taken")) and ``_disarm_said`` (seat -> the
disarm's words on its OLED, dropped when it arms again, as is a "card C
was taken" note of its target, ``_gone_said``: PT46); its ``controls``, ``game``, ``bots``,
``prompts``, ``_notes``, ``_gone_said``, ``aims_at_cards``, ``target_of``, ``drop_armed_keep`` and
``say_for`` are used.
"""
from __future__ import annotations

from typing import Any

from firmware.runtime.game_choices import screen_label

#: What a seat's OLED says for a moment when Stop disarmed its reroll.
STOP_DISARMED_WORDS = "Stop: arm it again"


def armed(runtime: Any, seat: int) -> None:
    """``seat`` (a person) just armed a choice: when it is a reroll of a
    game whose seats aim at cards (Retrograde), remember the phase and
    the target it was armed on."""
    controls = runtime.controls[seat]
    if runtime.prompts.get(seat) in runtime._disarm_said.pop(seat, ()):
        runtime.prompts.pop(seat, None)          # armed again: the note of the disarm has been read
        runtime._notes.pop(seat, None)
    elif seat in runtime._gone_said and runtime.prompts.get(seat) == runtime._gone_said[seat]:
        # a press armed after "card C was taken" (its target taken, its cursor on "reroll"): the
        # note has been read, and the OLED says what the next press does now, "again: roll all 7"
        # (PT46: the note stayed over the armed bar, and the next press rerolled all seven dice)
        runtime.prompts.pop(seat, None)
        runtime._gone_said.pop(seat, None)
    chosen = controls.shown(runtime.game).chosen
    if seat in runtime.bots or chosen is None or chosen.get("type") != "reroll" or not runtime.aims_at_cards():
        return
    from firmware.runtime.runner_dice import phase_key
    target = runtime.target_of(seat)
    words = None
    view = runtime.game.view(None)
    if target is not None and target in (view.get("face_up_ids") or ()):
        label = screen_label(runtime.game, seat, {"type": "claim", "player": seat, "card": target})
        words = f"{label[len('claim '):] if label.startswith('claim ') else label} was taken"
    else:
        target = None
    runtime._armed_for[seat] = (controls.armed, phase_key(runtime.game, view), target, words)


def disarm_stale(runtime: Any, t_us: int) -> None:
    """Disarm each person's armed reroll whose phase changed since its
    arming (Stop began) or whose target card was taken: its OLED says so
    ("card C was taken", :data:`STOP_DISARMED_WORDS`) and its next press
    arms again.  A seat that disarmed otherwise (an arrow, the push, the
    reroll made) is forgotten."""
    if not runtime._armed_for:
        return
    from firmware.runtime.runner_dice import phase_key
    view = runtime.game.view(None)
    phase = phase_key(runtime.game, view)
    up = set(view.get("face_up_ids") or ())
    for seat, (key, then, target, words) in list(runtime._armed_for.items()):
        controls = runtime.controls[seat]
        if controls.armed != key:
            del runtime._armed_for[seat]
            continue
        taken = target is not None and target not in up
        if not taken and phase == then:
            continue
        del runtime._armed_for[seat]
        controls.armed = None
        runtime.drop_armed_keep(seat)
        said = words if taken else STOP_DISARMED_WORDS if phase[1] == "stop" else None
        if said:                      # (another phase or round: its own screen says what comes)
            runtime.say_for(seat, said, t_us)
            runtime._disarm_said[seat] = (said,)
