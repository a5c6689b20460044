"""Cha dango rules engine ("Cha dango Rulebook"; rulings CD-1..CD-10, CAB-3,
CAB-4; the cabinet's rulings CD-9 and CD-10 are in docs/rulings.md).

Flow (rulebook "How to Play"): the current player reveals the top ordering
card; the order is the attribute on the back of the *new* top card of the
ordering deck plus that attribute's value on the revealed card's face
(ruling CD-1).  Then every seat answers in one race (CD-9): a slap says "a
customer matches" (the first slaps serve the matching customers, CD-4), a
cup lifted says "nothing matches" (the slowest sipper places a VP card in
the dining area, CD-6, CD-7).  A hit names the customer it lands on
(CD-12): a hit on a customer that does not match wins nothing and ends the
seat's race in this order (that seat's own view says so at once; no
other view does).  Nothing shown tells the players which it is until the
race is decided: they must see it (rulebook 2: "Each player must
do one of the following actions based on the card").  A wrong sip wins no
customer (CD-9); a seat that must place VP cards chooses which (CD-10).  Then the revealed card joins the dining area and the
player on the left (next seat) takes a turn.  Revealing the last card forms
no order and ends the game at once (CD-2).  Score = VP cards; ties share the
victory (CD-8).

Actions (times are integer us on the edge-source clock, CAB-3):

* ``{"type": "reveal", "player": p, "t_us": T, "buttons_down": [...],
  "cups_up": [...]}``: the current player reveals the order at ``T`` (the
  runtime maps this to the seat's navigation push).  ``buttons_down`` and
  ``cups_up`` are the seats whose big button is held / whose cup is off its
  coaster at ``T`` (the runtime's debounced levels; both optional, default:
  the levels the engine last saw).
* ``{"type": "slap", "player": p, "card": c, "t_us": T}``: the big button's
  press edge, a hit on customer ``c`` (a card id in the dining area: the
  customer under the seat's cursor, ruling CD-12).  A slap that names no
  customer is refused (a journal recorded before hits named a customer
  cannot be replayed).
* ``{"type": "release", "player": p, "t_us": T}``: its release edge.
* ``{"type": "cup_lift", ...}`` / ``{"type": "cup_down", ...}``: the cup
  sensor's edges (switch under the coaster opens / closes).
* ``{"type": "place_vp", "player": p, "card": id}`` (optional ``"timed_out":
  true``: the cabinet placed the card under the seat's cursor when its time
  was up, ruling CAB-9): the seat places this VP
  card in the dining area (CD-10; chosen with the navigation input).
* ``{"type": "tick", "t_us": T}``: time has reached ``T``.
* ``{"type": "restart_race", "t_us": T, "buttons_down": [...], "cups_up":
  [...]}``: the cabinet restarts a race resumed from a save at ``T``, the
  end of its countdown (ruling CAB-8); with ``"paused_at_us": P`` (a
  race paused and going on) the race keeps what was done before ``P``
  and its clock moves on by ``T - P``.
* ``{"type": "resume_choice", "t_us": T, "paused_at_us": P}``: the cabinet
  goes on with a VP-card choice held from ``P`` (a pause, ruling CAB-8):
  its deadline moves on by ``T - P``, so it keeps the time it had left.

Stuck button: a slap is a press *edge*, and the engine only accepts a press
when it knows the button is up.  A button held when the order appears
(listed in ``buttons_down``) therefore wins nothing until a ``release`` and a
new ``slap`` arrive.  Likewise a cup already up when the order appears must
be put down and lifted again before its sip counts (CD-7).

Button and cup edges are refused outside a race.
"""
from __future__ import annotations

from typing import Any

from ..base import Action, Event, Game, IllegalAction, SetupError, json_copy, ranking_from_keys
from .. import schema as sc
from ..words import plural
from . import dining as places
from . import races
from .cards import ATTRIBUTES, load_cards
from .races import seat_name
from .turn import TurnRules, order_words  # noqa: F401 - order_words: one definition, used by the screens

EDGE_TYPES = ("slap", "release", "cup_lift", "cup_down")


