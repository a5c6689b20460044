"""What a session opens on the cabinet: the cabinet itself (the real one
with its camera, or the simulated one), the dice station (a simulated
table, or the camera with the seats' tray zones and this cabinet's dice
calibration), the HDMI renderer, the OLED writer, and the work done beside
the loop on real parts (the journal's fsync, the dice reader, the bots'
thinking).
"""
from __future__ import annotations

import logging
from typing import Any

from engines import Game
from hardware.cabinet import build_cabinet

from firmware.runtime.dice_station import DiceStation
from firmware.runtime.dice_table import SimTable

log = logging.getLogger("cabinet.session")


def check_trays(cfg: dict[str, Any], game: Game) -> None:
    """Every seat that plays needs a tray zone when ``[[vision.trays]]``
    are configured (else its dice would never be read).

    Raises:
        ValueError: names the seats without a tray and the fix.
    """
    from vision.settings import missing_trays
    missing = missing_trays(cfg["vision"], game.num_players)
    if missing:
        have = sorted({t["seat"] + 1 for t in cfg["vision"]["trays"]})
        raise ValueError(
            f"vision.trays: {game.num_players} play but seats {', '.join(str(s + 1) for s in missing)} have no tray "
            f"(trays for seats {', '.join(map(str, have))}); add a [[vision.trays]] with seat = "
            f"{missing[0]} (0-based) for each, recalibrate, or play with fewer seats")


def open_cabinet(cfg: dict[str, Any], headless: bool, kwargs: dict[str, Any]) -> Any:
    """The cabinet a session plays on (:func:`hardware.cabinet.build_cabinet`,
    ``kwargs`` passed on): the simulated one without a camera (and without
    sound when ``headless``), else the real one opened again with its camera
    and sound."""
    cabinet = build_cabinet(cfg, with_camera=False, with_audio=not headless, **kwargs)
    if not cabinet.simulated:   # the real cabinet: open the camera too
        cabinet.close()
        cabinet = build_cabinet(cfg, with_audio=True, **kwargs)
    return cabinet


def dice_station(cfg: dict[str, Any], game: Game, cabinet: Any, dice_from: str | None,
                 calibrated: bool = True) -> DiceStation:
    """The dice station of ``game`` with the cabinet's dice reader
    (:func:`firmware.runtime.reader.cabinet_reader`: config ``[vision]``
    and, unless not ``calibrated`` (``cabinet play --no-calibration``),
    this cabinet's dice calibration if it has one - on the simulated
    cabinet too, where the owner tries calibration (PT14: a calibration
    made there never reached its games); :attr:`DiceStation.reader_words`
    says which, for the report): on the simulated cabinet a simulated
    table (seeded by the game; die images from ``dice_from``, a labelled
    photo set, if given), else the cabinet's camera read in the seats'
    tray zones.

    Raises:
        ValueError: a seat that plays has no tray zone (:func:`check_trays`).
    """
    from firmware.runtime.reader import cabinet_reader, reader_words
    reader, used, why = cabinet_reader(cfg, calibrated=calibrated)
    if used:
        log.info("dice reader: calibration %s", used)
    if why:
        log.warning("dice reader reads as shipped: %s", why)
    words = reader_words(reader, used, why, calibrated)
    if cabinet.simulated:
        table = SimTable(game.num_players, seed=game.seed, dice_from=dice_from)
        station = DiceStation(game.num_players, cfg["vision"]["settle_ms"], table=table,
                              contest_ms=cfg["vision"]["contest_ms"], reader=reader)
        station.reader_words = words
        return station
    from vision.trays import TrayZones
    check_trays(cfg, game)
    cam = cfg["camera"]
    zones = TrayZones.from_config(cfg["vision"], (cam["width"], cam["height"]), game.num_players + 1)
    station = DiceStation(game.num_players, cfg["vision"]["settle_ms"], camera=cabinet.camera,
                          zones=zones, white_balance=tuple(cfg["vision"]["white_balance"]),
                          contest_ms=cfg["vision"]["contest_ms"], reader=reader)
    station.reader_words = words
    return station


def open_renderer(size: tuple[int, int], mode: str, players: int, bots: Any) -> Any:
    """The HDMI renderer (:class:`firmware.ui.hdmi.HdmiRenderer`) at
    ``size`` px in ``mode`` ("headless", "window", "fullscreen"), with a
    panel per seat in the window (small for the seats in ``bots``)."""
    from firmware.ui.hdmi import HdmiRenderer
    return HdmiRenderer(size[0], size[1], mode, oled_count=players, bots=frozenset(bots))


def oled_writer(cfg: dict[str, Any], cabinet: Any) -> Any:
    """The seats' OLED frames sent beside the loop, one thread per bus
    (:class:`hardware.oled_writer.OledWriter`); sent at once when the
    parts are instant (the simulated cabinet without a costly twin)."""
    from hardware.oled_writer import OledWriter, bus_key
    from hardware.settings import effective_seats
    oleds = {i: seat.oled for i, seat in enumerate(cabinet.seats) if seat.oled is not None}
    twin = getattr(cabinet, "twin", None)
    threaded = not cabinet.simulated or (twin is not None and not twin.instant)
    seats_cfg = effective_seats(cfg) if "seats" in cfg else []
    return OledWriter(oleds, lambda seat: bus_key(cabinet, seats_cfg, seat), threaded=threaded)


def work_beside(session: Any) -> None:
    """Real parts or a costly twin: the journal's fsync beside the loop
    too, and, in the window (headless reads in the step, on the virtual
    clock), the dice reader (every frame it is free for, where the camera
    has frames) and the bots' thinking."""
    from firmware.runtime.journal_beside import BesideJournal
    session.writer = session.runtime.journal = BesideJournal(session.writer)
    if session.opts.headless:
        return
    from firmware.runtime.dice_beside import ReaderBeside
    dice = session.dice
    dice.beside = ReaderBeside(dice._look)
    if dice.camera_has_frames:     # every frame looked at for motion, read when the reader is free
        dice.watch_frames()
    if session.runtime.bots:       # the bots think beside the loop too
        session.runtime.thinker = ReaderBeside(lambda job: job(), what="bots' thinking",
                                               restart_notice="a bot stopped thinking: restarting it")
