"""Café International Junior rules engine (2 to 4 players, hidden hands).

Rulebook: ``cafe-international-junior.txt``; rulings CI-1 to CI-7.

Actions (all atomic, all carry ``"player"``, the seat whose turn it is):

* ``{"type": "place", "card": id, "table": tile_id, "side": "top"|"right"|"bottom"|"left"}``
  seat one guest from the hand at a table (1 point; the 4th guest at a table
  scores +10 and ends the turn, ruling CI-4).
* ``{"type": "exchange", "card": id, "table": tile_id, "side": s}`` take the
  joker at that place into hand and seat ``card`` there instead (no points,
  ruling CI-6); allowed at any point of the turn.
* ``{"type": "discard", "card": id}`` (or ``"cards": [ids]``) put guests on
  the discard pile; a turn either places or discards, never both.
* ``{"type": "end_turn"}`` end the turn after placing or discarding at least
  one guest; the player then draws back to 6 cards.

A turn whose hand runs empty ends by itself (nothing else can be done).

Readings where the rulebook and rulings CI-1..CI-7 are silent (an owner may
revisit them):

* A turn must seat or discard at least one guest ("On his turn a player must
  do one of the following"); a joker exchange alone does not make a turn.
* Exchanges are allowed in a discarding turn too ("additionally, the player
  may exchange joker cards").
* The exchanged-in guest has the joker's gender ("exchanged for the matching
  guest card"; the rulebook's example swaps a female joker for a girl).
* A joker played again after an exchange scores 1 like any placed card.
* Chips are virtual (CAB-1): points are plain integers, the chip supply
  (60 x 1, 30 x 5, 15 x 10) never runs out.
"""
from __future__ import annotations

from typing import Any

from ..base import Action, Event, Game, IllegalAction, SetupError, ranking_from_keys
from ..words import plural
from . import seating
from .components import SIDE_ORDER, GuestCard, load_components
from .views import build_view

HAND_SIZE = 6             # "draw ... until he again has 6 cards in hand"
START_PLAYER_HAND = 8     # "The starting player receives 8 cards in hand"
TABLES_TO_BOX = 8         # "8 tables are returned to the box without looking at them"
TABLES_FACE_UP = 4        # "four tables are laid face up"
POINTS_PER_GUEST = 1      # "For each card that is correctly placed ... one point"
TABLE_BONUS = 10          # "he receives a bonus of 10 points"
JOKER_PENALTY = 5         # "must give up 5 points for each joker"


def _new_turn(hand_size: int) -> dict[str, Any]:
    return {"mode": "", "placed": 0, "discarded": 0, "exchanged": 0, "start_hand": hand_size}


