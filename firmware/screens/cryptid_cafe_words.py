"""Cryptid Cafe in words: seats, dishes, stations, what to do now, the AI's
last move, ranks and what a pending choice would do."""
from __future__ import annotations

import re
from typing import Any

from firmware.screens.choices import cursor_choices



from engines.cryptid_cafe.data import components


STATIONS = ("kaputtcino", "baba_au_rhume", "beuvnoire", "croque_monsieur", "waterzoeil")


PHASE_WORDS = {"place": "Send servers", "share": "Share tips", "change_order": "Change My Order?",
               "serve": "Serve customers", "move": "Cleanup", "over": "Final scoring"}

SYMBOLS = {"blank": 0, "one symbol": 1, "two symbols": 2}


def seat_name(who: Any) -> str:
    """A station occupant as players say it: seat 0 -> ``Seat 1``,
    ``"ai2"`` -> ``AI 2``."""
    if who is None:
        return "-"
    if isinstance(who, int):
        return f"Seat {who + 1}"
    return "AI " + str(who)[2:]


def dish(station: Any, short: bool = False) -> str:
    """A station's (= its dish's) name from the one table of names (the
    component data): ``short`` gives its one short form (OLED, narrow
    board columns); an unknown id is returned as given."""
    try:
        comp = components()
        return comp.station_short(str(station)) if short else comp.station_name(str(station))
    except StopIteration:
        return str(station)


def station_name(game: Any, station: str) -> str:
    """Display name of a station from the component data."""
    try:
        return game.comp.station_name(station)
    except (AttributeError, StopIteration, KeyError):
        return station


def ai_role(name: str) -> str:
    """What a non-scoring AI player does, in the rules' words (solo: "two
    AI players will simulate human players. You will be competing against
    AI Player 2"; 2 players: AI Player 3 "does not score points"):
    "AI Player 3 only sends servers" (issue 34, PT13: "does not score"
    read as jargon)."""
    return f"{name} only sends servers"


def todo_text(game, view: dict[str, Any]) -> str:
    """What the table must do now."""
    phase = view.get("phase")
    if phase == "over":
        if view.get("solo_won") is not None:
            return "You win!" if view["solo_won"] else "AI Player 2 wins"
        best = game.ranking()[0]
        return "Legendary Server: " + " and ".join(f"Seat {s + 1}" for s in best)
    active = game.active_players()
    who = " and ".join(f"Seat {s + 1}" for s in active) if len(active) <= 2 else "Everyone"
    if phase == "place":
        who = seat_name(view.get("placing"))     # the rank: how many dishes the server collects (rulebook)
        return f"{who} sends a server; rank = dishes it collects|{who} sends a server"
    if phase == "share":
        st = view.get("sharing_station")
        return f"{who}: share tips at {station_name(game, st)}|{who}: share tips" if st else "Share tips"
    if phase == "change_order":
        return f"{who}: Change My Order?|{who}: change order?"
    if phase == "serve":
        return f"{who}: serve customers"
    if phase == "move":
        return f"{who}: move customers 1 or 2|{who}: move customers"
    return PHASE_WORDS.get(phase, "")


#: a round's first event ("Round 2 of 9 ...") and AI Player 2's coins said (not a move)
_ROUND = re.compile(r"Round \d+ of \d+\b")
_AI_COINS = re.compile(r"AI Player 2 has \d+ coins?:|AI Player 2's (?:final )?score")


def ai_last(events: list[str]) -> tuple[str, int | None] | None:
    """The AI players' latest move this round among the event texts (those
    after the latest "Round N of M") and, when it was a roll, the AI die's
    face (0-2 symbols); None before an AI player moved this round."""
    starts = [i for i, e in enumerate(events) if _ROUND.match(e)]
    events = events[starts[-1]:] if starts else events       # this round's (issue 34, pt11 cy6_7: last round's die)
    moves = [e for e in events if e.startswith("AI Player") and not _AI_COINS.match(e)]
    if not moves:
        return None
    text = moves[-1]
    die = None
    for e in reversed(moves):
        mt = re.search(r"rolls the AI die(?: at [^:]+)?: (blank|one symbol|two symbols)", e)
        if mt:
            die = SYMBOLS[mt.group(1)]
            break
    return text, die


