"""What a session reports when its game ends or stops: each seat's score
(a stopped game: what its board shows), the result, the dice reader's
figures (each naming its unit and its scope), the actions, the screens
drawn and the journal; printed by ``cabinet play`` and ``cabinet resume``.

:class:`SessionReport` is a part of :class:`firmware.app.session.Session`.
"""
from __future__ import annotations

from typing import Any

from engines import Game
from engines.words import plural
from engines.results import game_result

from firmware.screens.games import cabinet_game


def by_whom(d: dict[str, Any]) -> str:
    """Who entered the dice entered by hand, for the report's dice line
    (PT30: "4 dice entered by hand" did not say whose): " (seat 1: 1, seat
    3: 3)", the seats in order, then the common dice; "" when none."""
    who = d.get("entered_by") or {}
    order = sorted(who, key=lambda k: (not k.startswith("seat "), int(k.split()[1]) if k.startswith("seat ") else 0))
    return f" ({', '.join(f'{k}: {who[k]}' for k in order)})" if who else ""


class SessionReport:
    """The report of a session (mixed into :class:`firmware.app.session.Session`,
    whose ``game``, ``runtime``, ``dice``, ``writer``, ``resumed`` and
    ``screen_count`` it reads)."""

    game: Any
    runtime: Any
    dice: Any
    writer: Any
    resumed: bool
    screen_count: int
    run: Any

    def report(self) -> dict[str, Any]:
        """Final facts: scores, ranking, dice reads/misreads, journal."""
        g = self.game
        result = game_result(g).as_dict() if g.is_terminal() else None
        return {"game": g.game_id, "players": g.num_players, "seed": g.seed, "finished": g.is_terminal(),
                "scores": g.scores(), "ranking": result["ranking"] if result else None, "result": result,
                "dice": self.dice.stats.as_dict(), "actions": self.runtime.stats.actions,
                "screens": self.screen_count, "journal": str(self.writer.path)}

    def report_lines(self, r: dict[str, Any]) -> list[str]:
        """The report's dice lines, each naming its unit (dice or readings)
        and its scope: the camera counts cover this run (after ``cabinet
        resume``: only since the resume, the journal keeps no frames), the
        contest counts (ruling CAB-6) the whole game (rebuilt from the
        journal's notes).  The misread line is shown whenever the truth is
        known (the simulated table), so a resume keeps it."""
        d = r["dice"]
        scope = "this run (since the resume)" if self.resumed else "whole game"
        short = "this run" if self.resumed else "whole game"
        out: list[str] = []
        if type(self.game).chance_requests is Game.chance_requests:
            return out            # a game without dice (Cha dango, Café Junior, Cryptid Cafe): no camera figures
        if d["requests"] or self.resumed:
            # "rerolls" here are those the cabinet asked for because dice stayed unread, not the
            # game's own rerolls nor those after a rejected reading (PT12: "0 rerolls" beside "1 rerolled")
            out.append(f"  dice, {scope}: {d['dice_read']} read by the camera, {d['misread']} misread, "
                       f"{d['nudges']} nudges, {plural(d['rerolls'], 'reroll')} asked for unread dice, "
                       f"{plural(d['entered'], 'die', 'dice')} entered by hand{by_whom(d)}, {d['frames']} frames")
        if d.get("first_dice"):
            out.append(f"  first look at rest, {short}: {100 * d['first_right'] / d['first_dice']:.1f} % of "
                       f"{d['first_dice']} dice on the table read right, {100 * d['first_wrong'] / d['first_dice']:.2f} "
                       f"% misread; {d['nudges'] / max(1, d['rolls']):.2f} nudges per roll ({d['rolls']} rolls), "
                       f"{100 * d['nudges'] / d['first_dice']:.1f} per 100 dice"
                       + (f", {d['nudge_wait_us'] / 1e6 / d['nudges']:.2f} s waited per nudge" if d["nudges"] else ""))
        if d["contested"] or d["hand_entries"]:
            out.append(f"  readings contested by the seats, whole game: {d['contested']} "
                       # (a rejection asks for the same dice nudged, never rerolled, CAB-6; the count's
                       # key keeps its old name for saved reports)
                       f"({plural(d['contest_rerolls'], 'nudge')} asked after a rejection, "
                       f"{plural(d['hand_entries'], 'reading')} entered by hand)")
        if d["misread"] or (getattr(self.dice, "table", None) is not None and (d["requests"] or self.resumed)):
            of = f"of the {d['misread']} misread" if d["misread"] else "(none misread)"
            out.append(f"  misread dice that reached the game, {short}: {d['misread_accepted']} {of}")
        words = getattr(self.dice, "reader_words", "")
        if words:
            out.append(f"  dice reader: {words}")
        return out

    def report_text(self, r: dict[str, Any]) -> list[str]:
        """The report as printed: finished or stopped, each seat's score
        (a stopped game: what the board shows, from the game's screen
        module's ``board_words`` where it has one, with the engine's score
        labelled provisional), the result, the dice lines, the journal."""
        out = [f"{self.game.display_name}: {'finished' if r['finished'] else 'stopped (resume with cabinet resume)'}"]
        declared = cabinet_game(self.game.game_id)
        board = declared.hook("board_words") if declared is not None else None
        for seat, score in enumerate(r["scores"]):
            # a person's seat in the save handed to a bot by the resume is no bot all along (PT29)
            tag = (" (bot from the resume)" if seat in getattr(self, "bots_from_resume", ()) else " (bot)") \
                if seat in self.runtime.bots else ""
            if r["finished"]:
                out.append(f"  seat {seat + 1}{tag}: {score:g}")
            elif board is not None:
                out.append(f"  seat {seat + 1}{tag}: {board(self.game, seat, score)}")
            else:
                unit = getattr(self.game, "RANKING_CRITERIA", (("",),))[0][0]
                unit = unit[:-1] if score == 1 and unit.endswith("s") else unit      # "1 VP card"
                out.append(f"  seat {seat + 1}{tag}: {score:g} {unit} so far".replace("  so far", " so far"))
        if r["result"]:
            res = r["result"]
            if res["solo"]:
                out.append(f"  {res['solo']['name']}: {res['solo']['score']:g}")
            out.append(f"  result: {res['headline']}")
            out += [f"  {t}" for t in res.get("place_ties") or ()]     # ties below the winner (PT12)
        out += self.report_lines(r)
        out.append(f"  actions: {r['actions']}, screens drawn: {r['screens']}")
        out.append(f"  journal: {r['journal']}")
        return out

    def run_and_report(self) -> int:
        """Run, then print the report (:meth:`report_text`); exit code 0."""
        self.run()
        for line in self.report_text(self.report()):
            print(line)
        return 0