class CafeJunior(Game):
    """Café International Junior: seat guests from your hand at tables whose
    side flags match, at most two girls and two boys a table; 1 point per
    guest, +10 per completed table (points in chips, i.e. integers).

    Options:
        start_player: seat that starts with 8 cards; -1 (default) lets the
            game's RNG choose ("A starting player is chosen").
    """

    game_id = "cafe-junior"
    display_name = "Café International Junior"
    min_players = 2
    max_players = 4
    option_defaults = {"start_player": -1}
    #: Take-back (engines/take_back.py): a guest seated at the wrong place,
    #: a joker exchanged, a discard, within the turn; never across the
    #: guests drawn at its end or a new table turned up from the pile.
    TAKE_BACK = True
    REVEALING_EVENTS = frozenset({"drew", "table_revealed", "turn"})
    TAKE_BACK_WORDS = {"drew": "guests were drawn", "table_revealed": "a new table came up",
                       "turn": "your turn is over"}

    # ----------------------------------------------------------- setup
    def _setup(self) -> None:
        self.comp = load_components()
        start = self.options["start_player"]
        if not -1 <= start < self.num_players:
            raise SetupError(f"{self.display_name}: start_player must be -1 (random) or a seat "
                             f"0..{self.num_players - 1}, got {start}")
        tiles = [t.table_id for t in self.comp.tables]
        self.rng.shuffle(tiles)
        self.box = tiles[:TABLES_TO_BOX]
        face_up = tiles[TABLES_TO_BOX:TABLES_TO_BOX + TABLES_FACE_UP]
        self.table_pile = tiles[TABLES_TO_BOX + TABLES_FACE_UP:]
        self.tables = [seating.new_table(tid, cell) for tid, cell in zip(face_up, seating.START_CELLS)]
        cards = [c.card_id for c in self.comp.cards]
        self.rng.shuffle(cards)
        self.guest_pile = cards
        self.discard_pile: list[str] = []
        self.start_player = self.rng.randrange(self.num_players) if start == -1 else start
        self.hands = []
        for seat in range(self.num_players):
            n = START_PLAYER_HAND if seat == self.start_player else HAND_SIZE
            self.hands.append([self.guest_pile.pop() for _ in range(n)])
        self.points = [0] * self.num_players
        self.penalties = [0] * self.num_players
        self.current = self.start_player
        self.turn = _new_turn(len(self.hands[self.current]))
        self.turn_number = 1
        self.over = False
        self.end_reason = ""

    # ----------------------------------------------------------- queries
    def active_players(self) -> list[int]:
        """The seat whose turn it is (none once the game is over)."""
        return [] if self.over else [self.current]

    def legal_actions(self, player: int) -> list[Action]:
        """Every atomic action ``player`` may take now: each fitting
        (card, table, side) placement, each discard, each joker exchange,
        and end_turn once a guest was placed or discarded."""
        if self.over or player != self.current:
            return []
        hand = self.hands[player]
        acts: list[Action] = []
        mode = self.turn["mode"]
        cards = [self.comp.card(cid) for cid in dict.fromkeys(hand)]
        live = [t for t in self.tables if not t["turned"]]
        if mode != "discard":
            for card in cards:
                for t in live:
                    for side in SIDE_ORDER:
                        if seating.may_place(self.comp, t, side, card):
                            acts.append({"type": "place", "player": player, "card": card.card_id,
                                         "table": t["table"], "side": side})
        for t in live:
            for side in SIDE_ORDER:
                cid = t["seats"][side]
                if cid is None or not self.comp.card(cid).is_joker:
                    continue
                for card in cards:
                    if seating.exchange_problem(self.comp, t, side, card) is None:
                        acts.append({"type": "exchange", "player": player, "card": card.card_id,
                                     "table": t["table"], "side": side})
        if mode != "place":
            acts.extend({"type": "discard", "player": player, "card": card.card_id} for card in cards)
        if self.turn["placed"] + self.turn["discarded"] > 0:
            acts.append({"type": "end_turn", "player": player})
        return acts

    def is_terminal(self) -> bool:
        """True once the last free place is filled or a player had to draw
        from an empty guest pile."""
        return self.over

    def scores(self) -> list[float]:
        """Points (chips) of each seat; at the end minus 5 per joker in hand."""
        return [self.points[s] + self.penalties[s] for s in range(self.num_players)]

    #: What each part of a :meth:`ranking_keys` key is (CI-7: no tie-break).
    RANKING_CRITERIA = (("points", 1),)

    def ranking_keys(self) -> list[tuple[float]]:
        """Per seat ``(points,)`` (ruling CI-7)."""
        return [(s,) for s in self.scores()]

    def ranking(self) -> list[list[int]]:
        """Most points first; equal points share the place (ruling CI-7)."""
        return ranking_from_keys(self.ranking_keys())

    # ----------------------------------------------------------- views
    def view(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` (or the public, ``None``) may see: the tables with
        their flags, guests and grid cells, the 4 x 4 grid (ruling CI-3),
        hand sizes, pile sizes, scores and whose turn it is; a seat's view
        adds that seat's own hand, never another's (see :mod:`.views`)."""
        return build_view(self, player)

    # ----------------------------------------------------------- actions
    def _apply(self, action: Action) -> list[Event]:
        kind = action["type"]
        if kind == "tick":   # engine contract: legal whenever T >= now_us(); nothing is timed here
            t = action.get("t_us")
            if t is None or t < self.now_us():
                raise IllegalAction(f"a tick needs t_us >= {self.now_us()} us, got {t!r}")
            return []
        handler = {"place": self._do_place, "exchange": self._do_exchange,
                   "discard": self._do_discard, "end_turn": self._do_end_turn}.get(kind)
        if handler is None:
            raise IllegalAction(f"{self.display_name} has no action {kind!r} "
                                f"(place, exchange, discard, end_turn)")
        player = action.get("player")
        if player is None:
            raise IllegalAction(f"a {kind} action needs the 'player' seat")
        if player != self.current:
            raise IllegalAction(f"it is Player {self.current + 1}'s turn, not Player {player + 1}'s")
        return handler(player, action)

    def _hand_card(self, player: int, cid: Any) -> GuestCard:
        if not isinstance(cid, str) or not self.comp.has_card(cid):
            raise IllegalAction(f"unknown guest card {cid!r}")
        if cid not in self.hands[player]:
            raise IllegalAction(f"card {cid} is not in your hand")
        return self.comp.card(cid)

    def _table_side(self, action: Action) -> tuple[dict[str, Any], str]:
        tid, side = action.get("table"), action.get("side")
        table = next((t for t in self.tables if t["table"] == tid), None)
        if table is None:
            raise IllegalAction(f"there is no table {tid!r} on the play area")
        if side not in SIDE_ORDER:
            raise IllegalAction(f"side must be one of {', '.join(SIDE_ORDER)}, got {side!r}")
        return table, side

    def _do_place(self, player: int, action: Action) -> list[Event]:
        """Seat one guest (rulebook 'Placing guests at the tables', 'Scoring')."""
        if self.turn["mode"] == "discard":
            raise IllegalAction("you discarded this turn: a turn either places guests or "
                                "discards them, not both")
        card = self._hand_card(player, action.get("card"))
        table, side = self._table_side(action)
        problem = seating.place_problem(self.comp, table, side, card)
        if problem:
            raise IllegalAction(problem)
        # --- validated: mutate
        who = f"Player {player + 1}"
        self.hands[player].remove(card.card_id)
        table["seats"][side] = card.card_id
        self.points[player] += POINTS_PER_GUEST
        self.turn["mode"] = "place"
        self.turn["placed"] += 1
        events: list[Event] = [{
            "type": "placed", "player": player, "card": card.card_id, "table": table["table"],
            "side": side, "points": POINTS_PER_GUEST,
            "text": f"{who} seats {seating.describe(self.comp, card)} at the {side} of table "
                    f"{table['table']} (+{POINTS_PER_GUEST})"}]
        if seating.is_full(table):
            events += self._complete_table(player, table, events[0]["text"])
            return events
        if not self.hands[player]:
            events.append({"type": "hand_empty", "player": player,
                           "text": f"{who} has no cards left: the turn ends"})
            events += self._end_turn()
        return events

    def _complete_table(self, player: int, table: dict[str, Any], placed: str = "") -> list[Event]:
        """4th guest: +10, doubling (CI-5), turn over unless a joker sits
        there (CI-4), reveal the next table (CI-3), end the turn or game
        (the end's reason names the last move, ``placed``'s text)."""
        who = f"Player {player + 1}"
        self.points[player] += TABLE_BONUS
        events: list[Event] = [{"type": "table_complete", "player": player, "table": table["table"],
                                "points": TABLE_BONUS,
                                "text": f"{who} completes table {table['table']} (+{TABLE_BONUS})"}]
        if (self.turn["start_hand"] == HAND_SIZE and not self.hands[player]
                and self.turn["mode"] == "place"):
            # Ruling CI-5: all six cards of a 6-card hand, the last completing a table.
            extra = self.turn["placed"] * POINTS_PER_GUEST
            self.points[player] += extra
            events.append({"type": "doubled", "player": player, "points": extra,
                           "text": f"{who} placed all six cards and completed a table: "
                                   f"card points doubled (+{extra})"})
        if seating.has_joker(self.comp, table):
            events.append({"type": "table_kept", "table": table["table"],
                           "text": f"Table {table['table']} stays face up while a joker sits there"})
        else:
            table["turned"] = True
            events.append({"type": "table_turned", "table": table["table"],
                           "text": f"Table {table['table']} is full and turned over"})
        if self.table_pile:
            tid = self.table_pile.pop()
            cell = seating.next_cell([t["cell"] for t in self.tables], table["cell"])
            assert cell is not None  # 16 cells hold all 16 tables
            self.tables.append(seating.new_table(tid, cell))
            events.append({"type": "table_revealed", "table": tid, "cell": cell,
                           "text": f"{who} reveals table {tid}"})
        if not self.table_pile and seating.free_seats(self.tables) == 0:
            events += self._finish("the last free place was filled" + (f": {placed}" if placed else ""))
            return events
        events += self._end_turn()
        return events

    def _do_exchange(self, player: int, action: Action) -> list[Event]:
        """Exchange a joker at a table for a matching guest from the hand
        (rulebook 'Exchanging a joker', ruling CI-6: no points)."""
        card = self._hand_card(player, action.get("card"))
        table, side = self._table_side(action)
        if table["turned"]:
            problem: str | None = f"table {table['table']} is full and turned over"
        else:
            problem = seating.exchange_problem(self.comp, table, side, card)
        if problem:
            raise IllegalAction(problem)
        joker_id = table["seats"][side]
        hand = self.hands[player]
        hand[hand.index(card.card_id)] = joker_id
        table["seats"][side] = card.card_id
        self.turn["exchanged"] += 1
        events: list[Event] = [{
            "type": "exchanged", "player": player, "card": card.card_id, "joker": joker_id,
            "table": table["table"], "side": side,
            "text": f"Player {player + 1} exchanges the joker at the {side} of table {table['table']} "
                    f"for {seating.describe(self.comp, card)}"}]
        if seating.is_full(table) and not seating.has_joker(self.comp, table):
            table["turned"] = True  # ruling CI-4: no joker left at a full table
            events.append({"type": "table_turned", "table": table["table"],
                           "text": f"Table {table['table']} has no joker left and is turned over"})
        return events

    def _do_discard(self, player: int, action: Action) -> list[Event]:
        """Put one or more guests on the discard pile (a discarding turn)."""
        if self.turn["mode"] == "place":
            raise IllegalAction("you placed guests this turn: a turn either places guests or "
                                "discards them, not both")
        if "cards" in action:
            ids = action["cards"]
            if not isinstance(ids, list) or not ids:
                raise IllegalAction("'cards' must be a non-empty list of card ids")
        else:
            ids = [action.get("card")]
        remaining = list(self.hands[player])
        for cid in ids:
            self._hand_card(player, cid)
            if cid not in remaining:
                raise IllegalAction(f"card {cid} is named twice")
            remaining.remove(cid)
        for cid in ids:
            self.hands[player].remove(cid)
            self.discard_pile.append(cid)
        self.turn["mode"] = "discard"
        self.turn["discarded"] += len(ids)
        words = ", ".join(seating.describe(self.comp, self.comp.card(c)) for c in ids)
        events: list[Event] = [{"type": "discarded", "player": player, "cards": list(ids),
                                "text": f"Player {player + 1} discards {words}"}]
        if not self.hands[player]:
            events.append({"type": "hand_empty", "player": player,
                           "text": f"Player {player + 1} has no cards left: the turn ends"})
            events += self._end_turn()
        return events

    def _do_end_turn(self, player: int, action: Action) -> list[Event]:
        """End the turn; allowed once a guest was placed or discarded."""
        if self.turn["placed"] + self.turn["discarded"] == 0:
            raise IllegalAction("place or discard at least one guest before ending your turn")
        return self._end_turn()

    def _end_turn(self) -> list[Event]:
        """Draw back to 6 cards; an empty guest pile ends the game.  The
        ``drew`` event's text says how many (public); its ``cards`` which,
        for the drawing seat's own eyes only (PT48: a joker drawn unseen)."""
        player = self.current
        hand = self.hands[player]
        drawn: list[str] = []
        events: list[Event] = []
        while len(hand) < HAND_SIZE:
            if not self.guest_pile:
                if drawn:
                    events.append(self._drew(player, drawn))
                events += self._finish(f"Player {player + 1} had to draw from an empty guest pile")
                return events
            hand.append(self.guest_pile.pop())
            drawn.append(hand[-1])
        if drawn:
            events.append(self._drew(player, drawn))
        self.current = (self.current + 1) % self.num_players
        self.turn = _new_turn(len(self.hands[self.current]))
        self.turn_number += 1
        events.append({"type": "turn", "player": self.current,
                       "text": f"Player {self.current + 1}'s turn"})
        return events

    @staticmethod
    def _drew(player: int, cards: list[str]) -> Event:
        """The ``drew`` event: the count in its text, the card ids apart
        (``cards``: private, the screens show them on the seat's OLED only)."""
        return {"type": "drew", "player": player, "count": len(cards), "cards": list(cards),
                "text": f"Player {player + 1} draws {plural(len(cards), 'card')}"}

    def _finish(self, reason: str) -> list[Event]:
        """Game end: -5 per joker in hand; ties share (ruling CI-7)."""
        self.over = True
        self.end_reason = reason
        events: list[Event] = [{"type": "game_over", "reason": reason, "text": f"Game over: {reason}"}]
        for seat, hand in enumerate(self.hands):
            jokers = sum(1 for cid in hand if self.comp.card(cid).is_joker)
            if jokers:
                self.penalties[seat] = -JOKER_PENALTY * jokers
                events.append({"type": "joker_penalty", "player": seat, "points": self.penalties[seat],
                               "text": f"Player {seat + 1} holds {jokers} joker(s): "
                                       f"{self.penalties[seat]}"})
        best = self.ranking()[0]
        names = " and ".join(f"Player {s + 1}" for s in best)
        events.append({"type": "winner", "players": best, "scores": self.scores(),
                       "text": f"{names} win{'s' if len(best) == 1 else ''} "
                               f"with {self.scores()[best[0]]} points"})
        return events

    # ----------------------------------------------------------- save/load
    def _state_to_json(self) -> dict[str, Any]:
        return {
            "box": list(self.box), "table_pile": list(self.table_pile),
            "tables": [{"table": t["table"], "cell": list(t["cell"]), "seats": dict(t["seats"]),
                        "turned": t["turned"]} for t in self.tables],
            "guest_pile": list(self.guest_pile), "discard_pile": list(self.discard_pile),
            "hands": [list(h) for h in self.hands],
            "points": list(self.points), "penalties": list(self.penalties),
            "start_player": self.start_player, "current": self.current,
            "turn": dict(self.turn), "turn_number": self.turn_number,
            "over": self.over, "end_reason": self.end_reason,
        }

    def _state_from_json(self, state: dict[str, Any]) -> None:
        self.comp = load_components()
        self.box = state["box"]
        self.table_pile = state["table_pile"]
        self.tables = state["tables"]
        self.guest_pile = state["guest_pile"]
        self.discard_pile = state["discard_pile"]
        self.hands = state["hands"]
        self.points = state["points"]
        self.penalties = state["penalties"]
        self.start_player = state["start_player"]
        self.current = state["current"]
        self.turn = state["turn"]
        self.turn_number = state["turn_number"]
        self.over = state["over"]
        self.end_reason = state["end_reason"]

    def _validate_state(self) -> None:
        """Snapshot check: counts in range, seats, sides, and every guest
        card and table tile id known and in exactly one place."""
        from .. import schema as sc
        from ..base import check_ints
        n = self.num_players
        state = {k: getattr(self, k) for k in ("box", "table_pile", "tables", "guest_pile", "discard_pile",
                                              "hands", "points", "penalties", "start_player", "current",
                                              "turn", "turn_number", "over", "end_reason")}
        check_ints(state, -1_000, 10_000)
        guest = sc.OneOf(c.card_id for c in self.comp.cards)
        tile = sc.OneOf(t.table_id for t in self.comp.tables)
        seat = sc.Range(0, n - 1)
        sc.check(state, {
            "box": [tile], "table_pile": [tile],
            "tables": [{"table": tile, "cell": sc.Fixed([sc.Range(0, 3), sc.Range(0, 3)]),
                        "seats": sc.MapOf(set(SIDE_ORDER), (None, guest)), "turned": bool}],
            "guest_pile": [guest], "discard_pile": [guest], "hands": sc.Fixed([[guest]] * n),
            "points": sc.Fixed([int] * n), "penalties": sc.Fixed([int] * n), "start_player": seat,
            "current": seat, "turn": sc.MapOf(None, (int, str, bool, None)), "turn_number": sc.Range(0, 10_000),
            "over": bool, "end_reason": str})
        guests = self.guest_pile + self.discard_pile + [c for h in self.hands for c in h]
        guests += [g for t in self.tables for g in t["seats"].values() if g is not None]
        sc.distinct(guests, "guest cards")
        sc.distinct(self.box + self.table_pile + [t["table"] for t in self.tables], "table tiles")
