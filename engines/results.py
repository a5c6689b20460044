"""The result of a finished game, computed in one place for the end
screen, the headless report (``cabinet play``) and ``cabinet simulate``.

A result says who won and why:

* the winners (one seat, or several sharing the victory when the rulebook's
  tie-breaks leave them equal: CD-8, CI-7, RG-11, "6. Scoring", "Breaking
  ties");
* when the best score was tied but a tie-break decided it, which rule
  decided it and the values it compared (Retrograde 12-12 decided by
  unspent coins 5 to 3);
* in a solo game against an opponent of the rulebook (Cryptid Cafe's AI
  Player 2, ruling CC-8) the opponent's score and who won: the seat wins
  only with more coins than the AI, so a solo game lost to the AI has no
  winning seat;
* a solo game with no opponent (Retrograde: "try to achieve the ultimate
  high score: 49 points") has no winner: the score and the best possible.

Everything comes from the engine's contract (``scores``, ``ranking``,
``ranking_keys`` and ``RANKING_CRITERIA``) and, for the solo opponent, its
``ai2_score()`` / ``solo_won()``; nothing is recomputed here.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from engines import Game


@dataclass(frozen=True)
class Solo:
    """A solo game's opponent: ``name`` (e.g. ``"AI Player 2"``), its
    ``score`` (same unit as the seat's) and whether the seat ``won``."""
    name: str
    score: float
    won: bool


@dataclass(frozen=True)
class Result:
    """Who won a finished game, and why.

    Attributes:
        game: game id.
        scores: final score per seat (index = 0-based seat).
        unit: what the score counts (``"points"``, ``"coins"``, ``"VP"``).
        ranking: groups of 0-based seats, best first (the engine's).
        winners: 0-based seats that won; several = a shared victory; empty
            when a solo seat lost to its opponent.
        shared: True when two or more seats share the victory.
        tie_break: the rule that separated seats tied on score, with the
            values it compared (``"most unspent coins: 5 to 3"``), or None.
        solo: the solo opponent, or None.
        solo_best: a solo game with no opponent: the rulebook's best score
            to aim for (the game's ``SOLO_BEST_SCORE``), else None.
        place_ties: the ties on score below the winners, one line each:
            decided by a tie-break ("Seats 1 and 2 tied on 22 points: Seat
            1 is 2nd by most unspent coins: 1 to 0") or a shared place
            ("Seats 1 and 2 share 2nd place: 22 points, most unspent coins
            (0 each)").
    """
    game: str
    scores: list[float]
    unit: str
    ranking: list[list[int]]
    winners: list[int]
    shared: bool
    tie_break: str | None
    solo: Solo | None
    solo_best: float | None = None
    place_ties: tuple[str, ...] = ()

    def amount(self, x: float) -> str:
        """``x`` with the unit, singular for exactly 1: "1 VP card", "3 VP
        cards", "1 point" (a unit ending in "s" loses it)."""
        unit = self.unit[:-1] if x == 1 and self.unit.endswith("s") else self.unit
        return f"{x:g} {unit}"

    @property
    def headline(self) -> str:
        """One line for a report or the end screen, e.g. ``"Seat 2 wins
        with 12 points (tied with seat 1 on points; decided by most unspent
        coins: 5 to 3)"``, ``"Seats 1 and 3 share the victory with 4 VP
        cards each"``, ``"AI Player 2 wins: 71 coins to seat 1's -25"``."""
        def n(x: float) -> str:
            return f"{x:g}"
        if self.solo is not None:
            me = self.scores[0]
            if self.solo.won:
                return f"Seat 1 wins: {self.amount(me)} to {self.solo.name}'s {n(self.solo.score)}"
            rule = " (a tie goes to the AI: the seat needs more)" if me == self.solo.score else ""
            return f"{self.solo.name} wins: {self.amount(self.solo.score)} to seat 1's {n(me)}{rule}"
        if self.solo_best is not None:
            return f"Solo score: {self.amount(self.scores[0])} (the best possible is {n(self.solo_best)})"
        best = self.scores[self.winners[0]]
        if self.shared:
            seats = ", ".join(str(s + 1) for s in self.winners[:-1]) + f" and {self.winners[-1] + 1}"
            still = f" (still tied after {self.tie_break})" if self.tie_break else " (the rules share a tie)"
            return f"Seats {seats} share the victory with {self.amount(best)} each{still}"
        text = f"Seat {self.winners[0] + 1} wins with {self.amount(best)}"
        if self.tie_break:
            tied = [s for s in range(len(self.scores)) if self.scores[s] == best and s != self.winners[0]]
            text += f" (tied with seat{'s' if len(tied) > 1 else ''} {', '.join(str(s + 1) for s in tied)}; " \
                    f"decided by {self.tie_break})"
        return text

    @property
    def lines(self) -> list[str]:
        """The result as short lines for a screen panel (each under about
        32 characters except a long tie-break rule), e.g. ``["Seat 2 wins",
        "12 points", "tied with seat 1 on points", "decided by most unspent
        coins: 5 to 3"]``."""
        def n(x: float) -> str:
            return f"{x:g}"
        if self.solo is not None:
            head = "Seat 1 wins" if self.solo.won else f"{self.solo.name} wins"
            out = [head, f"seat 1: {self.amount(self.scores[0])}", f"{self.solo.name}: {n(self.solo.score)}"]
            if not self.solo.won and self.scores[0] == self.solo.score:
                out.append("a tie goes to the AI")
            return out
        if self.solo_best is not None:
            return [f"Solo score: {self.amount(self.scores[0])}", f"best possible: {n(self.solo_best)}"]
        best = self.scores[self.winners[0]]
        if self.shared:
            seats = ", ".join(str(s + 1) for s in self.winners[:-1]) + f" and {self.winners[-1] + 1}"
            out = [f"Seats {seats}", "share the victory", f"{self.amount(best)} each"]
            return out + ([f"still tied after {self.tie_break}"] if self.tie_break else [])
        out = [f"Seat {self.winners[0] + 1} wins", f"{self.amount(best)}"]
        if self.tie_break:
            tied = [s for s in range(len(self.scores)) if self.scores[s] == best and s != self.winners[0]]
            out += [f"tied with seat{'s' if len(tied) > 1 else ''} {', '.join(str(s + 1) for s in tied)}",
                    f"decided by {self.tie_break}"]
        return out

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: seats 1-based, plus ``headline`` and ``lines``."""
        d = asdict(self)
        d["ranking"] = [[s + 1 for s in g] for g in self.ranking]
        d["winners"] = [s + 1 for s in self.winners]
        d["headline"] = self.headline
        d["lines"] = self.lines
        return d


def _describe(name: str, sign: int, values: list[Any], shared: bool) -> str:
    """``"most unspent coins: 5 to 3"`` / ``"fewest lost customers: 1 to 2"``;
    for a shared victory the tie-breaks compared, with the common value."""
    shown = [abs(v) if sign < 0 else v for v in values]
    word = "most" if sign > 0 else "fewest"
    if shared:
        return f"{word} {name} ({shown[0]:g} each)" if isinstance(shown[0], (int, float)) else f"{word} {name}"
    return f"{word} {name}: " + " to ".join(f"{v:g}" for v in shown)


def game_result(game: Game) -> Result:
    """The result of ``game`` (normally finished; a running game gives the
    standings as they are).

    Raises:
        ValueError: the engine's ``ranking_keys`` and ``RANKING_CRITERIA``
            disagree in length (an engine bug).
    """
    scores = [float(s) for s in game.scores()]
    ranking = game.ranking()
    criteria = tuple(getattr(game, "RANKING_CRITERIA", (("score", 1),)))
    keys = game.ranking_keys() if hasattr(game, "ranking_keys") else [(s,) for s in scores]
    if keys and len(keys[0]) != len(criteria):
        raise ValueError(f"{game.game_id}: ranking keys have {len(keys[0])} parts but "
                         f"{len(criteria)} criteria are named")
    unit = criteria[0][0]
    top = ranking[0]
    solo = None
    ai_score = getattr(game, "ai2_score", None)
    if game.num_players == 1 and callable(ai_score) and ai_score() is not None:
        won = bool(game.solo_won())
        solo = Solo("AI Player 2", float(ai_score()), won)
        return Result(game.game_id, scores, unit, ranking, [0] if won else [], False, None, solo)
    if game.num_players == 1 and getattr(game, "SOLO_BEST_SCORE", None) is not None:
        return Result(game.game_id, scores, unit, ranking, [], False, None, None, float(game.SOLO_BEST_SCORE))
    tie_break = None
    if len(top) > 1:
        # a shared victory: name the tie-breaks that were compared and left them equal
        used = [c for c in criteria[1:]]
        if used:
            k = keys[top[0]]
            tie_break = ", ".join(_describe(name, sign, [k[i + 1]], True) for i, (name, sign) in enumerate(used))
    elif len(ranking) > 1:
        w, r = keys[top[0]], keys[ranking[1][0]]
        if w[0] == r[0]:
            i = next(i for i in range(1, len(w)) if w[i] != r[i])
            name, sign = criteria[i]
            tie_break = _describe(name, sign, [w[i], r[i]], False)
    return Result(game.game_id, scores, unit, ranking, list(top), len(top) > 1, tie_break, solo,
                  place_ties=_place_ties(ranking, keys, criteria, unit))


def _ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


def _seats(seats: list[int]) -> str:
    """"Seats 1 and 2", "Seats 1, 2 and 4" (0-based in)."""
    names = [str(s + 1) for s in sorted(seats)]
    return "Seats " + ", ".join(names[:-1]) + " and " + names[-1]


def _place_ties(ranking: list[list[int]], keys: list[tuple], criteria: tuple, unit: str) -> tuple[str, ...]:
    """The ties on score below the first place (PT12: two seats on 22
    points listed 2nd and 3rd with no word of a tie): each run of places
    tied on score, with the tie-break that ordered it or the place it
    shares (the winners' own tie is :attr:`Result.tie_break`'s)."""
    out: list[str] = []
    place, start = 1, {}
    for group in ranking:
        start[group[0]] = place
        place += len(group)
    i = 1
    while i < len(ranking):
        score = keys[ranking[i][0]][0]
        j = i
        while j + 1 < len(ranking) and keys[ranking[j + 1][0]][0] == score:
            j += 1
        run = ranking[i:j + 1]       # places tied on score (with the winners': the headline's tie-break)
        amount = f"{score:g} {unit[:-1] if score == 1 and unit.endswith('s') else unit}"
        for k, group in enumerate(run):
            if k > 0:                # ordered by a tie-break below the one above it
                above = run[k - 1]
                w, r = keys[above[0]], keys[group[0]]
                n = next(x for x in range(1, len(w)) if w[x] != r[x])
                name, sign = criteria[n]
                out.append(f"{_seats(above + group)} tied on {amount}: Seat {above[0] + 1} is "
                           f"{_ordinal(start[above[0]])} by {_describe(name, sign, [w[n], r[n]], False)}")
            if len(group) > 1:
                rest = ", ".join(_describe(nm, sg, [keys[group[0]][x + 1]], True)
                                 for x, (nm, sg) in enumerate(criteria[1:]))
                out.append(f"{_seats(group)} share {_ordinal(start[group[0]])} place: {amount}"
                           + (f", {rest}" if rest else ""))
        i = j + 1
    return tuple(out)
