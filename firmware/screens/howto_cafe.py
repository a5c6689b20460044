"""How to play the turn-based games, Cryptid Cafe, Ginza Retro Café and
Café International Junior: their pages (after the rulebooks in
/work/shared/rules and docs/rulings.md, in our own words;
:mod:`firmware.screens.howto_parts` for the pieces)."""
from __future__ import annotations

from engines.cryptid_cafe.data import components
from firmware.screens.howto_parts import (ARROW, AT_THE_CABINET, AT_THE_CABINET_GROUPS, BLUE, CROSS, DICE_TRAY,
                                          KEYS, KEYS_LIT, PURPLE, RED, YELLOW, Page, take_back_page, tile)

#: Solo: the coins every 2 leftover dishes cost, by difficulty (paid to AI Player 2)
_WASTE = dict(components().solo_wasted_dish_coins)

#: The customer card drawn on the pages: what each of its icons says.
_YETI = ("customer", {"name": "Yeti", "type": "terrestrial", "tip": 5, "order": (("beuvnoire", 3),
                                                                               ("croque_monsieur", 1))})

CRYPTID_CAFE = (
    Page("The game", (
        tile("3\u00a0servers, 2\u00a0customers, 5\u00a0coins each (7 if 5\u00a0play)",
             ("meeple", {"seat": 0}), ("meeple", {"seat": 0}), ("meeple", {"seat": 0})),
        tile("9\u00a0rounds (8 with 4\u00a0players, 10 with 5)", ("icon", {"name": "clock", "frac": 0.6})),
        tile("A round: send servers, tips, serve, move customers", ("meeple", {"seat": 1}),
             ("dish", {"name": "kaputtcino"}), ARROW, ("mood", {"name": "green"})),
    )),
    Page("Read a customer's card", (
        tile("Top: its name; left: its type, air, land or water", _YETI),
        tile("Right, the coin: the tip it pays if served now", ("coin", {"label": 5})),
        tile("Bottom: the dishes it orders, each with how many", ("order", {"dish": "beuvnoire", "count": 3}),
             ("order", {"dish": "croque_monsieur", "count": 1})),
    )),
    Page("1 Send servers", (
        tile("In turn, send one server to a station, rank 3, 2\u00a0or\u00a01",
             ("meeple", {"seat": 0, "label": "3"}), ("dish", {"name": "kaputtcino"})),
        tile("Rank = dishes it collects; one of your servers per station", ("meeple", {"seat": 1, "label": "2"}),
             ("dish", {"name": "waterzoeil"}), ("dish", {"name": "waterzoeil"})),
        tile("Arrows choose station and rank; press twice to send", KEYS_LIT),
    )),
    Page("2 Share tips, collect dishes", (
        tile("On a station's lowest rank: pay 1\u00a0coin a rank to move up", ("coin", {"label": 1}), ARROW,
             ("meeple", {"seat": 0, "label": "2"})),
        tile("Once a round; the servers you pass move down", ("meeple", {"seat": 1, "label": "1"}),
             ("lock", {})),
        tile("Then each server collects its rank in dishes", ("meeple", {"seat": 0, "label": "2"}), ARROW,
             ("dish", {"name": "beuvnoire"}), ("dish", {"name": "beuvnoire"})),
    )),
    Page("1 or 2 seats: the AI players", (
        tile("AI players send grey servers: a card picks the station", ("icon", {"name": "deck"}),
             ARROW, ("meeple", {"ai": True, "label": "AI3"})),
        tile("AI die, its rank: blank 1, one star 2, two stars 3",
             ("aidie", {"symbols": 0}), ("aidie", {"symbols": 1}), ("aidie", {"symbols": 2})),
        tile("On a lowest rank, up free: one star 1, two stars 2",
             ("aidie", {"symbols": 2}), ARROW, ("meeple", {"ai": True, "label": "AI3"})),
    )),
    Page("3 Serve customers", (
        tile("Give a customer the dishes it orders: you get the tip it shows", ("dish", {"name": "beuvnoire"}),
             ("dish", {"name": "beuvnoire"}), ARROW, ("coin", {"label": 5})),
        tile("Serve as many as you can; dishes left over keep", ("order", {"dish": "baba_au_rhume", "count": 2})),
        tile("Served sooner, bigger tip", ("mood", {"name": "green"}), ("mood", {"name": "yellow"}),
             ("mood", {"name": "red"})),
    )),
    Page("4 Move customers", (
        tile("Every customer moves right: all 1\u00a0space or all 2, you choose", ("mood", {"name": "green"}),
             ARROW, ("mood", {"name": "yellow"})),
        tile("New customers fill the empty green spaces: 2 makes room", ("mood", {"name": "green"}),
             ("mood", {"name": "green"})),
        tile("Moved past the last space: a walkout", ("mood", {"name": "red"}), ARROW, CROSS),
    )),
    Page("Once a game each", (
        tile("Manager: swap two of your customers' spaces, any time it is on your list",
             ("mood", {"name": "yellow"}), ARROW, ("mood", {"name": "green"})),
        tile("Change My Order: before serving, your customer copies another seat's order and tip",
             ("order", {"dish": "kaputtcino", "count": 2}), ARROW, ("coin", {"label": 3})),
    )),
    Page("Events", (
        tile("Some customer cards are events: they count next round", ("icon", {"name": "deck"})),
        tile("A station closed: nobody collects its dish", ("dish", {"name": "croque_monsieur"}), CROSS),
        tile("Or every customer must move 2\u00a0spaces", ("mood", {"name": "yellow"}), ARROW,
             ("mood", {"name": "red"})),
    )),
    Page("The end: the most coins wins", (
        tile("Each walkout costs 1 to 4\u00a0coins, by customer", ("mood", {"name": "red"}), ARROW,
             ("sign", {"text": "-2"})),
        # solo: the rulebook's "Solo and 2-Player Rules" (issue 34, PT13: the page gave only the 1 coin)
        tile(f"Dishes left over: 1\u00a0coin per 2; solo {_WASTE['easy']} (hard {_WASTE['hard']}, "
             f"epic {_WASTE['epic']}) to AI\u00a0Player\u00a02", ("dish", {"name": "waterzoeil"}),
             ("dish", {"name": "waterzoeil"}), ARROW, ("sign", {"text": "-1"})),
        tile("3 served of one type: 3\u00a0coins, +1 for each more", ("ctype", {"name": "airborne"}),
             ("ctype", {"name": "airborne"}), ("ctype", {"name": "airborne"})),
    )),
    AT_THE_CABINET,
    take_back_page("take back a serve, tips or an order",
                   "Until another seat or the AI moves: after a server, at once",
                   ("meeple", {"seat": 1}), ("meeple", {"ai": True, "label": "AI3"})),
)

