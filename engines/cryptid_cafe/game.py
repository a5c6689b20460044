"""Cryptid Cafe: the rules engine (rulebook ``cryptid-cafe.txt``; rulings
CC-1 to CC-8).

State machine of one round: ``place`` (Phase 1) -> ``share`` (Phase 2,
station by station) -> ``change_order`` (start of Phase 3) -> ``serve``
(Phase 3) -> ``move`` (Phase 4) -> next round or ``over``.  Steps nobody
decides (AI turns, dish collection, cleanup) run automatically after each
action and are reported as events, one step each.

Seats are the human players.  With 1 seat the game is the solo game against
AI Player 2 (red deck) and AI Player 3 (green deck); with 2 seats AI Player 3
joins (rulebook "Solo and 2-Player Rules").  In Phase 1 the AI players place
after the humans of each placement turn (solo: "You will play first").

Engine decisions where the rulebook is silent (documented, not rulings):
* events drawn during setup step f are shuffled back so that every player
  starts with 2 customers;
* an event revealed while refilling does not fill the space: the player
  draws on until the green spaces are full or the deck is empty;
* the AI placement decks are reshuffled at the start of every round;
* a Change My Order copy keeps the copied order and the tip of the copied
  customer's position at the time it is played;
* a player who cannot serve any customer is done serving automatically.
"""
from __future__ import annotations

from typing import Any

from ..base import Action, Event, Game, IllegalAction, SetupError, json_copy, ranking_from_keys
from ..words import plural
from . import rules
from .data import components
from .scoring import ai2_solo_score, breakdown, tie_break_key
from .track import green_spaces, move_customers, new_customer, occupied, order_of, refill, tip_at

DIFFICULTIES = ("easy", "hard", "epic")


