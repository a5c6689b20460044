"""Ginza Retro Café engine: setup, chance inputs, views, serialisation.

The turn actions and the end of the round live in :mod:`.play` (mixed in).
The whole state is one JSON-ready dict ``self.st`` so that serialisation is
exact.  Dice are chance inputs (ruling GR-5): every roll is a request in
``st["pending"]`` answered by the camera or, in simulation, by the bot.
"""
from __future__ import annotations

from typing import Any

from ..base import Action, Event, Game, IllegalAction, json_copy, ranking_from_keys
from .components import ARRANGE_IDS, TIMES_OF_DAY, Components, components
from .play import PlayMixin
from .scoring import bonus_achieved, coin_points, order_points, totals

#: Seat colours (the rulebook's player colours), seat 0..3.
COLOURS = ("red", "blue", "yellow", "green")
#: Colour of the 3 common dice (GR-5).
COMMON_COLOUR = "purple"
COMMON_DICE = 3
FIRST_DICE = 5
#: Customers in the customer area at most ("Up to 3 Customer cards").
CUSTOMER_SPACES = 3
#: Time marker of an arriving customer.
ARRIVAL_TIME = 2


def _ev(kind: str, text: str, **extra: Any) -> Event:
    return {"type": kind, "text": text, **extra}


class GinzaGame(PlayMixin, Game):
    """Ginza Retro Café for 2 to 4 players (rulebook + rulings GR-1..GR-7).

    Phases: ``player_card`` (pick 1 of 2, hidden until all chose),
    ``draft1`` / ``draft2`` (bonus draft: keep 1 of 3, pass 2 left, keep 1
    of 2), ``play`` (rounds of turns), ``over``.  Money is in yen, scores in
    VP.  Illegal actions raise :class:`engines.base.IllegalAction` and leave
    the state unchanged.
    """

    game_id = "ginza"
    display_name = "Ginza Retro Café"
    min_players = 2
    max_players = 4
    option_defaults: dict[str, Any] = {}
    #: Take-back (engines/take_back.py): within a turn, e.g. an arrange
    #: level raised by mistake; never across a roll, a customer arriving
    #: with its order cards, the player cards revealed, the bonus cards passed
    #: in the draft (the seat sees the cards passed to it: its pick before is
    #: final, issue 34 s17) or a tie the RNG broke.
    TAKE_BACK = True
    REVEALING_EVENTS = frozenset({"dice", "arrive", "reveal", "cards_passed", "start_tie"})
    TAKE_BACK_WORDS = {"dice": "dice already read", "arrive": "a customer arrived",
                       "reveal": "cards were revealed", "cards_passed": "cards were passed",
                       "start_tie": "a draw chose a start"}
    ROUND_END_EVENTS = frozenset({"round_end"})

    comp: Components

    # ------------------------------------------------------------ setup
    def _setup(self) -> None:
        """"3. Game Setup": deal player cards and bonus cards, build the
        customer deck (N Morning over N Daytime over N Night) and the order
        decks.  Dice are rolled once the player cards are revealed."""
        self.comp = components()
        n = self.num_players
        pcs = sorted(self.comp.player_cards)
        self.rng.shuffle(pcs)
        bonus = sorted(self.comp.bonus_cards)
        self.rng.shuffle(bonus)
        deck: list[str] = []
        for tod in TIMES_OF_DAY:  # Morning on top, Night at the bottom
            cards = sorted(c.id for c in self.comp.customers.values() if c.time_of_day == tod)
            self.rng.shuffle(cards)
            deck += cards[:n]
        order_decks = {}
        for rank in ("I", "II", "III"):
            cards = sorted(c.id for c in self.comp.orders.values() if c.rank == rank)
            self.rng.shuffle(cards)
            order_decks[rank] = cards
        tokens = 4 if n == 2 else 3
        self.st = {
            "phase": "player_card",
            "round": 0,
            "turn": None,
            "start_player": None,
            "players": [{
                "colour": COLOURS[s],
                "dealt": pcs[2 * s:2 * s + 2],
                "card": None,
                "draft": bonus[3 * s:3 * s + 3],
                "pick": None,
                "bonus": [],
                "dice": [],
                "limit": 5,
                "coins": 0,
                "tokens": tokens,
                "token_total": tokens,
                "arrange_tokens": 0,
                "levels": {a: 1 for a in ARRANGE_IDS},
                "orders": [],
                "lost_dishes": 0,
            } for s in range(n)],
            "customer_deck": deck,
            "order_decks": order_decks,
            "slots": [None] * CUSTOMER_SPACES,
            "common": [],
            "pending": [],
            "after": None,
            "reroll": None,
            "discarded_orders": 0,
            "customers_left": 0,
            "served_customers": [],
            "unserved_customers": [],
        }

    # ----------------------------------------------------------- queries
    def _p(self, seat: int) -> dict[str, Any]:
        return self.st["players"][seat]

    def active_players(self) -> list[int]:
        """Seats that may act now: every seat that has not chosen yet in the
        hidden choices; the turn player in play; nobody while dice roll."""
        st = self.st
        if st["pending"] or st["phase"] == "over":
            return []
        if st["phase"] == "player_card":
            return [s for s in range(self.num_players) if self._p(s)["card"] is None]
        if st["phase"] in ("draft1", "draft2"):
            return [s for s in range(self.num_players) if self._p(s)["pick"] is None]
        return [st["turn"]]

    def legal_actions(self, player: int) -> list[Action]:
        """Legal actions of ``player`` now (see :meth:`_play_actions`)."""
        if player not in self.active_players():
            return []
        phase = self.st["phase"]
        me = self._p(player)
        if phase == "player_card":
            return [{"type": "choose_card", "player": player, "card": c} for c in me["dealt"]]
        if phase in ("draft1", "draft2"):
            return [{"type": "pick_bonus", "player": player, "card": c} for c in me["draft"]]
        return self._play_actions(player)

    def chance_requests(self) -> list[dict[str, Any]]:
        """Dice waiting to be rolled and read (GR-5): seat (None = common
        purple dice), count, colour, faces 6, and why ("reason").  A request
        stays pending until answered: a die the camera cannot read is never
        guessed, the game simply waits (ruling CAB-5)."""
        return [{"type": "dice", "player": r["player"], "count": r["count"], "colour": r["colour"],
                 "faces": 6, "reason": r["reason"]} for r in self.st["pending"]]

    def is_terminal(self) -> bool:
        """True once the customer area is empty ("4-5" / "B-1 step 5")."""
        return self.st["phase"] == "over"

    def _all_orders(self) -> list[list[str]]:
        return [list(p["orders"]) for p in self.st["players"]]

    def scores(self) -> list[float]:
        """VP of each seat: order card points + achieved bonus cards +
        floor(yen / 4) ("6. Scoring").  Live during the game, but public:
        bonus cards stay hidden until the game is over, so before that the
        scores leave them out (else a caller could infer another seat's
        bonus hand, issue 20)."""
        ps = self.st["players"]
        over = self.st["phase"] == "over"
        hands = [p["bonus"] if over else [] for p in ps]
        return [float(v) for v in totals(self.comp, self._all_orders(), hands, [p["coins"] for p in ps])]

    #: What each part of a :meth:`ranking_keys` key is: (name, +1 more is better).
    RANKING_CRITERIA = (("VP", 1), ("order card points", 1))

    def ranking_keys(self) -> list[tuple[float, int]]:
        """Per seat ``(VP, order card points)`` ("6. Scoring")."""
        sc = self.scores()
        return [(sc[s], order_points(self.comp, self._p(s)["orders"])) for s in range(self.num_players)]

    def ranking(self) -> list[list[int]]:
        """Seats best first; ties broken by higher order card points, else
        shared ("6. Scoring")."""
        return ranking_from_keys(self.ranking_keys())

    # ------------------------------------------------------------ apply
    def _apply(self, action: Action) -> list[Event]:
        kind = action["type"]
        if kind == "tick":
            if "t_us" not in action or action["t_us"] < self.now_us():
                raise IllegalAction("a tick needs t_us >= now (Ginza Retro Café is turn based)")
            return []
        if kind == "dice":
            return self._answer_dice(action)
        player = action.get("player")
        if player is None:
            raise IllegalAction(f"action {kind!r} needs a 'player' seat")
        if self.st["pending"]:
            raise IllegalAction("wait: dice are being rolled and read")
        if player not in self.active_players():
            raise IllegalAction(f"seat {player + 1} may not act now")
        phase = self.st["phase"]
        if phase == "player_card":
            if kind != "choose_card":
                raise IllegalAction("choose one of your two player cards first")
            return self._choose_card(player, action.get("card"))
        if phase in ("draft1", "draft2"):
            if kind != "pick_bonus":
                raise IllegalAction("pick a bonus card first")
            return self._pick_bonus(player, action.get("card"))
        return self._play(player, action)

    # ------------------------------------------------------- chance input
    def _roll(self, player: int | None, count: int, reason: str) -> None:
        colour = COMMON_COLOUR if player is None else self._p(player)["colour"]
        self.st["pending"].append({"player": player, "count": count, "colour": colour, "reason": reason})

    def _answer_dice(self, action: Action) -> list[Event]:
        """Read rolled dice (GR-5): values 1..6, the requested count, for a
        pending request of that seat (None = common dice)."""
        player = action.get("player")
        req = next((r for r in self.st["pending"] if r["player"] == player), None)
        if req is None:
            raise IllegalAction(f"no dice are waiting to be rolled for seat {player if player is None else player + 1}")
        if "colour" in action and action["colour"] != req["colour"]:
            raise IllegalAction(f"expected {req['colour']} dice, got {action['colour']!r}")
        values = action.get("values")
        if not isinstance(values, list) or len(values) != req["count"]:
            raise IllegalAction(f"expected {req['count']} die value(s), got {values!r}")
        if any(isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6 for v in values):
            raise IllegalAction(f"die values must be 1..6, got {values!r}")
        self.st["pending"].remove(req)
        who = "common" if player is None else f"seat {player + 1}"
        events = [_ev("dice", f"{who} rolled {req['colour']} {values} ({req['reason']})",
                      player=player, values=list(values), reason=req["reason"])]
        if player is None:
            self.st["common"] = sorted(self.st["common"] + values)
        else:
            me = self._p(player)
            me["dice"] = sorted(me["dice"] + values)
            if req["reason"] == "reroll":
                self.st["reroll"]["eligible"] = sorted(values)
        if not self.st["pending"]:
            events += self._after_rolls()
        return events

    def _after_rolls(self) -> list[Event]:
        after = self.st["after"]
        self.st["after"] = None
        if after == "draft":
            self.st["phase"] = "draft1"
            return [_ev("phase", "Bonus draft: keep 1 of your 3 bonus cards")]
        if after == "end_turn":
            return self._end_turn()
        if after == "reroll":
            if self.st["reroll"]["remaining"] == 0:
                return self._end_turn()
            return []
        if after == "round":
            return self._begin_round()
        return []  # "turn": the player continues (dice limit raised)

    # ----------------------------------------------------- personal setup
    def _choose_card(self, player: int, card: Any) -> list[Event]:
        """"Choose the Player Card": keep 1 of the 2 dealt, hidden until all
        chose; then reveal, set the dice limit and roll 5 dice each plus the
        3 common dice."""
        me = self._p(player)
        if card not in me["dealt"]:
            raise IllegalAction(f"card must be one of your dealt player cards {me['dealt']}, got {card!r}")
        me["card"] = card
        events = [_ev("chosen", f"seat {player + 1} chose a player card", player=player)]
        if any(p["card"] is None for p in self.st["players"]):
            return events
        for s, p in enumerate(self.st["players"]):
            p["dealt"] = []
            pc = self.comp.player_cards[p["card"]]
            p["limit"] = pc.dice_limit
            events.append(_ev("reveal", f"seat {s + 1} plays {pc.name}: {pc.text}", player=s, card=pc.id))
            self._roll(s, FIRST_DICE, "first dice")
        self._roll(None, COMMON_DICE, "common dice")
        self.st["after"] = "draft"
        return events

    def _pick_bonus(self, player: int, card: Any) -> list[Event]:
        """"Choose the Bonus cards (by Drafting)": keep 1 of 3, pass 2 to
        the left (seat + 1), keep 1 of 2, remove the last."""
        me = self._p(player)
        if card not in me["draft"]:
            raise IllegalAction(f"card must be one of the bonus cards in front of you {me['draft']}, got {card!r}")
        me["pick"] = card
        events = [_ev("picked", f"seat {player + 1} picked a bonus card", player=player)]
        ps = self.st["players"]
        if any(p["pick"] is None for p in ps):
            return events
        for p in ps:
            p["bonus"].append(p["pick"])
            p["draft"].remove(p["pick"])
            p["pick"] = None
        if self.st["phase"] == "draft1":
            passed = [p["draft"] for p in ps]
            for s in range(self.num_players):
                ps[(s + 1) % self.num_players]["draft"] = passed[s]
            self.st["phase"] = "draft2"
            return events + [_ev("cards_passed", "Bonus draft: keep 1 of the 2 cards passed to you")]
        for p in ps:
            p["draft"] = []
        return events + self._start_game()

    def _start_game(self) -> list[Event]:
        """"Use the Player's Special Ability" (start-of-game abilities),
        "Determine the Start Player" (lowest dice total; a tie is broken by
        the game's RNG and logged), then "The First Customers Arrive"."""
        events = []
        for s, p in enumerate(self.st["players"]):
            pc = self.comp.player_cards[p["card"]]
            if pc.ability_kind() == "start_arrange_lv2":
                arr = pc.ability_value("arrange")
                p["levels"][arr] = 2
                events.append(_ev("ability", f"seat {s + 1} ({pc.name}) starts with "
                                  f"{self.comp.arrange[arr].name} at Lv.2", player=s))
        sums = [sum(p["dice"]) for p in self.st["players"]]
        low = [s for s in range(self.num_players) if sums[s] == min(sums)]
        start = low[0] if len(low) == 1 else self.rng.choice(low)
        if len(low) > 1:
            events.append(_ev("start_tie", f"seats {[s + 1 for s in low]} tie with dice total {min(sums)}; "
                              f"the RNG chose seat {start + 1}", seats=low, chosen=start))
        events.append(_ev("start_player", f"seat {start + 1} is the start player", player=start))
        self.st["start_player"] = start
        for i in range(CUSTOMER_SPACES):
            events += self._arrive(i)
        self.st["phase"] = "play"
        self.st["round"] = 1
        self.st["turn"] = start
        events.append(_ev("round", "Round 1 begins", round=1))
        return events

    def _arrive(self, slot: int) -> list[Event]:
        """"A Customer Arrival": draw the top customer into ``slot`` with a
        time marker at 2 and draw its order cards.  Nothing if the deck is
        empty."""
        st = self.st
        if not st["customer_deck"]:
            return []
        cid = st["customer_deck"].pop(0)
        cust = self.comp.customers[cid]
        orders = []
        for rank in cust.order:
            deck = st["order_decks"][rank]
            if deck:  # never empty with validated data (load_customers)
                orders.append({"card": deck.pop(0), "token": None})
        st["slots"][slot] = {"id": cid, "time": ARRIVAL_TIME, "orders": orders}
        what = ", ".join(f"{self.comp.orders[o['card']].item} ({self.comp.orders[o['card']].condition_text()})"
                         for o in orders)
        return [_ev("arrive", f"{cust.name} ({cust.time_of_day}) arrives and orders {what}", customer=cid)]

    # ------------------------------------------------------------- views
    def view(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` (or the public, None) may see: no deck order, no
        other player's dealt cards, draft hand or bonus hand, no player card
        before all are revealed, no RNG.  Bonus cards achieved are shown to
        all once the game is over."""
        st = self.st
        over = st["phase"] == "over"
        revealed = all(p["card"] is not None for p in st["players"])
        players = []
        all_orders = self._all_orders()
        for s, p in enumerate(st["players"]):
            mine = player == s
            pv: dict[str, Any] = {
                "seat": s, "colour": p["colour"],
                "card": p["card"] if (revealed or mine) else None,
                "chosen": p["card"] is not None,
                "dice": list(p["dice"]), "dice_limit": p["limit"], "coins": p["coins"],
                "tokens": p["tokens"], "tokens_on_arrange": p["arrange_tokens"],
                "levels": dict(p["levels"]), "orders": list(p["orders"]),
                "order_points": order_points(self.comp, p["orders"]),
                "bonus_count": len(p["bonus"]), "picked": p["pick"] is not None,
                "lost_dishes": p.get("lost_dishes", 0),
            }
            if mine:
                pv.update(dealt=list(p["dealt"]), draft=list(p["draft"]), pick=p["pick"], bonus=list(p["bonus"]))
            if over:
                pv["bonus_achieved"] = [b for b in p["bonus"] if bonus_achieved(
                    self.comp, self.comp.bonus_cards[b], s, all_orders)]
                pv["coin_points"] = coin_points(p["coins"])
            players.append(pv)
        slots = []
        for slot in st["slots"]:
            if slot is None:
                slots.append(None)
                continue
            cust = self.comp.customers[slot["id"]]
            slots.append({"customer": slot["id"], "name": cust.name, "time_of_day": cust.time_of_day,
                          "time": slot["time"],
                          "orders": [{"card": o["card"], "token": o["token"],
                                      "condition": self.comp.orders[o["card"]].condition_text()}
                                     for o in slot["orders"]]})
        out = {
            "game": self.game_id, "phase": st["phase"], "round": st["round"], "turn": st["turn"],
            "start_player": st["start_player"], "players": players, "customers": slots,
            "common_dice": list(st["common"]), "customer_deck": len(st["customer_deck"]),
            "order_decks": {k: len(v) for k, v in st["order_decks"].items()},
            "reroll": json_copy(st["reroll"]), "dice_requests": self.chance_requests(),
            # the customers who left, in order (public: they left the table), and the order cards discarded
            "served_customers": list(st.get("served_customers", [])),
            "unserved_customers": list(st.get("unserved_customers", [])),
            "discarded_orders": st["discarded_orders"],
        }
        if over:     # why it ended: the customers who left unserved at the last round's end ([]: served)
            out["last_unserved"] = list(st.get("last_unserved", []))
            out["scores"] = self.scores()
            out["ranking"] = self.ranking()
        return out

    # ----------------------------------------------------- serialisation
    def _state_to_json(self) -> dict[str, Any]:
        return json_copy(self.st)

    def _state_from_json(self, state: dict[str, Any]) -> None:
        self.comp = components()
        self.st = state

    def _validate_state(self) -> None:
        """Snapshot check: counts in range (a damaged count must not make the
        engine allocate gigabytes), seats, dice faces, and every card id
        known (orders, bonus cards, player cards, customers)."""
        from .. import schema as sc
        from ..base import check_ints
        st, comp, n = self.st, self.comp, self.num_players
        check_ints(st, -1, 10_000)
        players = st.get("players")
        if not isinstance(players, list) or len(players) != n:
            raise ValueError(f"players must be a list of {n} seats")
        order_id, bonus_id = sc.OneOf(comp.orders), sc.OneOf(comp.bonus_cards)
        card_id = sc.OneOf(comp.player_cards)
        die = sc.Range(1, 6)
        for k, p in enumerate(players):
            where = f"players[{k}]"
            if not isinstance(p, dict):
                raise ValueError(f"{where} must be an object")
            for key, shape in (("dice", [die]), ("limit", sc.Range(1, 20)), ("coins", sc.Range(0, 10_000)),
                               ("tokens", sc.Range(0, 100)), ("token_total", sc.Range(0, 100)),
                               ("arrange_tokens", sc.Range(0, 100)), ("colour", str), ("orders", [order_id]), ("bonus", [bonus_id]),
                               ("draft", [bonus_id]), ("pick", (None, bonus_id)), ("card", (None, card_id)),
                               ("dealt", [card_id]), ("levels", sc.MapOf(None, sc.Range(0, 10)))):
                if key not in p:
                    raise ValueError(f"{where} has no {key!r}")
                sc.check(p[key], shape, f"{where}.{key}")
            sc.check(p.get("lost_dishes", 0), sc.Range(0, 100), f"{where}.lost_dishes")   # absent in older saves
        sc.check(st.get("phase"), sc.OneOf({"player_card", "draft1", "draft2", "play", "over"}), "phase")
        for key in ("round", "turn", "start_player", "discarded_orders", "customers_left"):
            if key in st:
                sc.check(st[key], (None, sc.Range(0, n - 1)) if key in ("turn", "start_player")
                         else sc.Range(0, 10_000), key)
        for i, req in enumerate(st.get("pending", [])):
            sc.check(req, sc.MapOf(None, (int, str, None)), f"pending[{i}]")
            sc.check(req.get("player"), (None, sc.Range(0, n - 1)), f"pending[{i}].player")
            sc.check(req.get("count"), sc.Range(0, 20), f"pending[{i}].count")
        if "reroll" in st:
            sc.check(st["reroll"], (None, {"player": sc.Range(0, n - 1), "remaining": sc.Range(0, 100),
                                          "eligible": [sc.Range(0, 20)]}), "reroll")
        sc.check(st.get("customer_deck", []), [sc.OneOf(comp.customers)], "customer_deck")
        for key in ("served_customers", "unserved_customers", "last_unserved"):   # absent in older saves
            sc.check(st.get(key, []), [sc.OneOf(comp.customers)], key)
        sc.check(st.get("common", []), [die], "common")
        decks = st.get("order_decks", {})
        sc.check(decks, sc.MapOf(None, [order_id]), "order_decks")
        for i, slot in enumerate(st.get("slots", [])):
            if slot is None:
                continue
            sc.check(slot, sc.MapOf(None, (int, str, None, list, dict)), f"slots[{i}]")
            sc.check(slot.get("id"), sc.OneOf(comp.customers), f"slots[{i}].id")
            for j, o in enumerate(slot.get("orders", [])):
                sc.check(o, {"card": order_id, "token": (None, sc.Range(0, n - 1))}, f"slots[{i}].orders[{j}]")
