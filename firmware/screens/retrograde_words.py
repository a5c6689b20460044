"""Retrograde in words: for the first-game walkthrough
(:mod:`firmware.screens.walkthrough`), what each step of a round asks of a
seat (roll, claim a target card, blast droids, unlock a power-up) and
which button does it; and for rolling and rerolling (book, 2 - Roll Dice:
"roll all your dice.  Keep as many dice as you want and reroll the
rest"), which dice a simulated seat keeps when it rerolls.

At the real cabinet the seat keeps dice by hand and the camera reads the
whole tray (every reading is all of the seat's dice): the words say "keep
what you like, roll the rest", never a count to roll.  In the simulator the
table keeps, for a person, the dice that fit the card the seat's cursor
last rested on this round (its target; the HDMI lit it), and for a bot the
dice its plan keeps (``bots/retrograde.py`` ``keep``); the words name them
before the press ("keep 2 2 5 for B, roll the other 3")."""
from __future__ import annotations

from typing import Any

from engines.retrograde.components import default_components
from engines.words import plural

from firmware.screens.retrograde_plans import card_letters

#: The +3 for all six trophies (rulebook scoring), in a plan's words and a round summary's.
ALL_TROPHIES_WORDS = "all 6 trophies +3"

#: what the arrows choose, by action type
_NOUNS = {"claim": "a target card", "reroll": "rolling again", "plan": "a blast plan",
          "blast": "droids to blast", "comet": "a comet to blast", "coin": "a die to copy with a coin",
          "trophy": "a die to circle a trophy", "done": "done", "keep": "keeping a power-up for later",
          "unlock": "a power-up", "odd": "a power-up", "even": "a power-up", "boss": "a boss"}
#: what the button then does
_VERBS = {"claim": "claim it (the first press wins)",
          "reroll": "roll again (keep the dice you like in your tray, roll the rest)",
          "plan": "blast as the plan says", "blast": "blast them", "comet": "blast it", "coin": "spend the coin",
          "trophy": "circle the trophy", "done": "finish blasting", "keep": "keep it", "unlock": "unlock it",
          "odd": "use it", "even": "use it", "boss": "fight the boss"}
_SHORT = {"claim": "claim", "reroll": "reroll", "plan": "blast", "blast": "blast", "comet": "blast",
          "coin": "coin", "trophy": "trophy", "done": "done", "keep": "keep", "unlock": "unlock",
          "odd": "use", "even": "use", "boss": "boss"}
#: what is happening, by phase
_NOW = {"roll": "everyone rolls at once: claim a target card your dice can blast",
        "stop": "Stop! the last target card must be claimed now",
        "blast": "it is your turn to blast droids on your sheet with your dice",
        "unlock": "you may unlock a power-up"}


def walkthrough_words(game, seat: int, view: dict[str, Any], shown, context: dict[str, Any]) -> Any:
    """The first-game walkthrough's words for ``seat``: roll its dice when
    the camera waits for them, else what its choices (``shown``) do; None
    when the game is not waiting for it."""
    from firmware.screens.walkthrough import Words, oled_words, todo_words
    if not shown.choices:
        if any(r.get("player") == seat for r in game.chance_requests()):
            if _rolling_again(game, seat):      # book: "keep as many dice as you want and reroll the rest"
                return Words("reroll your dice", "keep the dice you like in your tray and roll the rest "
                             "(the camera reads them all)", ("keep some, roll the rest", "roll the rest!"))
            return Words("roll your dice", "when the count says roll!, roll all your dice in your tray "
                         "(the camera reads them)", ("roll your dice!", "roll!"))
        return None
    now = _NOW.get(view.get("phase"), "it is your turn")
    return Words(now, todo_words(shown, _NOUNS, _VERBS), oled_words(shown, _SHORT))


def first_round(game) -> bool:
    """True during round 1 of the game's rounds."""
    return game.view(None).get("round") == 1


#: What the seat's OLED says of a reroll at the real cabinet.
KEEP_BY_HAND = "reroll: keep what you like, roll the rest"
#: The same on one line of the OLED.
KEEP_SHORT = "keep some, roll rest"


def fitting_dice(dice: list[int] | None, card_id: str | None) -> list[int]:
    """The values of ``dice`` (pips 1-6) that fit target card ``card_id``:
    those showing one of its two droid colours, in the dice's order; [] with
    no dice or no card.

    Raises:
        KeyError: ``card_id`` names no target card.
    """
    if not dice or not card_id:
        return []
    colours = default_components().card(card_id).colours
    return [v for v in dice if v in colours]


