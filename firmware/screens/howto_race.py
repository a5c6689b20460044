"""How to play the real-time games, Retrograde and Cha dango: their pages
(after the rulebooks in /work/shared/rules and docs/rulings.md, in our
own words; :mod:`firmware.screens.howto_parts` for the pieces)."""
from __future__ import annotations

from firmware.screens.howto_parts import ARROW, BLUE, CROSS, DICE_TRAY, KEYS, KEYS_LIT, RED, Page, tile

RETROGRADE = (
    Page("The goal", (
        tile("Blast droids on your sheet: 1\u00a0point each", ("droid", {"pips": 1}), ("droid", {"pips": 4}),
             ("droid", {"pips": 6, "blasted": True})),
        tile("Trophies and bosses score too", ("icon", {"name": "trophy", "won": True, "label": 4}), ("boss", {})),
        tile("8\u00a0rounds; the most points wins (a tie: most coins left)", ("icon", {"name": "deck"}),
             ("icon", {"name": "star"})),
    )),
    Page("Colours are pips", (
        tile("Yellow\u00a01, orange\u00a02, pink\u00a03", ("droid", {"pips": 1}), ("droid", {"pips": 2}),
             ("droid", {"pips": 3})),
        tile("Green\u00a04, red\u00a05, blue\u00a06", ("droid", {"pips": 4}), ("droid", {"pips": 5}),
             ("droid", {"pips": 6})),
        tile("Each round cards are turned up, each with 2\u00a0droid colours", ("target", {"pips": (6, 3)}),
             ("target", {"pips": (2, 5)})),
    )),
    Page("Roll, then claim a card", (
        tile("After 3-2-1 everyone rolls at once: keep some dice, roll the rest", ("die", dict(BLUE, value=6)),
             ("die", dict(RED, value=5)), ("die", dict(BLUE, value=6))),
        tile("To roll again: cursor on 'reroll', press twice", KEYS_LIT),
        tile("Happy? Arrows to a card, press once: it is yours, no more rolls", ("target", {"pips": (6, 3)}),
             ("icon", {"name": "hand"})),
    )),
    Page("Too slow?", (
        tile("Last without a card: 2\u00a0more rolls, then take one of the cards left",
             ("icon", {"name": "hourglass"}), ("target", {"pips": (2, 5)})),
        tile("Then everyone blasts, the last to claim first", ("droid", {"pips": 5, "blasted": True})),
    )),
    Page("Blast droids", (
        tile("A pair of dice in a colour of your card blasts one droid of it", ("die", dict(BLUE, value=6)),
             ("die", dict(BLUE, value=6)), ARROW, ("droid", {"pips": 6, "blasted": True})),
        tile("Several droids: each touches the last, diagonals too", ("droid", {"pips": 6, "blasted": True}),
             ("droid", {"pips": 6, "blasted": True}), ("droid", {"pips": 3})),
        tile("One die left over can circle its trophy: 1\u00a0point, all six +3", ("die", {"value": 4}), ARROW,
             ("icon", {"name": "trophy", "won": True, "label": 4})),
    )),
    Page("Coins and comets", (
        tile("A card with a coin: mark a coin at the round's end", ("icon", {"name": "coin"}), ARROW,
             ("coin", {"label": 1})),
        tile("Spend a coin when blasting: a copy of one of your dice", ("coin", {"label": 1}), ARROW,
             ("die", {"value": 6})),
        tile("Comet: 3\u00a0matching dice blast 1\u00a0droid of any colour",
             ("icon", {"name": "comet"}), ("droid", {"pips": 2, "blasted": True})),
    )),
    Page("Bosses and power-ups", (
        tile("A whole column blasted: its boss too, 3\u00a0points", ("droid", {"pips": 3, "blasted": True}),
             ARROW, ("boss", {"defeated": True})),
        tile("A card with a power-up: keep it beside your sheet", ("icon", {"name": "power"})),
        tile("A whole row blasted unlocks one for the next rounds", ("droid", {"pips": 1, "blasted": True}),
             ARROW, ("icon", {"name": "power"})),
    )),
    DICE_TRAY,
)

#: Cha dango's race, how a seat hits: the ONE place to adjust when the hit
#: rule changes (ruling CD-12: a hit names the customer under the seat's
#: cursor; a wrong customer wins nothing and ends the seat's order; a hit
#: when nothing matches is no sip; the menu's "Wrong hit costs" row may add
#: VP cards as a house rule).
CHA_DANGO_HIT = Page("A customer matches? Hit it", (
    tile("Move your cursor onto the customer with your arrows", ("figure", {"name": "fox"}), KEYS),
    tile("Press: the first right hit wins the card, 1\u00a0point", KEYS_LIT, ARROW,
         ("icon", {"name": "deck"})),
    tile("A wrong customer wins nothing: you are out of this order", ("figure", {"name": "cat"}), CROSS),
))

CHA_DANGO = (
    Page("The cards", (
        tile("Each card: a figure, a dango colour and a background",
             ("chacard", {"figure": "fox", "dango": "pink", "background": "teal"})),
        tile("The customers sit in the middle", ("chacard", {"figure": "cat", "dango": "green", "background": "red"}),
             ("chacard", {"figure": "panda", "dango": "white", "background": "blue"})),
        tile("The deck's back asks for a figure, dango or background",
             ("back", {"attribute": "figure"}), ("back", {"attribute": "dango"}),
             ("back", {"attribute": "background"})),
    )),
    Page("An order", (
        tile("Your turn to reveal: your screen says press", KEYS_LIT, ARROW,
             ("chacard", {"figure": "fox", "dango": "pink", "background": "teal"})),
        tile("The order: the back uncovered asks, on the card revealed",   # CD-1: the new top card
             ("back", {"attribute": "figure"}),
             ("sign", {"text": "+"}), ("figure", {"name": "fox"})),
        tile("Every customer with that (here: a fox) matches",
             ("chacard", {"figure": "fox", "dango": "white", "background": "red"})),
    )),
    CHA_DANGO_HIT,
    Page("No match? Sip tea", (
        tile("No customer matches: lift your cup 1\u00a0s, then put it down", ("icon", {"name": "cup"})),
        tile("The slowest gives back a VP card: pick it on your screen",
             ("icon", {"name": "hourglass"}), ("icon", {"name": "deck"})),
        tile("Hit when none matches: you are the slowest",
             ("figure", {"name": "rabbit"}), CROSS),
    )),
    Page("Answer once", (
        tile("Your first answer counts: a hit, or lifting your cup", KEYS_LIT, ("icon", {"name": "cup"})),
        tile("The revealed card then joins the customers", ("icon", {"name": "deck"}), ARROW,
             ("chacard", {"figure": "tanuki", "dango": "yellow", "background": "orange"})),
    )),
    Page("The end", (
        tile("When no order can be made, the dango are sold out", ("dango", {"name": "green"}),
             ("dango", {"name": "white"}), ("dango", {"name": "yellow"})),
        tile("The most cards wins (a tie is shared)", ("icon", {"name": "deck"}),
             ("icon", {"name": "trophy", "won": True})),
    )),
)