#: the AI players' moves the latest moves list keeps (the card drawn and the
#: die rolled are steps of them, said by the die drawn beside its words)
AI_MOVES = (" sends a server to ", " moves up at ", " pushes ", " stays on ", " has no station", " takes ")


def is_move(text: str) -> bool:
    """True for an event text the latest moves list shows: a seat's, or an
    AI player's move (:data:`AI_MOVES`; issue 34: the AI's placements did
    not appear, its meeple just appeared)."""
    if not text.startswith("AI Player"):
        return True
    return any(k in text for k in AI_MOVES) and not _AI_COINS.match(text)


def die_words(text: str, symbols: int) -> list[str]:
    """What the AI die rolled in ``text`` means, longest first (rulebook
    "Solo and 2-Player Rules": when placing, the rank; on the lowest rank,
    the ranks it moves up free; the die's symbols are drawn as stars):
    "AI die: 1 star: its server goes to rank 2", "AI die: 2 stars: up 2
    ranks, free", "AI die: blank: it stays"."""
    face = "blank" if symbols == 0 else f"{symbols} star{'s' if symbols != 1 else ''}"
    mt = re.search(r"\(rank (\d)\)", text)
    if mt:
        return [f"AI die: {face}: its server goes to rank {mt.group(1)}", f"AI die: {face} = rank {mt.group(1)}"]
    if symbols == 0:
        return ["AI die: blank: its server stays on the lowest rank", "AI die: blank = stays"]
    r = f"{symbols} rank{'s' if symbols != 1 else ''}"
    return [f"AI die: {face}: its server moves up {r}, free", f"AI die: {face} = up {r}"]


def ai_roll(events: list[str]) -> str | None:
    """The AI players' latest die roll among the event texts, or None."""
    rolls = [e for e in events if e.startswith("AI Player") and "rolls the AI die" in e]
    return rolls[-1] if rolls else None


# ------------------------------------------------------------------ OLED
def label(action: dict[str, Any], view: dict[str, Any] | None = None) -> str:
    """A short label for a Cryptid Cafe action (rulebook wording)."""
    kind = action.get("type")
    st = dish(action.get("station", ""))
    if kind == "place":
        return f"server to {st} rank {action.get('rank')}"
    if kind == "take_dish":
        return f"take 1 {st} dish"
    if kind == "no_dish":
        return "take no dish"
    if kind == "share_tips":
        k = action.get("ranks")
        return f"share {k} coin{'s' if k != 1 else ''}: up {k} rank{'s' if k != 1 else ''}"
    if kind == "skip_share":
        return f"keep coins at {st}"
    if kind == "change_order":
        mine = _customer_name(view, None, action.get("slot"))
        theirs = _customer_name(view, action.get("target_player"), action.get("target_slot"))
        return f"{mine} copies Seat {int(action.get('target_player', 0)) + 1}'s {theirs}"
    if kind == "keep_order":
        return "no Change My Order"
    if kind == "serve":
        return f"serve {_customer_name(view, None, action.get('slot'), tip=True)}"
    if kind == "done_serving":
        return "done serving"
    if kind == "move_customers":
        k = action.get("spaces")
        return f"move customers {k} space{'s' if k != 1 else ''}"
    if kind == "manager":
        a, b = (action.get("slots") or [0, 0])[:2]
        return f"Manager: swap {_customer_name(view, None, int(a))} and {_customer_name(view, None, int(b))}"
    return str(kind).replace("_", " ")


def _customer_name(view: dict[str, Any] | None, seat: Any, slot: Any, tip: bool = False) -> str:
    """Name of the customer on ``slot`` of ``seat``'s track (``None`` = the
    viewer), with its tip now if asked."""
    try:
        s = view["you"] if seat is None else seat
        c = view["players"][s]["track"][slot]
        return f"{c['name']} ({c['tip_now']})" if tip else c["name"]
    except (TypeError, KeyError, IndexError):
        return f"customer {int(slot or 0) + 1}"