class CryptidCafe(rules.RulesMixin, Game):
    """Cryptid Cafe for 1 to 5 players (1 = solo against AI Players 2 and 3,
    2 = with AI Player 3).  Scores are coins (tips)."""

    game_id = "cryptid-cafe"
    display_name = "Cryptid Cafe"
    min_players = 1
    max_players = 5
    #: difficulty: solo wasted-dish penalty (easy 3, hard 4, epic 5 coins per
    #: 2 dishes; ignored with 2+ players).  first_player: seat holding the
    #: First Player card in round 1 (setup h).
    option_defaults = {"difficulty": "easy", "first_player": 0}
    #: Take-back (engines/take_back.py): e.g. a customer served by mistake
    #: while still serving; never across a customer or event card drawn
    #: from a deck, or an AI player's move (its drawn card, its die).
    TAKE_BACK = True
    REVEALING_EVENTS = frozenset({"new_customer", "event_revealed", "event_active", "ai_draw", "ai_redraw",
                                  "ai_roll", "ai_place", "ai_no_place", "ai_move_up", "ai_stay", "ai_coins"})
    TAKE_BACK_WORDS = {"new_customer": "a customer arrived", "event_revealed": "an event card came",
                       "event_active": "an event card came",
                       **{k: "the AI players moved" for k in ("ai_draw", "ai_redraw", "ai_roll", "ai_place",
                                                              "ai_no_place", "ai_move_up", "ai_stay", "ai_coins")}}
    ROUND_END_EVENTS = frozenset({"round"})

    # ------------------------------------------------------------ setup
    def _setup(self) -> None:
        """Setup steps a to h (rulebook "Setup"; solo and 2-player setup)."""
        if self.options["difficulty"] not in DIFFICULTIES:
            raise SetupError(f"Cryptid Cafe: difficulty must be one of {', '.join(DIFFICULTIES)}, "
                             f"got {self.options['difficulty']!r}")
        comp = components()
        n = self.num_players
        if not 0 <= self.options["first_player"] < n:
            raise SetupError(f"Cryptid Cafe: first_player must be a seat 0..{n - 1}, "
                             f"got {self.options['first_player']}")
        self.comp = comp
        five = n == 5
        ranks = comp.ranks_five_players if five else comp.ranks  # CC-1
        self.stations = {s: [None] * ranks for s in comp.station_ids}
        self.supply = {s: comp.dish_supply_per_type for s in comp.station_ids}  # CC-6
        events = list(comp.events)
        self.rng.shuffle(events)
        event_ids = [e.id for e in events]
        per_deck = comp.solo_events if n == 1 else comp.events_per_deck
        self.players = []
        for seat in range(n):
            deck = [c.id for c in comp.customers]  # CC-2: identical decks
            added = [event_ids.pop() for _ in range(per_deck)]
            deck += added
            self.rng.shuffle(deck)
            track: list = [None] * len(comp.track)
            aside = []
            for space in green_spaces(comp)[:comp.customers_on_green_at_setup]:
                while comp.is_event(deck[0]):
                    aside.append(deck.pop(0))
                track[space] = new_customer(deck.pop(0))
            if aside:
                deck += aside
                self.rng.shuffle(deck)
            self.players.append({
                "coins": comp.starting_coins_five_players if five else comp.starting_coins,
                "dishes": {s: 0 for s in comp.station_ids},
                "track": track, "deck": deck, "served": [], "lost": [],
                "manager": True, "change_order": True,
                "moved_up": False, "done_serving": False, "move": None,
            })
        self.ais = {}
        if n == 1:
            self.ais = {"ai2": {"deck": [], "share_coins": 0, "lost_coins": 0},
                        "ai3": {"deck": [], "share_coins": 0, "lost_coins": 0}}
        elif n == 2:
            self.ais = {"ai3": {"deck": [], "share_coins": 0, "lost_coins": 0}}
        self.num_rounds = dict(comp.rounds)[n]
        self.round = 1
        self.first_player = self.options["first_player"]
        self.active_event = None
        self.phase = "place"
        self.turn_order: list = []
        self.turn_index = 0
        self.share_index = 0
        self.locked: dict[str, Any] = {}
        self.cmo_queue: list[int] = []
        self._start_round([])

    # ---------------------------------------------------------- queries
    def active_players(self) -> list[int]:
        """Seats whose decision is due now (placing a server, sharing tips,
        changing an order, serving, moving customers).  The Manager card may
        be played at any time, so ``legal_actions`` offers it to every seat
        still holding it, but holding it does not make a seat active: a seat
        is active only when the game waits for it (issue 20)."""
        return [p for p in range(self.num_players)
                if any(a["type"] != "manager" for a in self.legal_actions(p))]

    def is_terminal(self) -> bool:
        """True once the last round's cleanup is done."""
        return self.phase == "over"

    def waste_coins(self) -> int:
        """Coins lost per 2 unused dishes: 1, or 3/4/5 in solo Easy/Hard/Epic."""
        if self.num_players == 1:
            return dict(self.comp.solo_wasted_dish_coins)[self.options["difficulty"]]
        return 1

    def score_breakdown(self, seat: int) -> dict[str, int]:
        """Final-score parts of ``seat`` as of now (see :func:`scoring.breakdown`)."""
        return breakdown(self.players[seat], self.comp, self.waste_coins())

    def scores(self) -> list[float]:
        """Each seat's score in coins: tips - lost-customer values - wasted
        dish penalty + set bonuses (provisional until the game is over)."""
        return [self.score_breakdown(p)["total"] for p in range(self.num_players)]

    def ai2_score(self) -> int | None:
        """AI Player 2's solo score (CC-8); ``None`` outside solo games."""
        if self.num_players != 1:
            return None
        return ai2_solo_score(self.ais["ai2"], self.score_breakdown(0)["dish_penalty"])

    def solo_won(self) -> bool | None:
        """Solo result: True if the player has more tips than AI Player 2
        (rulebook "AI Player 2's score in solo mode"); ``None`` otherwise."""
        if self.num_players != 1:
            return None
        return self.score_breakdown(0)["total"] > self.ai2_score()

    #: What each part of a :meth:`ranking_keys` key is: (name, +1 more is
    #: better / -1 fewer is better; the key holds the negated count).
    RANKING_CRITERIA = (("coins", 1), ("lost customers", -1), ("wasted dishes", -1), ("customers served", 1))

    def ranking_keys(self) -> list[tuple[int, int, int, int]]:
        """Per seat the rulebook's "Breaking ties" key (see
        :attr:`RANKING_CRITERIA` and :func:`scoring.tie_break_key`)."""
        return [tie_break_key(self.score_breakdown(p)) for p in range(self.num_players)]

    def ranking(self) -> list[list[int]]:
        """Seats best first; ties broken by fewest lost customers, fewest
        wasted dishes, most served; still tied = shared place."""
        return ranking_from_keys(self.ranking_keys())

    # ------------------------------------------------------------ views
    def _customer_view(self, seat: int, space: int) -> dict[str, Any] | None:
        customer = self.players[seat]["track"][space]
        if customer is None:
            return None
        card = self.comp.customer(customer["card"])
        return {"card": card.id, "name": card.name, "short": card.short, "type": card.type,
                "order": order_of(self.comp, customer), "colour": self.comp.track[space],
                "tip_now": tip_at(self.comp, self.players[seat]["track"], space),
                "tips": dict(card.tips), "lost_value": card.lost, "copied_from": customer["copied_from"]}

    def _event_view(self) -> dict[str, Any] | None:
        if self.active_event is None:
            return None
        ev = self.comp.event(self.active_event)
        return {"card": ev.id, "kind": ev.kind, "station": ev.station}

    def view(self, player: int | None = None) -> dict[str, Any]:
        """Public table state; a seat's view adds its legal actions.  Deck
        contents and order and the AI decks are hidden from everyone."""
        players = []
        for seat, pl in enumerate(self.players):
            players.append({
                "coins": pl["coins"], "dishes": dict(pl["dishes"]),
                "track": [self._customer_view(seat, i) for i in range(len(pl["track"]))],
                "deck_left": len(pl["deck"]),
                "served": [dict(s) for s in pl["served"]], "lost": list(pl["lost"]),
                "manager_available": pl["manager"], "change_order_available": pl["change_order"],
                "moved_up_this_round": pl["moved_up"], "done_serving": pl["done_serving"],
                "move_chosen": pl["move"] is not None,
                "score": self.score_breakdown(seat),
            })
        view: dict[str, Any] = {
            "game": self.game_id, "round": self.round, "rounds": self.num_rounds,
            "phase": self.phase, "first_player": self.first_player,
            "active_event": self._event_view(),
            "stations": {s: list(r) for s, r in self.stations.items()},
            "closed_station": self.closed_station(),
            "supply": dict(self.supply), "locked": dict(self.locked),
            "placing": self._placing(), "sharing_station": self._sharing_station(),
            "players": players,
            "ai_players": {k: {"name": self.comp.ai_name(k), "cards_left": len(v["deck"]),
                               "share_coins": v["share_coins"], "lost_coins": v["lost_coins"]}
                           for k, v in self.ais.items()},
        }
        if self.num_players == 1:
            view["difficulty"] = self.options["difficulty"]
            view["ai2_coins"] = self.ai2_coins()      # what it holds now (the board's)
            view["ai2_score"] = self.ai2_score()      # with your unused dishes as they stand: final at the end
            view["solo_won"] = self.solo_won() if self.is_terminal() else None
        if player is not None:
            view["you"] = player
            view["legal_actions"] = self.legal_actions(player)
        return view

    # ---------------------------------------------------- serialisation
    _FIELDS = ("stations", "supply", "players", "ais", "num_rounds", "round", "first_player",
               "active_event", "phase", "turn_order", "turn_index", "share_index", "locked",
               "cmo_queue")

    def _state_to_json(self) -> dict[str, Any]:
        return json_copy({k: getattr(self, k) for k in self._FIELDS})

    def _state_from_json(self, state: dict[str, Any]) -> None:
        self.comp = components()
        for k in self._FIELDS:
            setattr(self, k, state[k])

    # ------------------------------------------------------ round start
    def _start_round(self, events: list[Event]) -> None:
        """Begin Phase 1 of the current round: clear stations, reshuffle the
        AI placement decks, build the placement turn order, run AI turns."""
        for s in self.stations:
            self.stations[s] = [None] * len(self.stations[s])
        for p in self.players:
            p["moved_up"] = False
            p["done_serving"] = False
            p["move"] = None
        for ai_id, state in self.ais.items():
            deck = list(self.comp.ai_deck(ai_id))
            self.rng.shuffle(deck)
            state["deck"] = deck
        humans = [(self.first_player + i) % self.num_players for i in range(self.num_players)]
        self.turn_order = (humans + list(self.ais)) * self.comp.servers_per_player
        self.turn_index = 0
        self.share_index = 0
        self.locked = {}
        self.cmo_queue = []
        self.phase = "place"
        text = f"Round {self.round} of {self.num_rounds}"
        if self.num_players > 1:
            text += f": Seat {self.first_player + 1} has the First Player card"
        events.append({"type": "round", "round": self.round, "text": text})
        if self.active_event is not None:
            events.append({"type": "event_active", "card": self.active_event,
                           "text": f"Event this round: {self._event_words(self.active_event)}"})
        self._advance(events)

    def _event_words(self, event_id: str) -> str:
        ev = self.comp.event(event_id)
        if ev.kind == "closed_station":
            return f"{self.comp.station_name(ev.station)} is closed"
        return "all customers move 2 spaces at the end of the round"

    def closed_station(self) -> str | None:
        """The station closed by this round's event (CC-5), or ``None``."""
        if self.active_event is None:
            return None
        ev = self.comp.event(self.active_event)
        return ev.station if ev.kind == "closed_station" else None

    def forced_two(self) -> bool:
        """True if this round's event makes all customers move 2 spaces."""
        return self.active_event is not None and self.comp.event(self.active_event).kind == "move_two"

    def _placing(self) -> Any:
        if self.phase == "place" and self.turn_index < len(self.turn_order):
            return self.turn_order[self.turn_index]
        return None

    def _sharing_station(self) -> str | None:
        if self.phase == "share" and self.share_index < len(self.stations):
            return self.comp.station_ids[self.share_index]
        return None

    def _humans_in_turn_order(self) -> list[int]:
        return [(self.first_player + i) % self.num_players for i in range(self.num_players)]

    def _seat_name(self, who: Any) -> str:
        return self.comp.ai_name(who) if isinstance(who, str) else f"Seat {who + 1}"

    def _occupied(self, seat: int) -> list[int]:
        return occupied(self.players[seat]["track"])

    # ------------------------------------------------------------ apply
    def _apply(self, action: Action) -> list[Event]:
        kind = action["type"]
        if kind == "tick":
            if action.get("t_us") is None or action["t_us"] < 0:
                raise IllegalAction("a tick needs t_us >= 0")
            return []  # turn-based: time changes nothing
        handler = self._HANDLERS.get(kind)
        if handler is None:
            raise IllegalAction(f"Cryptid Cafe has no action {kind!r}")
        player = action.get("player")
        if player is None:
            raise IllegalAction(f"action {kind!r} needs a 'player' seat")
        events: list[Event] = []
        before = self.ai2_coins()
        getattr(self, handler)(player, action, events)
        self._advance(events)
        if self.ai2_coins() != before and not self.is_terminal():
            events.append({"type": "ai_score", "ai": "ai2", "score": self.ai2_coins(),
                           "text": self.ai2_coins_words()})
        if self.is_terminal() and self.num_players == 1:
            events.append({"type": "ai_score", "ai": "ai2", "score": self.ai2_score(),
                           "text": self.ai2_score_words()})
        return events

    def ai2_coins(self) -> int | None:
        """The coins AI Player 2 holds now in a solo game (CC-8 without the
        dishes: the coins the player shared with it and the green tips of
        the customers the player lost); the unused dishes count only at
        Final Scoring (:meth:`ai2_score`).  ``None`` outside solo games."""
        if self.num_players != 1:
            return None
        return self.ais["ai2"]["share_coins"] + self.ais["ai2"]["lost_coins"]

    def ai2_coins_words(self) -> str:
        """AI Player 2's coins and where they came from, e.g. ``AI Player 2
        has 5 coins: 3 from shared tips + 2 from lost customers``."""
        ai2 = self.ais["ai2"]
        return (f"AI Player 2 has {plural(self.ai2_coins(), 'coin')}: {ai2['share_coins']} from shared tips"
                f" + {ai2['lost_coins']} from lost customers")

    def ai2_score_words(self) -> str:
        """AI Player 2's final solo score and its parts in the rulebook's
        words ("AI Player 2's score in solo mode"; CC-8), e.g. ``AI Player
        2's final score: 15 coins = 3 from shared tips + 0 from lost
        customers + 12 for your 5 unused dishes``."""
        ai2, parts = self.ais["ai2"], self.score_breakdown(0)
        n = parts["wasted_dishes"]
        return (f"AI Player 2's final score: {self.ai2_score()} coins = {ai2['share_coins']} from shared tips"
                f" + {ai2['lost_coins']} from lost customers + {parts['dish_penalty']} for your {n} unused"
                f" dish{'es' if n != 1 else ''}")

    def _cleanup_and_next(self, events: list[Event]) -> None:
        """Phase 4 after every player chose: move, walkouts, refill, events,
        pass the First Player card (rulebook "Phase 4")."""
        comp = self.comp
        last_round = self.round == self.num_rounds
        for seat, pl in enumerate(self.players):
            spaces = pl["move"]
            pl["track"], walkouts = move_customers(pl["track"], spaces)
            events.append({"type": "move", "player": seat, "spaces": spaces,
                           "text": f"Seat {seat + 1}'s customers move {spaces} space{'s' if spaces > 1 else ''}"})
            for customer in walkouts:
                card = comp.customer(customer["card"])
                pl["lost"].append(card.id)
                events.append({"type": "walkout", "player": seat, "card": card.id,
                               "text": f"Seat {seat + 1} loses the {card.name} (lost value {card.lost})"})
                if "ai2" in self.ais:
                    green = card.tip("green")
                    self.ais["ai2"]["lost_coins"] += green
                    events.append({"type": "ai_coins", "ai": "ai2", "coins": green,
                                   "text": f"AI Player 2 takes {green} coins (the {card.name}'s green tip)"})
        next_event = None
        next_seat = None
        for seat in self._humans_in_turn_order():
            pl = self.players[seat]
            placed, revealed = refill(comp, pl["track"], pl["deck"])
            for cid in placed:
                events.append({"type": "new_customer", "player": seat, "card": cid,
                               "text": f"Seat {seat + 1} welcomes the {comp.customer(cid).name}"})
            for eid in revealed:
                if last_round:
                    why = "ignored: it is the last round"
                elif next_event is None:
                    next_event, next_seat = eid, seat
                    why = "it takes effect next round"
                else:       # "Event cards": only the one revealed nearest the first player (in turn order)
                    whose = "the one revealed first" if next_seat == seat else f"Seat {next_seat + 1}'s, revealed first"
                    why = f"it is discarded: only one event takes effect each round, {whose}"
                events.append({"type": "event_revealed", "player": seat, "card": eid,
                               "text": f"Seat {seat + 1} reveals an event ({self._event_words(eid)}): {why}"})
        self.active_event = next_event
        if last_round:
            self.phase = "over"
            events.append({"type": "game_over", "text": self._result_text()})
            return
        self.round += 1
        self.first_player = (self.first_player + 1) % self.num_players
        self._start_round(events)

    def _result_text(self) -> str:
        if self.num_players == 1:
            me, bot = self.score_breakdown(0)["total"], self.ai2_score()
            verdict = "you win!" if me > bot else "try again."
            return f"Game over: you have {me} coins, AI Player 2 has {bot}: {verdict}"
        best = self.ranking()[0]
        names = " and ".join(f"Seat {s + 1}" for s in best)
        return f"Game over: {names} {'is' if len(best) == 1 else 'are'} the Legendary Server"

    def _validate_state(self) -> None:
        """Snapshot check: counts in range, seats, stations, and every
        customer / event card id known."""
        from .. import schema as sc
        from ..base import check_ints
        comp, n = self.comp, self.num_players
        state = {k: getattr(self, k) for k in self._FIELDS}
        check_ints(state, -1_000, 10_000)
        station = sc.OneOf(comp.station_ids)
        card = sc.OneOf([c.id for c in comp.customers] + [e.id for e in comp.events])
        seat = sc.Range(0, n - 1)
        sc.check(self.stations, sc.MapOf(set(comp.station_ids), [(None, seat, str)]), "stations")
        sc.check(self.supply, sc.MapOf(set(comp.station_ids), sc.Range(0, 10_000)), "supply")
        slot = (None, {"card": card, "order": (None, sc.MapOf(set(comp.station_ids), sc.Range(0, 100))),
                       "tip": (None, int), "copied_from": (None, sc.Fixed([seat, card]))})
        player = sc.MapOf(None, (int, bool, None, list, dict))
        sc.check(self.players, sc.Fixed([player] * n), "players")
        for k, p in enumerate(self.players):
            for key, shape in (("coins", int), ("dishes", sc.MapOf(set(comp.station_ids), sc.Range(0, 10_000))),
                               ("track", [slot]), ("deck", [card]),
                               ("served", [sc.MapOf(None, (card, int))]), ("lost", [card]),
                               ("manager", bool), ("change_order", bool), ("moved_up", bool),
                               ("done_serving", bool), ("move", (None, sc.Range(1, 2)))):
                if key not in p:
                    raise ValueError(f"players[{k}] has no {key!r}")
                sc.check(p[key], shape, f"players[{k}].{key}")
        sc.check(self.turn_order, [(seat, str)], "turn_order")
        for key in ("num_rounds", "round", "turn_index", "share_index"):
            sc.check(getattr(self, key), sc.Range(0, 10_000), key)
        sc.check(self.first_player, seat, "first_player")
        sc.check(self.cmo_queue, [seat], "cmo_queue")
        sc.check(self.locked, dict, "locked")
        sc.check(self.ais, sc.MapOf(None, {"deck": [station], "share_coins": int, "lost_coins": int}), "ais")
        sc.check(self.phase, sc.OneOf({"place", "share", "change_order", "serve", "move", "over"}), "phase")