def _rolling_again(game: Any, seat: int) -> bool:
    """True when ``seat`` already has dice this round (a reroll, not the
    round's first roll)."""
    return game.seat_dice(seat) is not None


def _values(dice: list[int]) -> str:
    """Dice values in words, low to high: "2 2 5"."""
    return " ".join(str(v) for v in sorted(dice))


def dice_words(game: Any, request: dict[str, Any], kept: list[int] | None) -> str:
    """The seat's words while the game waits for its dice (the dice
    station's prompt): the round's first roll "roll all 6 dice!"; a reroll
    at the real cabinet (``kept`` None) "reroll: keep what you like, roll
    the rest"; in the simulator, the dice the table kept, named by their
    faces, and the others rolled: "keep 2 2 5; roll the other 3" (PT33:
    "keep 2, roll 5 dice" read as seven dice; a line short of room keeps
    the clause before "; "), "roll the other die" for one ("roll all 6
    dice!" when it kept none)."""
    n = int(request.get("count", 6))
    if request.get("player") is None or not _rolling_again(game, int(request["player"])):
        return f"roll all {n} dice!"
    if kept is None:
        return KEEP_BY_HAND
    if not kept:
        return f"roll all {n} dice!"
    rest = n - len(kept)
    return f"keep {_values(kept)}; roll the other {'die' if rest == 1 else rest}"


def reroll_forms(view: dict[str, Any], seat: int, target: str | None, simulated: bool) -> list[str]:
    """What a seat's press on "reroll" does, said before the press, longest
    first (shorter forms for a line short of room): at the real cabinet
    "keep what you like, roll the rest"; in the simulator, with the card its
    cursor last rested on (``target``) while it is face up, the dice that
    fit it stay, named ("keep 2 2 5 for B, roll the other 3"; issue 34: "keep 3"
    was read as pairs), "none fit B: roll all 6" when none does, "B taken:
    roll all 6" once another seat claimed it (PT71), else "no card: roll
    all 6" (as :func:`kept_dice` keeps)."""
    if not simulated:
        return [KEEP_BY_HAND]
    dice = view["seats"][seat]["dice"] or []
    letters = card_letters(view)
    if target is not None and target_taken(view, target):     # another seat took it (PT71: say so)
        return taken_forms(view, target, len(dice))
    if target not in (view.get("face_up_ids") or []):     # none looked at
        return [f"no card: roll all {len(dice)}"]
    kept, letter = fitting_dice(dice, target), letters[target]
    if not kept:
        return [f"none fit {letter}: roll all {len(dice)}", f"roll all {len(dice)}"]
    vals, rest = _values(kept), len(dice) - len(kept)
    if not rest:     # all fit: a reroll would throw none (PT29), the card is there to claim
        return all_fit_forms(view, seat, letter, on_card=False)
    # PT33/PT43: "keep 5, roll 5" mixed a face and a count: the dice thrown are "the other" N
    return [f"keep {vals} for {letter}, roll the other {rest}", f"keep {vals} ({letter}), roll other {rest}",
            f"keep {vals} for {letter}", f"keep {vals}"]


#: How a person chooses the card a simulated reroll keeps dice for (RG-16),
#: said on the HDMI during the roll (issue 34: "To keep dice: stay on a
#: card, then reroll" was cryptic).
KEEP_HOW = "Point at a card, then reroll: the dice that fit it stay"


def card_keep_words(view: dict[str, Any], seat: int, card: str | None, guarded: bool = False) -> list[str]:
    """Simulator, the cursor on a card: which dice a reroll would keep for
    it (once the cursor rested there it is the seat's target, RG-16),
    named, longest first: "reroll keeps 2 2 5 for B", ... "keeps 2 2 5";
    "reroll: none fit B" (issue 34: "stay: reroll keeps 3" puzzled a
    tester who counted two dice; the 5 and both 2s fit); every die fitting
    it: "all 6 fit B: press claims" (``guarded``: the press only shows the
    cursor, issue 34: "all 6 fit B")."""
    dice = view["seats"][seat]["dice"] or []
    kept = fitting_dice(dice, card) if card else []
    letter = card_letters(view).get(card, "?")
    if not kept:
        return [f"reroll: none fit {letter}", f"none fit {letter}"]
    if len(kept) == len(dice):      # all fit: the press claims it (PT29)
        return [f"all {len(dice)} fit {letter}"] if guarded else all_fit_forms(view, seat, letter, on_card=True)
    vals = _values(kept)
    return [f"reroll keeps {vals} for {letter}", f"reroll keeps {vals} ({letter})", f"reroll keeps {vals}",
            f"keeps {vals}"]