def rank_words(action: dict[str, Any]) -> list[str]:
    """What the rank of a placing gives, longest first ("rank 2: collects
    2 dishes"; rulebook: the ranks "indicate the quantity of dishes your
    server can collect when occupying that rank"); a tip share's ranks ("up 2 ranks for 2 coins"); [] for
    other choices."""
    kind = action.get("type")
    if kind == "place":
        k = int(action.get("rank", 0))
        d = f"{k} dish{'es' if k != 1 else ''}"
        return [f"rank {k}: collects {d}", f"rank {k}: {d}", f"rank {k} = {d}"]
    if kind == "share_tips":
        k = int(action.get("ranks", 0))
        r, c = f"{k} rank{'s' if k != 1 else ''}", f"{k} coin{'s' if k != 1 else ''}"
        return [f"up {r} for {c}", f"up {r}: {c}"]
    return []


def pending_words(game, view: dict[str, Any], context: dict[str, Any]) -> list[str]:
    """The HDMI's lines for what each person's next press would do
    ("Seat 1: Kaputtc. rank 2 = 2 dishes?", "Seat 1: share 1 (up 1 rank:
    1 coin)?", "... - press again to confirm" once armed)."""
    controls = context.get("controls")
    out = []
    for seat, chosen in cursor_choices(game, context).items():
        try:
            armed = controls[seat].shown(game).armed
        except (KeyError, IndexError, TypeError, AttributeError):
            armed = False
        view_s = game.view(seat)
        words = _short(chosen, view_s) if chosen.get("type") in ("place", "share_tips") else label(chosen, view_s)
        why = rank_words(chosen)
        if armed:
            words = _short(chosen, view_s)
        elif chosen.get("type") == "place":
            words += f" = {why[-1].split(' = ')[-1]}"
        elif why:
            words = f"{words} ({why[-1]})"
        out.append(f"Seat {seat + 1}: {words}" + (" - press again to confirm" if armed else "?"))
    return out


def _short(action: dict[str, Any], view: dict[str, Any] | None = None) -> str:
    """The choice line's short form of an action."""
    kind = action.get("type")
    st = dish(action.get("station", ""), short=True)
    if kind == "place":
        return f"{st} rank {action.get('rank')}"
    if kind == "change_order":
        theirs = _customer_name(view, action.get("target_player"), action.get("target_slot"))
        return f"copy Seat {int(action.get('target_player', 0)) + 1}'s {theirs}"
    if kind == "serve":     # issue 34: "serve space 2" (space: a track slot, or the Space key?)
        return f"serve {_customer_name(view, None, action.get('slot'))}"
    if kind == "skip_share":
        return "keep coins"
    if kind == "share_tips":
        return f"share {action.get('ranks')}"
    if kind == "move_customers":
        return f"move {action.get('spaces')}"
    if kind == "manager":
        a, b = (action.get("slots") or [0, 0])[:2]
        return f"swap {int(a) + 1}, {int(b) + 1}"
    return str(kind).replace("_", " ")[:14]


def short_forms(action: dict[str, Any], view: dict[str, Any] | None = None) -> list[str]:
    """The choice line's forms of an action, longest first, for the first
    that fits the line beside its count (play-test: "Kaputtc. rank 1" wrapped
    onto the count's line): a station's server as "Kaputtc. rank 1", then
    the station alone (the line above says "rank 1: 1 dish"); a copied
    order as "copy Seat 1's Yeti", then "copy Yeti", then "copy Seat 1's"
    (the full words stand above)."""
    forms = [_short(action, view)]
    kind = action.get("type")
    if kind == "place":
        forms += [dish(action.get("station", "")), dish(action.get("station", ""), short=True)]
    elif kind == "change_order":
        theirs = _customer_name(view, action.get("target_player"), action.get("target_slot"))
        forms += [f"copy {theirs}", f"copy Seat {int(action.get('target_player', 0)) + 1}'s"]
    elif kind == "serve":
        forms.append(_customer_name(view, None, action.get("slot")))
    return forms


