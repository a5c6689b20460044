"""One place per game: what the cabinet needs of each game, in one object.

A :class:`CabinetGame` holds, for one engine, its screens (the module that
draws its HDMI scene and its seats' OLEDs), the order and words of its
choices, the parts a seat needs, its menu words, the sounds its events make
and its rules-specific hooks (Ginza's GR-7 confirmation by camera, Cha
dango's pauses and resumed races, Retrograde's countdown).  Generic code
(the runtime, the controls, the session, the menu, the wiring, the sounds)
asks :func:`cabinet_game` instead of switching on the game's id.

Adding a sixth game: write its engine (``engines/``), its bot (``bots/``),
its screens module here (``firmware/screens/<game>.py``: ``screen``,
``oled_frame``, ``label``), and one :class:`CabinetGame` in :data:`GAMES`.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable

from firmware.screens.choices import describe_action


@dataclass(frozen=True)
class CabinetGame:
    """What the cabinet needs of one game.

    Attributes:
        game_id: the engine's registry id ("ginza").
        screens: dotted name of its screens module (``screen``, ``oled_frame``,
            ``label``, optionally ``choice_order``, ``countdown``,
            ``result_pause``, ``round_summary``, ``cabinet_options``, ``resume_action``).
        menu_name: the name the menu shows ("Café Junior").
        blurb: the menu's one line on the game.
        bots_note: the menu's lines on how the bots play it.
        needs: the parts a person's seat needs beyond the big button
            ("navigation", "oled", "cup").
        bot_needs: the parts a bot's seat needs beyond the big button.
        event_cues: engine event type -> sound cue (``firmware.runtime.sounds``).
        event_captions: engine event type -> the words of its sound's
            caption where the cue's own word says too little ("customer
            served, order cards won", not "won"; ``firmware.runtime.sound_captions``).
        kept_cursor: action types whose place under a seat's cursor is kept
            between decisions (Cha dango's hits, one per customer: the
            seat's cursor stays on its customer across orders, ruling
            CD-12); other choices open on their first ordinary one.
        dice_to_confirm: rules hook, ``(game, seat, action) -> list[int] | None``:
            the dice values the camera must see turned before ``action`` is
            applied (Ginza's GR-7); None when it applies at once; raises
            ValueError when the action cannot be done now.
        moves_feed: its HDMI shows the latest moves (the first-game
            walkthrough's band then says the latest one too); Cha dango's
            board shows the order up and the race instead.
        cursor_wraps: a seat's arrows wrap from the last choice to the
            first; False stops them at the row's ends (Retrograde: its
            claims are one-press races, and PT61's Left from "reroll"
            wrapped to the last card, whose presses claimed it).
    """
    game_id: str
    screens: str
    menu_name: str
    blurb: str
    bots_note: tuple[str, ...] = ()
    needs: tuple[str, ...] = ("navigation", "oled")
    bot_needs: tuple[str, ...] = ()
    event_cues: dict[str, str] = field(default_factory=dict)
    event_captions: dict[str, str] = field(default_factory=dict)
    kept_cursor: tuple[str, ...] = ()
    dice_to_confirm: Callable[[Any, int, dict[str, Any]], list[int] | None] | None = None
    moves_feed: bool = True
    cursor_wraps: bool = True

    @property
    def module(self) -> ModuleType:
        """The game's screens module (imported on first use)."""
        return importlib.import_module(self.screens)

    def hook(self, name: str) -> Callable | None:
        """The screens module's optional function ``name`` (``countdown``,
        ``result_pause``, ``cabinet_options``, ``resume_action``,
        ``choice_order``), or None when the game has none."""
        return getattr(self.module, name, None)

    def label(self, game: Any, seat: int, action: dict[str, Any]) -> str:
        """The words the seat's OLED uses for ``action`` ("claim card D"),
        from the game's ``label`` (whatever it reads: the action alone, the
        seat's view or the game); :func:`describe_action` when it has none
        or cannot name it."""
        fn = getattr(self.module, "label", None)
        if fn is None:
            return describe_action(action)
        reads = getattr(fn, "reads", None) or _reads(fn)
        try:
            if reads == "view":
                return fn(action, game.view(seat))
            if reads == "game":
                return fn(action, game)
            return fn(action)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            return describe_action(action)

    def choice_order(self, game: Any, seat: int, acts: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The seat's choices in the order its screens show them (the
        engine's order unless the game says otherwise)."""
        order = self.hook("choice_order")
        return order(game, seat, acts) if order is not None else acts


def _reads(fn: Callable) -> str:
    import inspect
    names = list(inspect.signature(fn).parameters)
    return names[1] if len(names) > 1 else ""


def _ginza_dice_to_confirm(game: Any, seat: int, action: dict[str, Any]) -> list[int] | None:
    """Ruling GR-7: Change Dice Rolls changes physical dice in place, so the
    change waits until the camera sees the turned dice: their values, or
    None when no die turns (or it is no change).  Raises ValueError when
    the steps cannot be applied to the seat's dice."""
    if action.get("type") != "change":
        return None
    from engines.ginza.dice import apply_changes
    old = list(game.view(seat)["players"][seat]["dice"])
    turned = list(apply_changes(old, action.get("steps") or []))
    for v in old:
        if v in turned:
            turned.remove(v)
    return sorted(turned) or None


_PEOPLE_AND_BOTS = ("bots play through the same", "buttons and dice as people")

#: The five games, by engine id.
GAMES: dict[str, CabinetGame] = {g.game_id: g for g in (
    CabinetGame(
        "retrograde", "firmware.screens.retrograde", "Retrograde", "Roll, claim cards, blast droids",
        _PEOPLE_AND_BOTS,
        # a "press" is a seat's own input only; what the round's end gives (a boss, a power-up card to
        # the hand) and Stop (RG-8) are the game's, captioned as what they are (PT12: "press taken
        # (seat 1)" and "claimed (seat 3)" under a round's summary)
        event_cues={"claim_pressed": "press", "claim": "claim", "claim_lost": "lost", "stop": "turn",
                    "reroll": "press", "keep": "press", "unlock": "press", "odd": "press", "even": "press",
                    "coin": "press", "blast": "press", "comet": "press", "trophy": "press", "done": "press",
                    "boss": "claim", "power_up_kept": "claim"},
        event_captions={"stop": "Stop! last claim", "boss": "boss blasted, +3", "power_up_kept": "power-up kept"},
        cursor_wraps=False),
    CabinetGame(
        "cha-dango", "firmware.screens.cha_dango", "Cha dango", "Slap races and a tea-sip race",
        ("bots aim, hit and sip through the", "same buttons and cups as people"),
        needs=("navigation", "cup", "oled"), bot_needs=("cup",), kept_cursor=("slap",), moves_feed=False,
        event_cues={"order": "go", "customer_won": "won", "sipped": "press", "place_vp": "press",
                    "wrong_hit": "lost", "wrong_sip": "lost", "not_served": "lost", "vp_lost": "lost",
                    "slowest_sip": "lost"}),
    CabinetGame(
        "ginza", "firmware.screens.ginza", "Ginza", "Serve customers with your dice", _PEOPLE_AND_BOTS,
        event_cues={"add": "press", "wash": "press", "upgrade": "press", "raise_limit": "press",
                    "change": "press", "reroll": "press", "picked": "press", "chosen": "press", "pass": "press",
                    "serve": "claim", "served": "won", "failed": "lost"},
        event_captions={"serve": "order served", "served": "customer served, order cards won",
                        "failed": "customer left unserved"},
        dice_to_confirm=_ginza_dice_to_confirm),
    CabinetGame(
        "cryptid-cafe", "firmware.screens.cryptid_cafe", "Cryptid Cafe", "Place servers, cook, serve orders",
        ("bots play through the same", "buttons as people"),
        event_cues={"place": "press", "share_tips": "press", "skip_share": "press", "change_order": "press",
                    "keep_order": "press", "take_dish": "press", "done_serving": "press", "ai_place": "press",
                    "serve": "claim", "walkout": "lost"},
        event_captions={"serve": "customer served", "walkout": "customer walked out"}),
    CabinetGame(
        "cafe-junior", "firmware.screens.cafe_junior", "Café Junior", "Seat guests at tables by flag",
        ("your hand is on your seat's", "screen; bots play through", "the same buttons as people"),
        event_cues={"placed": "press", "discarded": "press", "exchanged": "press", "table_complete": "claim"},
        event_captions={"table_complete": "table filled"}),      # PT45: "claimed (seat 1)" said nothing of it
)}


def cabinet_game(game_id: str) -> CabinetGame | None:
    """The cabinet's declaration of ``game_id``, or None for an engine the
    cabinet has no screens for (it cannot be played on the cabinet)."""
    return GAMES.get(game_id)