def target_taken(view: dict[str, Any], target: str) -> bool:
    """True when the card ``target`` (an id) was claimed this round, so no
    longer face up: a reroll keeps no dice for it."""
    return target not in (view.get("face_up_ids") or []) and any(s.get("claim") == target for s in view["seats"])


def taken_forms(view: dict[str, Any], target: str, n: int) -> list[str]:
    """A reroll that keeps no die because another seat claimed its card
    ``target`` (PT71), longest first: "B was taken: roll all 6", "B taken:
    roll all 6", "B taken: all 6", "roll all 6" (``n`` dice)."""
    letter = card_letters(view)[target]
    return [f"{letter} was taken: roll all {n}", f"{letter} taken: roll all {n}", f"{letter} taken: all {n}",
            f"roll all {n}"]


#: What a seat's OLED says of its armed reroll at the real cabinet (ruling RG-15).
ARMED_WORDS = "press again to reroll"


def armed_forms(view: dict[str, Any], seat: int, fixed: list[int] | None,
                target: str | None = None) -> list[str]:
    """What the second press on an armed reroll does, longest first
    (shorter forms for a line short of room): in the simulator the dice its
    arming fixed (``fixed``, ruling RG-16) "press again: keep 1 1 1, roll
    the other 3", "keep 1 1 1" under the band's "again: reroll" ("press
    again: roll all 6" when none; "B taken: roll all 6" when none because
    another seat claimed the seat's ``target``, PT71: an armed "roll all 6"
    did not say why the keep for B had gone); at the real cabinet
    (``fixed`` None) "press again to reroll"."""
    if fixed is None:
        return [ARMED_WORDS]
    n = len(view["seats"][seat]["dice"] or [])
    # (the shorter forms leave "again" to the choice band under them, "again: reroll": PT61 read the
    # line "again: keep 2 2 4" as done)
    if not fixed and target is not None and target_taken(view, target):
        return taken_forms(view, target, n) + [ARMED_WORDS]
    if not fixed:
        return [f"press again: roll all {n}", f"roll all {n}", ARMED_WORDS]
    vals, rest = _values(fixed), n - len(fixed)
    if not rest:     # all fit its target: the confirm throws no die (PT29: say so, not "to reroll")
        return [f"press again: keep all {n}, roll 0", f"keep all {n}, roll 0", "throws no die"]
    return [f"press again: keep {vals}, roll the other {rest}", f"keep {vals}, roll the other {rest}",
            f"keep {vals}, roll other {rest}", f"keep {vals}", ARMED_WORDS]


def keep_short(view: dict[str, Any], seat: int, target: str | None, simulated: bool,
               fixed: list[int] | None = None) -> str:
    """:func:`reroll_forms` in a few words, for a line it shares (the Stop
    seat's rerolls left, a seat's banner): "keep 2 2 5", "roll all 6",
    "keep some"; with ``fixed`` (an armed reroll's dice, RG-16) those."""
    if not simulated:
        return "keep some"
    dice = view["seats"][seat]["dice"] or []
    if fixed is not None:
        kept = fixed
    else:
        kept = fitting_dice(dice, target) if target in (view.get("face_up_ids") or []) else []
    return f"keep {_values(kept)}" if kept else f"roll all {len(dice)}"


def kept_dice(game: Any, seat: int, target: str | None) -> list[int]:
    """Simulator, a person's reroll: the seat's dice that fit ``target``
    (the card its cursor last pointed at, while still face up), [] with
    none: the table rolls the others."""
    view = game.view(seat)
    if target not in (view.get("face_up_ids") or []):
        return []
    return fitting_dice(view["seats"][seat]["dice"], target)


def one_line(text: str) -> list[str]:
    """Shorter forms of ``text`` for one OLED line: with :data:`KEEP_SHORT`
    for :data:`KEEP_BY_HAND` (none when it has no such words)."""
    return [text.replace(KEEP_BY_HAND, KEEP_SHORT)] if KEEP_BY_HAND in text else []