GINZA = (
    Page("The goal", (
        tile("Serve your customers' orders with your dice", ("plate", {"name": "Omurice"}),
             ("plate", {"name": "Coffee"})),
        tile("Order cards, bonus cards and coins give points", ("icon", {"name": "star"}), ("coin", {"label": 3})),
        tile("No customers left: the most points wins", ("icon", {"name": "trophy", "won": True})),
    )),
    Page("Before the first round", (
        tile("Keep 1 of 2 player cards: a power and a dice limit",
             ("icon", {"name": "hand"}), ("die", dict(RED, value=5))),
        tile("Draft 2 bonus cards: secret goals for the end", ("icon", {"name": "star"}),
             ("icon", {"name": "star"})),
        tile("5\u00a0dice of your colour; 3\u00a0action tokens (4 with 2\u00a0players)",
             ("die", dict(RED, value=2)), ("token", {"seat": 0, "label": "3"})),
    )),
    Page("Your turn: one action", (
        tile("Serve: dice matching an order (a sum for drinks)", ("die", dict(RED, value=3)),
             ("die", dict(RED, value=3)), ARROW, ("plate", {"name": "Pudding"})),
        tile("Arrange: change, reroll or add dice", ("arrange", {"name": "change"}),
             ("arrange", {"name": "reroll"}), ("arrange", {"name": "add"})),
        tile("Wash dishes: your ones become coins", ("die", {"value": 1}), ARROW, ("coin", {"label": 3})),
    )),
    Page("Serve an order", (
        tile("Food, dessert: exactly the dice shown", ("die", dict(RED, value=3)), ("die", dict(RED, value=3)),
             ARROW, ("plate", {"name": "Pudding"})),
        tile("A drink 8+: dice adding up to 8 or more", ("die", dict(RED, value=4)), ("die", dict(RED, value=5)),
             ARROW, ("plate", {"name": "Coffee"})),
        tile("Your token goes on the order; take its coins now", ("token", {"seat": 0, "label": "1"}), ARROW,
             ("coin", {"label": 2})),
    )),
    Page("Served; the purple dice", (
        tile("Every order covered: take your cards and tokens",
             ("token", {"seat": 0, "label": "1"}), ARROW, ("plate", {"name": "Parfait"})),
        tile("Two or more of its orders yours: \u00a52 more", ("coin", {"label": 2})),
        tile("A purple die: \u00a53, one a serve, then it is gone", ("die", dict(PURPLE, value=6)),
             ("coin", {"label": 3})),
    )),
    Page("The customers", (
        tile("Morning, Daytime, Night: one per player each", ("icon", {"name": "deck"}),
             ARROW, ("plate", {"name": "Parfait"})),
        tile("Time 2, 1, 0: it leaves unserved, orders discarded",
             ("sign", {"text": "2"}), ARROW, ("sign", {"text": "1"}), ARROW, CROSS),
        tile("Served or gone: a new customer comes", ("icon", {"name": "deck"}), ARROW,
             ("plate", {"name": "Coffee"})),
    )),
    Page("Arrange", (
        tile("Change: one die +1 or -1 (level\u00a02: twice)", ("arrange", {"name": "change"}),
             ("die", dict(RED, value=3)), ARROW, ("die", dict(RED, value=4))),
        tile("Reroll: some dice, then some of those again (level\u00a02: 4 rolls)",
             ("arrange", {"name": "reroll"})),
        tile("Add: up to 3\u00a0dice, not past your limit (level\u00a02: up to it)",
             ("arrange", {"name": "add"}), ("die", dict(RED, value=6))),
    )),
    Page("Wash; before your action, grow", (
        tile("Wash: no, one, two, three ones give \u00a51, 3, 5, 7", ("die", {"value": 1}),
             ("die", {"value": 1}), ARROW, ("coin", {"label": 5})),
        tile("Arrange card to level\u00a02: \u00a53, with order cards of 4\u00a0VP in its colour",
             ("arrange", {"name": "reroll"}), ("coin", {"label": 3})),
        tile("Or a higher dice limit: \u00a54, 4, 6, 6, and a new die", ("coin", {"label": 4}), ARROW,
             ("die", dict(YELLOW, value=6))),
    )),
    Page("End of a round", (
        tile("All tokens used: customers' time drops, at 0 they leave",
             ("icon", {"name": "clock", "frac": 0.7})),
        tile("Tokens on orders stay; the others come back", ("token", {"seat": 0, "label": "1"}),
             ("token", {"seat": 1, "label": "2"})),
        tile("Dice refill to your limit; the most dice starts next", ("die", dict(BLUE, value=2)),
             ("die", dict(BLUE, value=5))),
    )),
    Page("Points at the end", (
        tile("Your order cards' points and bonus cards achieved", ("plate", {"name": "Omurice"}),
             ("icon", {"name": "star"})),
        tile("1\u00a0point for every \u00a54", ("coin", {"label": 4}), ARROW, ("sign", {"text": "1"})),
        tile("A tie: more order-card points wins", ("icon", {"name": "trophy", "won": True})),
    )),
    DICE_TRAY,
    AT_THE_CABINET_GROUPS,
    take_back_page("your last choice is taken back",
                   "Until the next seat moves, dice are rolled or a customer comes",
                   ("die", dict(RED, value=5)), ("plate", {"name": "Parfait"})),
)