# ------------------------------------------------------ first-game walkthrough
#: what the arrows choose, by action type (the rulebook's words)
_WALK_NOUNS = {"place": "a station and your server's rank", "manager": "the Manager card",
               "take_dish": "a dish", "no_dish": "no dish", "share_tips": "how many coins to share",
               "skip_share": "keeping your coins", "change_order": "a customer to copy",
               "keep_order": "keeping your orders", "serve": "a customer to serve", "done_serving": "done serving",
               "move_customers": "1 or 2 spaces"}
#: what the button then does
_WALK_VERBS = {"place": "send the server", "manager": "play the Manager card", "take_dish": "take the dish",
               "no_dish": "take no dish", "share_tips": "share the tips and move up", "skip_share": "keep your coins",
               "change_order": "copy that order", "keep_order": "keep your orders", "serve": "serve the customer",
               "done_serving": "stop serving", "move_customers": "move your customers"}
_WALK_SHORT = {"place": "send", "manager": "Manager", "take_dish": "take", "no_dish": "no dish",
               "share_tips": "share", "skip_share": "keep coins", "change_order": "copy", "keep_order": "keep",
               "serve": "serve", "done_serving": "done", "move_customers": "move"}
#: what is happening, by phase
_WALK_NOW = {"place": "it is your turn to send a server to a station",
             "share": "you may share tips with the chef to move your server up",
             "change_order": "you may play Change My Order once this game",
             "serve": "it is your turn to serve your customers with your dishes",
             "move": "cleanup: your customers move down your track"}


def walkthrough_words(game, seat: int, view: dict[str, Any], shown, context: dict[str, Any]) -> Any:
    """The first-game walkthrough's words for ``seat`` (its ``view`` and
    its choices ``shown``): None when the game is not waiting for it."""
    from firmware.screens.walkthrough import Words, oled_words, todo_words
    if not shown.choices:
        return None
    now = _WALK_NOW.get(view.get("phase"), "it is your turn")
    return Words(now, todo_words(shown, _WALK_NOUNS, _WALK_VERBS), oled_words(shown, _WALK_SHORT))


def first_round(game) -> bool:
    """True during round 1 (of the game's rounds, rulebook)."""
    return game.view(None).get("round") == 1


def result_notes(view: dict[str, Any]) -> list[str]:
    """The end card's line per seat: its final score as the engine sums it
    (rulebook "Bonuses and Final Scoring"; ``view["players"][s]["score"]``):
    "Seat 1: 69 tips +12 sets -1 walkouts -3 dishes = 77" (the tips are the
    coins on the board; walkouts: the lost customers' cost; dishes: the
    leftover dishes' cost; a part that is 0 left out), short enough for one
    line of the card at 800x480; in solo then AI Player 2's (ruling CC-8):
    "AI Player 2: 9 shared tips +23 walkouts +21 dishes = 53" (the green
    tips of your walkouts, your leftover dishes' cost)."""
    out = []
    for s, p in enumerate(view.get("players") or []):
        sc = p.get("score") or {}
        words = [f"{sc.get('tips', p.get('coins', 0))} tips"]
        for key, sign, what in (("set_bonus", "+", "sets"), ("lost_value", "-", "walkouts"),
                                ("dish_penalty", "-", "dishes")):
            if sc.get(key):
                words.append(f"{sign}{sc[key]} {what}")
        out.append(f"Seat {s + 1}: {' '.join(words)} = {sc.get('total', p.get('coins', 0))}")
    ai = (view.get("ai_players") or {}).get("ai2")
    if ai is not None and view.get("ai2_score") is not None:     # solo: the opponent's score in parts (CC-8)
        dishes = view["ai2_score"] - ai["share_coins"] - ai["lost_coins"]
        out.append(f"{ai['name']}: {ai['share_coins']} shared tips +{ai['lost_coins']} walkouts +{dishes} dishes"
                   f" = {view['ai2_score']}")
    return out
