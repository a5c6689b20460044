"""Cryptid Cafe player actions: legal actions, validation and effects, and
the automatic steps between decisions (rulebook "Phase 1" to "Phase 4",
"Event and Specialty Cards"; rulings CC-4 to CC-8).

Mixed into :class:`engines.cryptid_cafe.game.CryptidCafe`, which owns the
state.  Every handler validates fully and raises
:class:`engines.base.IllegalAction` before it changes anything.

Actions (all carry ``"player"``):
    ``place`` (station, rank), ``take_dish`` (station) or ``no_dish`` (only
    when unable to place), ``share_tips`` (station, ranks), ``skip_share`` (station),
    ``change_order`` (slot, target_player, target_slot), ``keep_order``,
    ``serve`` (slot), ``done_serving``, ``move_customers`` (spaces 1 or 2),
    ``manager`` (slots [a, b]).
"""
from __future__ import annotations

from typing import Any

from ..base import Action, Event, IllegalAction
from ..words import a_number
from . import ai
from .stations import collect, free_ranks, lowest, max_move_up, move_up, pushed_down
from .track import has_dishes, order_of, tip_at


def _int_field(action: Action, key: str) -> int:
    value = action.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(f"{action['type']} needs an integer {key!r}, got {value!r}")
    return value


class RulesMixin:
    """Actions and automatic flow of Cryptid Cafe (see module docstring)."""

    _HANDLERS = {
        "place": "_do_place", "take_dish": "_do_take_dish", "no_dish": "_do_no_dish", "share_tips": "_do_share",
        "skip_share": "_do_skip_share", "change_order": "_do_change_order",
        "keep_order": "_do_keep_order", "serve": "_do_serve", "done_serving": "_do_done_serving",
        "move_customers": "_do_move", "manager": "_do_manager",
    }

    # ---------------------------------------------------------- helpers
    def _station_arg(self, action: Action) -> str:
        station = action.get("station")
        if not isinstance(station, str) or station not in self.stations:   # a list must not raise TypeError
            raise IllegalAction(f"unknown station {station!r}; stations are {', '.join(self.stations)}")
        return station

    def _has_server(self, seat: int, station: str) -> bool:
        return seat in self.stations[station]

    def _placements(self, seat: int) -> list[Action]:
        """Legal ``place`` actions of ``seat`` (rulebook Phase 1; CC-5)."""
        out = []
        for s in self.comp.station_ids:
            if s == self.closed_station() or self._has_server(seat, s):
                continue
            for rank in free_ranks(self.stations[s]):
                out.append({"type": "place", "player": seat, "station": s, "rank": rank})
        return out

    def _dish_takes(self, seat: int) -> list[Action]:
        """The "unable to place" fallback: take one dish from a station not
        closed by an event and without a server of ``seat``."""
        return [{"type": "take_dish", "player": seat, "station": s} for s in self.comp.station_ids
                if s != self.closed_station() and not self._has_server(seat, s) and self.supply[s] > 0]

    def _share_decider(self) -> tuple[int, str, int] | None:
        """``(seat, station, max_ranks)`` if a human must decide on sharing
        tips at the station being resolved, else ``None``."""
        station = self._sharing_station()
        if station is None:
            return None
        low = lowest(self.stations[station])
        limit = max_move_up(self.stations[station])
        if low is None or limit == 0 or isinstance(low[1], str) or station in self.locked:
            return None
        pl = self.players[low[1]]
        if pl["moved_up"] or pl["coins"] < 1:
            return None
        return low[1], station, min(limit, pl["coins"])

    def _cmo_eligible(self, seat: int) -> bool:
        pl = self.players[seat]
        return (pl["change_order"] and bool(self._occupied(seat))
                and any(self._occupied(q) for q in range(self.num_players) if q != seat))

    def _servable(self, seat: int) -> list[int]:
        pl = self.players[seat]
        return [i for i in self._occupied(seat) if has_dishes(pl["dishes"], order_of(self.comp, pl["track"][i]))]

    def _needs_move_choice(self, seat: int) -> bool:
        return self.phase == "move" and self.players[seat]["move"] is None

    # ---------------------------------------------------- legal actions
    def legal_actions(self, player: int) -> list[Action]:
        """Every legal action of ``player`` now (Manager swaps included)."""
        if self.phase == "over" or not 0 <= player < self.num_players:
            return []
        pl = self.players[player]
        acts: list[Action] = []
        if self.phase == "place" and self._placing() == player:
            acts = self._placements(player)
            if not acts:
                takes = self._dish_takes(player)
                acts = takes + [{"type": "no_dish", "player": player}] if takes else []
        elif self.phase == "share":
            decider = self._share_decider()
            if decider and decider[0] == player:
                _, station, limit = decider
                acts = [{"type": "share_tips", "player": player, "station": station, "ranks": k}
                        for k in range(1, limit + 1)]
                acts.append({"type": "skip_share", "player": player, "station": station})
        elif self.phase == "change_order" and self.cmo_queue and self.cmo_queue[0] == player:
            for slot in self._occupied(player):
                for q in range(self.num_players):
                    if q != player:
                        for t in self._occupied(q):
                            acts.append({"type": "change_order", "player": player, "slot": slot,
                                         "target_player": q, "target_slot": t})
            acts.append({"type": "keep_order", "player": player})
        elif self.phase == "serve" and not pl["done_serving"]:
            acts = [{"type": "serve", "player": player, "slot": i} for i in self._servable(player)]
            acts.append({"type": "done_serving", "player": player})
        elif self._needs_move_choice(player):
            acts = [{"type": "move_customers", "player": player, "spaces": k} for k in (1, 2)]
        if pl["manager"]:
            occ = self._occupied(player)
            acts += [{"type": "manager", "player": player, "slots": [a, b]}
                     for i, a in enumerate(occ) for b in occ[i + 1:]]
        return acts

    # ---------------------------------------------------------- Phase 1
    def _check_placing(self, player: int, what: str) -> None:
        if self.phase != "place":
            raise IllegalAction(f"{what} only during Phase 1 (Send Servers); it is {self.phase} now")
        who = self._placing()
        if who != player:
            raise IllegalAction(f"it is {self._seat_name(who)}'s turn to send a server")

    def _do_place(self, player: int, action: Action, events: list[Event]) -> None:
        """Send a server to a station and rank (rulebook Phase 1; CC-5)."""
        self._check_placing(player, "servers are sent")
        station = self._station_arg(action)
        rank = _int_field(action, "rank")
        name = self.comp.station_name(station)
        if station == self.closed_station():
            raise IllegalAction(f"{name} is closed by this round's event")
        if self._has_server(player, station):
            raise IllegalAction(f"you already have a server at {name}: one server per station")
        if not 1 <= rank <= len(self.stations[station]):
            raise IllegalAction(f"{name} has ranks 1 to {len(self.stations[station])}, not {rank}")
        if self.stations[station][rank - 1] is not None:
            raise IllegalAction(f"rank {rank} of {name} is taken by {self._seat_name(self.stations[station][rank - 1])}")
        self.stations[station][rank - 1] = player
        self.turn_index += 1
        events.append({"type": "place", "player": player, "station": station, "rank": rank,
                       "text": f"Seat {player + 1} sends a server to {name}, rank {rank}"})

    def _do_take_dish(self, player: int, action: Action, events: list[Event]) -> None:
        """Unable to place: take one dish instead (rulebook Phase 1)."""
        self._check_placing(player, "dishes are taken instead of placing")
        station = self._station_arg(action)
        name = self.comp.station_name(station)
        if self._placements(player):
            raise IllegalAction("you can still send a server somewhere: a dish may be taken only when unable to place")
        if station == self.closed_station():
            raise IllegalAction(f"{name} is blocked by this round's event")
        if self._has_server(player, station):
            raise IllegalAction(f"you have a server at {name}: take a dish from another station")
        if self.supply[station] < 1:
            raise IllegalAction(f"the supply has no {name} left")
        self.supply[station] -= 1
        self.players[player]["dishes"][station] += 1
        self.turn_index += 1
        events.append({"type": "take_dish", "player": player, "station": station,
                       "text": f"Seat {player + 1} cannot send a server and takes a {name} instead"})

    def _do_no_dish(self, player: int, action: Action, events: list[Event]) -> None:
        """Unable to place and declining the dish ("may instead take")."""
        self._check_placing(player, "the fallback dish is declined")
        if self._placements(player):
            raise IllegalAction("you can still send a server somewhere")
        self.turn_index += 1
        events.append({"type": "no_dish", "player": player,
                       "text": f"Seat {player + 1} cannot send a server and takes no dish"})

    # ---------------------------------------------------------- Phase 2
    def _check_sharing(self, player: int, action: Action) -> tuple[str, int]:
        if self.phase != "share":
            raise IllegalAction(f"tips are shared only during Phase 2; it is {self.phase} now")
        station = self._station_arg(action)
        current = self._sharing_station()
        name = self.comp.station_name(station)
        if station != current:
            if self.locked.get(station) == player:
                raise IllegalAction(f"your server was pushed to the lowest rank of {name} and cannot move "
                                    f"this round")
            raise IllegalAction(f"stations are resolved left to right: tip-sharing is at "
                                f"{self.comp.station_name(current)} now, not {name}")
        decider = self._share_decider()
        low = lowest(self.stations[station])
        if low is None or low[1] != player:
            raise IllegalAction(f"only the server on the lowest rank of {name} may share tips")
        if decider is None:
            if self.players[player]["moved_up"]:
                raise IllegalAction("you already moved a server up this round (one per round)")
            raise IllegalAction(f"your server at {name} cannot move up: no server stands higher")
        return station, decider[2]

    def _do_share(self, player: int, action: Action, events: list[Event]) -> None:
        """Share tips with Chef Kraken: move up k ranks for k coins (rulebook
        "Share tips"; CC-4; solo: the coins go to AI Player 2, CC-8)."""
        station, _ = self._check_sharing(player, action)
        ranks = _int_field(action, "ranks")
        limit = max_move_up(self.stations[station])
        coins = self.players[player]["coins"]
        if not 1 <= ranks <= limit:
            raise IllegalAction(f"your server can move up 1 to {limit} ranks here, not {ranks}")
        if ranks > coins:
            raise IllegalAction(f"moving up {ranks} ranks costs {ranks} coins; you have {coins}")
        old = lowest(self.stations[station])[0]
        before = list(self.stations[station])
        self.stations[station], locked = move_up(self.stations[station], ranks)
        pl = self.players[player]
        pl["coins"] -= ranks
        pl["moved_up"] = True
        name = self.comp.station_name(station)
        to = "AI Player 2" if "ai2" in self.ais else "Chef Kraken"
        if "ai2" in self.ais:
            self.ais["ai2"]["share_coins"] += ranks
        events.append({"type": "share_tips", "player": player, "station": station, "ranks": ranks,
                       "text": f"Seat {player + 1} shares {ranks} coin{'s' if ranks > 1 else ''} with {to} "
                               f"and moves up at {name} from rank {old} to rank {old + ranks}"})
        self._tell_pushed(station, player, before, events)
        self._lock(station, locked, events)
        self._finish_station(events)

    def _do_skip_share(self, player: int, action: Action, events: list[Event]) -> None:
        """Decline to share tips at the station being resolved."""
        station, _ = self._check_sharing(player, action)
        events.append({"type": "skip_share", "player": player, "station": station,
                       "text": f"Seat {player + 1} does not share tips at {self.comp.station_name(station)}"})
        self._finish_station(events)

    def _tell_pushed(self, station: str, mover: Any, before: list, events: list[Event]) -> None:
        """One ``pushed_down`` event for each server ``mover``'s move up
        passed (CC-4; issue 34: "Seat 2's server pushes Seat 1's server at
        Beuv'noire down to rank 2"), people's and AI servers alike."""
        name = self.comp.station_name(station)
        for who, rank in pushed_down(before, self.stations[station]):
            # a seat's server collects as many dishes as its rank: the push costs it one (AI servers collect none)
            cost = f": {self._seat_name(who)} collects 1 {name} fewer" if isinstance(who, int) else ""
            events.append({"type": "pushed_down", "station": station, "who": who, "by": mover, "rank": rank,
                           "text": f"{self._seat_name(mover)}'s server pushes {self._seat_name(who)}'s server "
                                   f"at {name} down to rank {rank}{cost}"})

    def _lock(self, station: str, locked: Any, events: list[Event]) -> None:
        if locked is not None:
            self.locked[station] = locked
            events.append({"type": "locked", "station": station, "who": locked,
                           "text": f"{self._seat_name(locked)} is pushed to the lowest rank of "
                                   f"{self.comp.station_name(station)} and cannot move this round"})

    def _finish_station(self, events: list[Event]) -> None:
        """Collect dishes at the station being resolved and go to the next
        (rulebook "Collect dishes"; CC-6; AI players collect nothing)."""
        station = self._sharing_station()
        name = self.comp.station_name(station)
        humans = set(range(self.num_players))
        for who, rank, n in collect(self.stations[station], self.supply[station], humans):
            self.supply[station] -= n
            self.players[who]["dishes"][station] += n
            short = "" if n == rank else f" (the supply had only {n} left)"
            if any(e.get("type") == "pushed_down" and e.get("station") == station and e.get("who") == who
                   for e in events):          # issue 34: the push's cost stays said after the push scrolls out
                short += f" (pushed down from rank {rank + 1})"
            events.append({"type": "collect", "player": who, "station": station, "dishes": n,
                           "text": f"Seat {who + 1} collects {n} {name}{short}"})
        self.share_index += 1

    # ---------------------------------------------------------- Phase 3
    def _check_cmo(self, player: int, what: str) -> None:
        if self.phase != "change_order":
            raise IllegalAction(f"{what}: Change My Order is played only at the start of Phase 3, "
                                f"before serving; it is {self.phase} now")
        if not self.players[player]["change_order"]:
            raise IllegalAction("you already used your Change My Order card (once per game)")
        if not self.cmo_queue or self.cmo_queue[0] != player:
            who = self.cmo_queue[0] if self.cmo_queue else None
            raise IllegalAction(f"Change My Order cards are resolved in turn order: "
                                f"{self._seat_name(who)} decides first")

    def _do_change_order(self, player: int, action: Action, events: list[Event]) -> None:
        """Copy the order of another player's unserved customer onto one of
        yours; it pays the copied customer's tip (rulebook "Change My Order")."""
        self._check_cmo(player, "cannot change an order now")
        slot = _int_field(action, "slot")
        target = _int_field(action, "target_player")
        tslot = _int_field(action, "target_slot")
        if slot not in self._occupied(player):
            raise IllegalAction(f"you have no customer on space {slot}")
        if target == player or not 0 <= target < self.num_players:
            raise IllegalAction("copy the order of another player's customer")
        if tslot not in self._occupied(target):
            raise IllegalAction(f"Seat {target + 1} has no customer on space {tslot}")
        other = self.players[target]["track"][tslot]
        mine = self.players[player]["track"][slot]
        mine["order"] = order_of(self.comp, other)
        mine["tip"] = tip_at(self.comp, self.players[target]["track"], tslot)
        mine["copied_from"] = [target, other["card"]]
        self.players[player]["change_order"] = False
        self.cmo_queue.pop(0)
        me, them = self.comp.customer(mine["card"]).name, self.comp.customer(other["card"]).name
        events.append({"type": "change_order", "player": player, "slot": slot, "target_player": target,
                       "target_slot": tslot,
                       "text": f"Seat {player + 1}'s {me} now orders like Seat {target + 1}'s {them} "
                               f"(tip {mine['tip']})"})

    def _do_keep_order(self, player: int, action: Action, events: list[Event]) -> None:
        """Do not play Change My Order this round."""
        if self.phase != "change_order" or not self.cmo_queue or self.cmo_queue[0] != player:
            raise IllegalAction("nobody is asking you about Change My Order now")
        self.cmo_queue.pop(0)

    def _do_serve(self, player: int, action: Action, events: list[Event]) -> None:
        """Serve a customer: return its order's dishes, take the tip of its
        current colour (rulebook Phase 3)."""
        if self.phase != "serve":
            raise IllegalAction(f"customers are served in Phase 3; it is {self.phase} now")
        pl = self.players[player]
        if pl["done_serving"]:
            raise IllegalAction("you have finished serving this round")
        slot = _int_field(action, "slot")
        if slot not in self._occupied(player):
            raise IllegalAction(f"you have no customer on space {slot}")
        customer = pl["track"][slot]
        order = order_of(self.comp, customer)
        if not has_dishes(pl["dishes"], order):
            need = ", ".join(f"{n} {self.comp.station_name(d)}" for d, n in order.items())
            raise IllegalAction(f"serving this customer needs {need}; you do not have them")
        tip = tip_at(self.comp, pl["track"], slot)
        for d, n in order.items():
            pl["dishes"][d] -= n
            self.supply[d] += n
        pl["coins"] += tip
        pl["served"].append({"card": customer["card"], "tip": tip})
        pl["track"][slot] = None
        events.append({"type": "serve", "player": player, "card": customer["card"], "tip": tip,
                       "text": f"Seat {player + 1} serves the {self.comp.customer(customer['card']).name} "
                               f"and gets {a_number(tip)}-coin tip"})

    def _do_done_serving(self, player: int, action: Action, events: list[Event]) -> None:
        """Finish serving for this round."""
        if self.phase != "serve" or self.players[player]["done_serving"]:
            raise IllegalAction("you are not serving now")
        self.players[player]["done_serving"] = True

    # ---------------------------------------------------------- Phase 4
    def _do_move(self, player: int, action: Action, events: list[Event]) -> None:
        """Choose to move all customers 1 or 2 spaces (rulebook Phase 4)."""
        if not self._needs_move_choice(player):
            raise IllegalAction("you are not choosing how far your customers move now")
        spaces = _int_field(action, "spaces")
        if spaces not in (1, 2):
            raise IllegalAction(f"customers move 1 or 2 spaces, not {spaces}")
        self.players[player]["move"] = spaces

    def _do_manager(self, player: int, action: Action, events: list[Event]) -> None:
        """Manager card: swap two of your customers, any time, once per game."""
        pl = self.players[player]
        if not pl["manager"]:
            raise IllegalAction("you already used your Manager card (once per game)")
        slots = action.get("slots")
        if (not isinstance(slots, list) or len(slots) != 2
                or any(isinstance(s, bool) or not isinstance(s, int) for s in slots)):
            raise IllegalAction(f"manager needs 'slots': two space numbers, got {slots!r}")
        a, b = slots
        occ = self._occupied(player)
        if a == b or a not in occ or b not in occ:
            raise IllegalAction("the Manager card swaps two different customers of yours")
        pl["track"][a], pl["track"][b] = pl["track"][b], pl["track"][a]
        pl["manager"] = False
        events.append({"type": "manager", "player": player, "slots": [a, b],
                       "text": f"Seat {player + 1} plays the Manager card and swaps two customers"})

    # ----------------------------------------------------- automatic flow
    def _advance(self, events: list[Event]) -> None:
        """Run every step nobody decides until a human decision is due."""
        while True:
            if self.phase == "place":
                if self.turn_index >= len(self.turn_order):
                    self.phase = "share"
                    self.share_index = 0
                    events.append({"type": "phase", "phase": "share", "text": "Phase 2: share tips and collect dishes"})
                    continue
                who = self.turn_order[self.turn_index]
                if isinstance(who, str):
                    events += ai.place(self.comp, self.rng, who, self.ais[who]["deck"], self.stations,
                                       self.closed_station())
                    self.turn_index += 1
                    continue
                if self._placements(who) or self._dish_takes(who):
                    return
                events.append({"type": "no_place", "player": who,
                               "text": f"Seat {who + 1} can neither send a server nor take a dish"})
                self.turn_index += 1
            elif self.phase == "share":
                station = self._sharing_station()
                if station is None:
                    self.phase = "change_order"
                    self.cmo_queue = self._humans_in_turn_order()
                    events.append({"type": "phase", "phase": "serve", "text": "Phase 3: serve Cryptid customers"})
                    continue
                if self._share_decider() is not None:
                    return
                low = lowest(self.stations[station])
                if (low is not None and isinstance(low[1], str) and station not in self.locked
                        and max_move_up(self.stations[station]) > 0):
                    before = list(self.stations[station])
                    ai_events, locked = ai.move(self.comp, self.rng, station, self.stations)
                    events += ai_events
                    self._tell_pushed(station, low[1], before, events)
                    self._lock(station, locked, events)
                self._finish_station(events)
            elif self.phase == "change_order":
                while self.cmo_queue and not self._cmo_eligible(self.cmo_queue[0]):
                    self.cmo_queue.pop(0)
                if self.cmo_queue:
                    return
                self.phase = "serve"
            elif self.phase == "serve":
                for seat, pl in enumerate(self.players):
                    if not pl["done_serving"] and not self._servable(seat):
                        pl["done_serving"] = True
                if not all(pl["done_serving"] for pl in self.players):
                    return
                self.phase = "move"
                events.append({"type": "phase", "phase": "move", "text": "Phase 4: end-of-round cleanup"})
            elif self.phase == "move":
                for seat, pl in enumerate(self.players):
                    if pl["move"] is None and (self.forced_two() or not self._occupied(seat)):
                        pl["move"] = 2 if self.forced_two() else 1
                if any(pl["move"] is None for pl in self.players):
                    return
                self._cleanup_and_next(events)
                if self.phase == "over":
                    return
                return  # _start_round already advanced the new round
            else:
                return