CAFE_JUNIOR = (
    Page("Seat the guests", (
        tile("Your 6\u00a0guests are on your screen (the first player: 8)", ("guest", {"gender": "girl"}),
             ("guest", {"gender": "boy"})),
        tile("A guest sits on a side showing their flag", ("flag", {"code": "JPN"}), ARROW, ("tabletop", {})),
        tile("Each table: two girls and two boys", ("guest", {"gender": "girl"}),
             ("guest", {"gender": "girl"}), ("guest", {"gender": "boy"}), ("guest", {"gender": "boy"})),
    )),
    Page("Your turn", (
        tile("Seat as many guests as you like, one at a time", ("guest", {"gender": "boy"}), ARROW,
             ("tabletop", {})),
        tile("None fits, or you want new ones? Discard guests instead", ("guest", {"gender": "girl"}), CROSS),
        tile("End your turn: draw back up to 6", ("icon", {"name": "deck"}), ARROW, ("guest", {"gender": "boy"})),
    )),
    Page("Points", (
        tile("1\u00a0point for each guest you seat", ("guest", {"gender": "boy"}), ARROW, ("coin", {"label": 1})),
        tile("Fill a table's last seat: 10\u00a0points and your turn ends",
             ("tabletop", {}), ARROW, ("coin", {"label": 10})),
        tile("All 6 seated in one turn with a table filled: doubled", ("sign", {"text": "\u00d72"})),
    )),
    Page("Jokers", (
        tile("A joker sits anywhere, as a girl or a boy", ("guest", {"gender": "girl", "joker": True})),
        tile("Swap a seated joker for a fitting guest; take the joker",
             ("guest", {"gender": "girl"}), ARROW, ("guest", {"gender": "girl", "joker": True})),
        tile("A joker left in hand at the end: -5", ("guest", {"gender": "boy", "joker": True}),
             ("sign", {"text": "-5"})),
    )),
    Page("The end", (
        tile("Ends when the last seat is filled or the cards run out", ("tabletop", {"turned": True}),
             ("icon", {"name": "deck"})),
        tile("The most points wins", ("icon", {"name": "trophy", "won": True})),
    )),
    AT_THE_CABINET,
    take_back_page("take back your last guest",
                   "Until your turn ends and new guests are drawn",
                   ("guest", {"gender": "girl"}), ARROW, ("icon", {"name": "deck"})),
)
