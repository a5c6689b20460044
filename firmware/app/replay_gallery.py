"""The replay's and the log's part of the screen gallery (issue 38, Build
6; ``cabinet screens menu|all``): a seeded Ginza game played by random
bots, watched again at a move in its middle, and the log a paused game
pages back through (its newest page and the one before)."""
from __future__ import annotations

from pathlib import Path

#: The gallery's game: Ginza, 3 seats, seed 3, this many random-bot actions.
GAME, PLAYERS, SEED, ACTIONS = "ginza", 3, 3, 140


def gallery_replay():
    """The gallery's recorded game as a :class:`firmware.runtime.replay.Replay`
    (built in memory; no journal is read or written)."""
    from bots.random_bot import RandomBot
    from engines import new_game

    from firmware.runtime.replay import Replay
    game = new_game(GAME, PLAYERS, SEED)
    bot, actions = RandomBot(SEED), []
    while len(actions) < ACTIONS and not game.is_terminal():
        action = bot.next_action(game)
        game.apply(dict(action))
        actions.append(action)
    header = {"game": GAME, "num_players": PLAYERS, "seed": SEED, "options": {}}
    return Replay(Path(f"{GAME}.jsonl"), header, actions)


def render_gallery(out: Path, sizes: tuple[tuple[int, int], ...]) -> list[Path]:
    """``replay-WxH.png`` (the middle move) and ``log-N-WxH.png`` (N = 1,
    the newest moves, and 2) for each size, into ``out``."""
    from firmware.runtime.pace import PauseSwitch
    from firmware.screens.log_scene import log_scene
    from firmware.ui.hdmi import HdmiRenderer
    replay = gallery_replay()
    lines = replay.words_until(replay.last, keep=10_000)
    pause = PauseSwitch()
    pause.paused, pause.by = True, 0
    written = []
    for w, h in sizes:
        r = HdmiRenderer(w, h, "headless")
        r.draw(replay.scene(replay.last // 2, (w, h), r.scene_measure))
        written.append(r.screenshot(Path(out) / f"replay-{w}x{h}.png"))
        for page in (1, 2):
            r.draw(log_scene(lines, page, (w, h), r.scene_measure, notice=pause.notice()))
            written.append(r.screenshot(Path(out) / f"log-{page}-{w}x{h}.png"))
        r.close()
    return written


def gallery_markdown(sizes: tuple[tuple[int, int], ...]) -> str:
    """The gallery README's section for the replay and the log."""
    def pics(stem: str) -> str:
        return ", ".join(f"[{w}x{h}]({stem}-{w}x{h}.png)" for w, h in sizes)
    return "\n".join([
        "## Watching a game again, and the log", "",
        "`cabinet replay` or the menu's Watch a game row: any seat's arrows step through a recorded game",
        "(the public view; the seats' OLEDs only once it is over). While a game is paused, left of the",
        "board: the moves so far in words, newest first.", "",
        "| screen | pictures |", "|---|---|",
        f"| a recorded Ginza game at its middle move | {pics('replay')} |",
        f"| the log, the newest moves | {pics('log-1')} |",
        f"| the log, one page back | {pics('log-2')} |", ""])