class ChaDango(TurnRules, Game):
    """Cha dango for 2 to 6 seats (ruling CD-3: six tea cup tokens).

    Options (times in integer microseconds):
        settle_us: settle window; a late input may be stamped at most this
            long before the latest stamp seen (CAB-3).
        placing_delay_us: the serving winner's slaps are ignored this long
            after their winning slap (CD-4).
        sip_us: how long a cup must be held up for a sip (CD-6).
        sip_timeout_us: time after the order by which every answer must be
            in (a sip complete, a customer served); the race then closes
            (CD-6, CD-9).
        tie_resolution_us: stamps closer than this are a tie (CAB-4).
        wrong_hit_vp_cards: VP cards a wrong hit (a hit on a customer that
            does not match, CD-12) costs on top of what it loses anyway
            (the order's customers; on an order nothing matches it is no
            sip, so the seat is the slowest); default 0, the book's rule,
            measured in docs/rulings.md (CD-12).
        vp_choice_us: time a seat has to choose the VP card(s) it places in
            the dining area before its most recent one goes (CD-10).
        start_player: the seat of the youngest player, who starts
            (rulebook "Setting Up" 3; 0-based).
        reveal_grace_us: a slap or cup lift stamped less than this after
            the order appeared answers nothing: nobody sees an order and
            judges the table that fast, so it was meant for the last race
            (ruling CAB-7); it counts as made before the order (like a
            button held at the reveal).  0 (the default) = no grace; the
            cabinet sets it from its config.
        restart_grace: a race held by a pause goes on as a new look
            (ruling CAB-15): the order and the customers were hidden, so
            ``reveal_grace_us`` counts again from the restart, for every
            seat.  False (the default: games recorded before it replay as
            they were); the cabinet sets it for every new game.
    """

    game_id = "cha-dango"
    display_name = "Cha dango"
    min_players = 2
    max_players = 6
    option_defaults = {
        "settle_us": 2000,
        "placing_delay_us": 800_000,
        "sip_us": 1_000_000,
        "sip_timeout_us": 6_000_000,
        "tie_resolution_us": 5,
        "wrong_hit_vp_cards": 0,
        "vp_choice_us": 10_000_000,
        "start_player": 0,
        "reveal_grace_us": 0,
        "restart_grace": False,
    }

    # ------------------------------------------------------------- setup
    def _setup(self) -> None:
        """Rulebook "Setting Up": 5 starting cards form the dining area, the
        rest are shuffled into the ordering deck; the youngest player
        (option ``start_player``) starts.

        Raises:
            SetupError: a negative time option or VP-card count, a tie
                resolution below 1 us or a sip timeout shorter than the sip
                time.
        """
        o = self.options
        for key in ("settle_us", "placing_delay_us", "sip_us", "sip_timeout_us", "wrong_hit_vp_cards",
                    "vp_choice_us", "reveal_grace_us"):
            if o[key] < 0:
                raise SetupError(f"Cha dango: option {key!r} must be >= 0, got {o[key]}")
        if o["tie_resolution_us"] < 1:
            raise SetupError(f"Cha dango: option 'tie_resolution_us' must be >= 1 us, got {o['tie_resolution_us']}")
        if o["sip_timeout_us"] < o["sip_us"]:
            raise SetupError("Cha dango: 'sip_timeout_us' must be at least 'sip_us'")
        if not 0 <= o["start_player"] < self.num_players:
            raise SetupError(f"Cha dango: option 'start_player' must be a seat 0..{self.num_players - 1}, "
                             f"got {o['start_player']}")
        cards = load_cards()
        deck = cards.ordering_ids()
        self.rng.shuffle(deck)
        self.deck: list[int] = deck
        self.dining: list[int] = cards.starting_ids()
        self.gaps: list[int] = []          # empty places in the dining area (served customers' places)
        self.vp: list[list[int]] = [[] for _ in range(self.num_players)]
        self.current = o["start_player"]   # "The youngest player is the start player"
        self.phase = "reveal"
        self.now = 0
        self.buttons_down = [False] * self.num_players
        self.cups_up = [False] * self.num_players
        self.revealed: int | None = None
        self.order: dict[str, str] | None = None
        self.race: dict[str, Any] | None = None
        self.owed: list[int] = [0] * self.num_players
        self.choice_deadline_us: int | None = None
        self.last_race: dict[str, Any] | None = None

    @property
    def cards(self):
        """The validated card data (see :mod:`engines.cha_dango.cards`)."""
        return load_cards().cards

    # ----------------------------------------------------------- queries
    def active_players(self) -> list[int]:
        """Seats that may act: the current player before a reveal, every seat
        during a race (each may slap or sip, CD-9), the seats choosing VP
        cards to place (CD-10)."""
        if self.phase == "reveal":
            return [self.current]
        if self.phase == "race":
            return list(range(self.num_players))
        if self.phase == "place_vp":
            return [s for s in range(self.num_players) if self.owed[s] > 0]
        return []

    def legal_actions(self, player: int) -> list[Action]:
        """The seat's next inputs (real-time ones as ``"t_us": None``
        templates).

        Before a reveal: the current player's reveal.  Race: the button's
        next edge (a slap per customer in the dining area, in its order,
        CD-12; or the release if it is down) and the cup's next edge
        (lift, or put down with ``t_min_us`` = lift + sip time, CD-6) for
        every seat, whether or not a customer matches (CD-9).  Placing VP
        cards: one ``place_vp`` per VP card of a seat that owes some
        (CD-10).
        """
        if self.phase == "reveal":
            if player != self.current:
                return []
            return [{"type": "reveal", "player": player, "t_us": None,
                     "buttons_down": [s for s in range(self.num_players) if self.buttons_down[s]],
                     "cups_up": [s for s in range(self.num_players) if self.cups_up[s]]}]
        if self.phase == "race":
            race = self.race
            if self.buttons_down[player]:
                buttons = [{"type": "release", "player": player, "t_us": None}]
            else:   # CD-12: a hit names the customer it lands on
                buttons = [{"type": "slap", "player": player, "card": c, "t_us": None} for c in self.dining]
            if self.cups_up[player]:
                cup = {"type": "cup_down", "player": player, "t_us": None}
                lift = race["lift_us"][player]
                if lift is not None and race["done_us"][player] is None:
                    cup["t_min_us"] = lift + self.options["sip_us"]
            else:
                cup = {"type": "cup_lift", "player": player, "t_us": None}
            return buttons + [cup]
        if self.phase == "place_vp" and self.owed[player] > 0:
            return [{"type": "place_vp", "player": player, "card": c} for c in self.vp[player]]
        return []

    def now_us(self) -> int:
        """Latest timestamp applied, us."""
        return self.now

    def deadline_us(self) -> int | None:
        """When a tick next lets the game decide something (a press settled,
        the answer time-out passed, the VP-card choice timed out), us; None
        when no tick is awaited."""
        o = self.options
        if self.phase == "race":
            times = [races.press_deadline(self.race, o["settle_us"], o["tie_resolution_us"]),
                     races.timeout_deadline(self.race, o["settle_us"])]
            return min(t for t in times if t is not None)
        if self.phase == "place_vp":
            return self.choice_deadline_us
        return None

    def is_terminal(self) -> bool:
        """True once the last card has been revealed (CD-2)."""
        return self.phase == "over"

    def scores(self) -> list[float]:
        """VP cards per seat (CD-8); during a race, the counts before it
        (what the race changes is not shown until it is decided)."""
        return [float(len(v)) for v in self.vp]

    #: What each part of a :meth:`ranking_keys` key is (CD-8: no tie-break).
    RANKING_CRITERIA = (("VP cards", 1),)

    def ranking_keys(self) -> list[tuple[int]]:
        """Per seat ``(VP cards,)`` (CD-8)."""
        return [(len(v),) for v in self.vp]

    def ranking(self) -> list[list[int]]:
        """Most VP cards first; equal counts share the place (CD-8)."""
        return ranking_from_keys(self.ranking_keys())

    def view(self, player: int | None = None) -> dict[str, Any]:
        """What a viewer may see.

        Public keys: ``phase`` (``"reveal"``, ``"race"``, ``"place_vp"``,
        ``"over"``), ``current``, ``now_us``, ``deck_count``, ``top_back``,
        ``dining_area`` (faces, in place order), ``dining_gaps`` (the empty
        places among them: a served customer's place until a new customer
        takes it, :mod:`engines.cha_dango.dining`), ``revealed`` (face), ``order``
        (``{"attribute", "value"}``), ``vp_counts``, ``buttons_down``,
        ``cups_up``; ``race`` during a race: ``open_us``, ``timeout_at_us``,
        ``answers`` (per seat ``None`` or ``{"answer": "slap"|"cup",
        "t_us"}``: the seat's first answer, CD-9) and ``sipped_us`` (per
        seat, completed sip stamp or ``None``), and nothing about whether or
        which customers match (CD-9); ``last_race`` once a race is decided
        (see :meth:`_close_race`); ``must_place`` (per seat, VP cards still
        to place, CD-10) and ``vp_choice_deadline_us``.

        A seat's view adds ``player`` and ``my_vp_cards`` (its own VP cards'
        faces, oldest first; face down to the others), and during a race
        ``race["my_wrong_hit"]`` (``{"card", "t_us"}``) once the seat itself
        hit a customer that does not match: it is out of this order
        (CD-12), so it is told at once on its own screen; no other view
        shows it before the race is decided (CD-9); likewise
        ``race["my_wrong_sip"]`` (``{"t_us"}``: its cup lift) once the
        seat's first answer was its cup while a customer matches (CD-9: a
        wrong sip, no customer for it this order); likewise
        ``race["my_late_hit"]`` (``{"card", "t_us", "winner", "by_us"}``)
        once the engine decided that the seat's hit came after another
        seat served that customer (CD-12: it wins nothing, costs nothing;
        issue 34, PT15: 0.174 ms after the winner).  Deck order and the
        RNG are never shown.
        """
        cards = self.cards
        race = self.race
        v: dict[str, Any] = {
            "phase": self.phase,
            "current": self.current,
            "now_us": self.now,
            "deck_count": len(self.deck),
            "top_back": cards[self.deck[0]].back if self.deck else None,
            "dining_area": [cards[c].to_view() for c in self.dining],
            "dining_gaps": list(self.gaps),
            "revealed": cards[self.revealed].to_view() if self.revealed is not None else None,
            "order": dict(self.order) if self.order else None,
            "vp_counts": [len(x) for x in self.vp],
            "buttons_down": list(self.buttons_down),
            "cups_up": list(self.cups_up),
            "race": None if race is None else {
                "open_us": race["open_us"], "timeout_at_us": race["timeout_at_us"],
                "answers": [None if a is None else {"answer": a[0], "t_us": a[1]} for a in race["answers"]],
                "sipped_us": list(race["done_us"])},
            "last_race": json_copy(self.last_race),
            "must_place": list(self.owed),
            "vp_choice_deadline_us": self.choice_deadline_us,
        }
        if player is not None:
            v["player"] = player
            v["my_vp_cards"] = [cards[c].to_view() for c in self.vp[player]]
            if race is not None and race["wrong_us"][player] is not None:     # its own wrong hit (CD-12)
                v["race"]["my_wrong_hit"] = {"card": race["wrong_cards"][player], "t_us": race["wrong_us"][player]}
            ans = race["answers"][player] if race is not None else None
            if ans is not None and ans[0] == "cup" and race["kind"] == "slap":   # its own wrong sip (CD-9)
                v["race"]["my_wrong_sip"] = {"t_us": ans[1]}
            late = races.late_hit(race, player) if race is not None else None
            if late is not None:        # its own hit on a customer another seat served first (CD-12)
                v["race"]["my_late_hit"] = late
        return v

    # ----------------------------------------------------------- actions
    def _apply(self, action: Action) -> list[Event]:
        kind = action["type"]
        if kind == "tick":
            return self._tick(action)
        if kind == "reveal":
            return self._reveal(action)
        if kind in EDGE_TYPES:
            return self._edge(action)
        if kind == "place_vp":
            return self._place_vp(action)
        if kind == "restart_race":
            return self._restart_race(action)
        if kind == "resume_choice":
            return self._resume_choice(action)
        raise IllegalAction(f"unknown action type {kind!r} in Cha dango")

    def _tick(self, action: Action) -> list[Event]:
        t = action.get("t_us")
        if t is None:
            raise IllegalAction("a tick needs t_us (integer microseconds)")
        if t < self.now:
            raise IllegalAction(f"time cannot go backwards: tick at {t} us, the clock is at {self.now} us")
        self.now = t
        return self._advance()

    def _result_text(self) -> str:
        best = self.ranking()[0]
        n = len(self.vp[best[0]])
        if len(best) > 1:
            return f"{races.seats_text(best)} share the victory with {plural(n, 'VP card')} each"
        return f"{seat_name(best[0])} wins with {plural(n, 'VP card')}"

    # ----------------------------------------------------- serialisation
    _FIELDS = ("deck", "dining", "gaps", "vp", "current", "phase", "now", "buttons_down", "cups_up",
               "revealed", "order", "race", "owed", "choice_deadline_us", "last_race")

    def _state_to_json(self) -> dict[str, Any]:
        return json_copy({name: getattr(self, name) for name in self._FIELDS})

    def _state_from_json(self, state: dict[str, Any]) -> None:
        for name in self._FIELDS:
            # a snapshot from before the dining area kept its places has no gaps
            setattr(self, name, state.get(name, {"owed": [0] * self.num_players, "gaps": []}.get(name)))

    def _validate_state(self) -> None:
        """Snapshot check: shapes, types, seats, card ids, and every one of
        the 55 cards in exactly one place (deck, dining area, VP piles, the
        revealed card)."""
        n = self.num_players
        ids = sc.OneOf(range(len(self.cards)))
        seat, flags, t = sc.Range(0, n - 1), sc.Fixed([bool] * n), int
        opt_t = (int, None)
        answer = (None, sc.Fixed([sc.OneOf({"slap", "cup"}), t]))
        race = {"kind": sc.OneOf({"slap", "sip"}), "open_us": t, "timeout_at_us": t, "targets": [ids],
                "customers": [ids], "presses": [sc.Fixed([t, seat, sc.Range(0, 10 ** 9), ids])],
                "wrong_us": sc.Fixed([opt_t] * n), "wrong_cards": sc.Fixed([(ids, None)] * n),
                "seq": sc.Range(0, 10 ** 9), "placing_until_us": sc.Fixed([t] * n),
                "won": [sc.Fixed([ids, seat, t])], "log": [sc.MapOf(None, (int, str, bool, None, [int]))],
                "answers": sc.Fixed([answer] * n), "lift_us": sc.Fixed([opt_t] * n),
                "done_us": sc.Fixed([opt_t] * n), "last_t_us": sc.Fixed([opt_t] * n)}
        state = {name: getattr(self, name) for name in self._FIELDS}
        sc.check(state, {
            "deck": [ids], "dining": [ids], "gaps": [sc.Range(0, 55)], "vp": sc.Fixed([[ids]] * n), "current": seat,
            "phase": sc.OneOf({"reveal", "race", "place_vp", "over"}), "now": t,
            "buttons_down": flags, "cups_up": flags, "revealed": (ids, None),
            "order": (None, {"attribute": sc.OneOf(ATTRIBUTES), "value": str}),
            "race": (None, race), "owed": sc.Fixed([sc.Range(0, 55)] * n), "choice_deadline_us": opt_t,
            "last_race": (None, sc.MapOf(None, (int, bool, str, None, list, dict)))})
        held = self.deck + self.dining + [c for pile in self.vp for c in pile]
        held += [self.revealed] if self.revealed is not None else []
        sc.distinct(held, "cards")
        places.check(self.dining, self.gaps)
        if len(held) != len(self.cards):
            raise ValueError(f"{len(held)} of the {len(self.cards)} cards are accounted for")
        if (self.phase == "race") != (self.race is not None):
            raise ValueError(f"phase {self.phase!r} with race {'set' if self.race else 'missing'}")