def all_fit_letter(view: dict[str, Any], seat: int, card: str | None) -> str | None:
    """The letter of target card ``card`` when it is face up and every one
    of ``seat``'s dice fits it (a reroll aimed at it would keep them all
    and throw none: the seat has only to claim it), else None."""
    dice = view["seats"][seat]["dice"] or []
    if not dice or card not in (view.get("face_up_ids") or []):
        return None
    return card_letters(view).get(card) if len(fitting_dice(dice, card)) == len(dice) else None


def all_fit_forms(view: dict[str, Any], seat: int, letter: str, on_card: bool, twice: bool = False) -> list[str]:
    """Every die of ``seat`` fits card ``letter`` (:func:`all_fit_letter`):
    what its next press does, longest first (PT29: "Stop! 1 reroll" alone
    when all six dice fit card C).  On the card: the press claims it; on
    "reroll": the way to claim it (a reroll would throw no die)."""
    n = len(view["seats"][seat]["dice"] or [])
    if on_card and twice:      # at Stop a claim arms first (no_race, PT43)
        return [f"all {n} fit {letter}: press twice to claim", f"press twice: claim {letter}",
                f"all fit {letter}: press 2x"]
    if on_card:
        return [f"all {n} fit {letter}: press claims", f"all fit {letter}: press claims", f"press claims {letter}"]
    return [f"all {n} fit {letter}: aim at {letter}, claim", f"all {n} fit {letter}: aim at {letter}",
            f"all fit {letter}: aim at {letter}"]


def no_race(view: dict[str, Any], action: dict[str, Any]) -> bool:
    """A claim at Stop (RG-8; solo: "Time!", RG-10) is no race: the Stop
    seat is the only one without a card and no timer runs, so its claim
    arms first like every choice that is no race (ruling CAB-2; PT43, a
    fresh play-tester: one press on a card at Stop claimed it, twice, and
    threw away the seat's rerolls)."""
    return action.get("type") == "claim" and view.get("phase") == "stop"


def stop_forms(view: dict[str, Any], seat: int, chosen: dict[str, Any] | None, target: str | None,
               simulated: bool, armed: bool = False) -> list[str]:
    """Stop (RG-8), ``seat`` the Stop seat with rerolls left and its dice
    in: what its next press does, longest first, always naming the card it
    claims or the card a reroll keeps dice for (PT29; never "Stop! 1
    reroll" alone while a shorter form names the card).  ``chosen``: the
    choice under its cursor; ``target``: the card a simulated reroll keeps
    dice for (RG-16); ``armed``: the claim under the cursor is armed (it
    arms first, :func:`no_race`), so the next press claims: "press again:
    claim C"."""
    left = plural(view["rerolls_left"], "reroll")
    stop = f"{'Time!' if len(view['seats']) == 1 else 'Stop!'} {left}"
    letters = card_letters(view)
    if chosen is not None and chosen.get("type") == "claim":
        letter = letters.get(chosen.get("card"), "?")
        if armed:
            return [f"press again: claim {letter}; {left} left", f"press again: claim {letter}",
                    f"again: claim {letter}"]
        if all_fit_letter(view, seat, chosen.get("card")):
            return all_fit_forms(view, seat, letter, on_card=True, twice=True)
        # PT38: never "2 left"; PT42: "claims C; 2 rerolls" read as "you claimed C"; PT43: "claim C? 2
        # rerolls" read as a question: the words say the presses (a claim at Stop arms first, no_race)
        return [f"press twice: claim {letter}; {left} left", f"press twice: claim {letter}",
                f"2 presses claim {letter}", f"claim {letter}: 2 presses"]
    letter = all_fit_letter(view, seat, target) if simulated else None
    if letter:
        return all_fit_forms(view, seat, letter, on_card=False)
    keeps = reroll_forms(view, seat, target, simulated)
    short = keep_short(view, seat, target, simulated)
    forms = [f"{keeps[0]}; {left} left", f"{left}, {short}", f"{short}, {view['rerolls_left']} left"]
    if simulated and target in (view.get("face_up_ids") or []) and fitting_dice(view["seats"][seat]["dice"], target):
        forms += [f"{left}: keep for {letters[target]}", f"keep for {letters[target]}"]
    return forms + [stop]
