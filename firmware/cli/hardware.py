"""``cabinet hardware check``: validate the pin map, say which GPIO backend,
OLED drivers, navigation expander and camera will be used, print the seat
map, each I2C bus's clock and the seats' OLED frame time (measured on a
Pi, the twin's figures elsewhere: :mod:`hardware.i2c_check`), and test
each input (header pins and expander pins alike): live on a Pi ("press
seat 2's button"), scripted on the mock backend.
"""
from __future__ import annotations

import argparse
import json
import queue
import time
from typing import Any

from hardware.backends import HardwareUnavailable, choose_backend, pi_model
from hardware.cabinet import Cabinet, build_cabinet
from hardware.camera import make_camera
from hardware.edges import Edge, drain
from hardware.i2c_check import DEFAULT_HZ
from hardware.oled import describe
from hardware.settings import (HEADER_PINS, UART_PINS, check, effective_seats, expander_pin_name, free_pins,
                               gpio_keys, uses_expander)

PROMPTS = {
    "button": ("press seat {n}'s big button", 1),
    "cup": ("lift seat {n}'s cup", 0),
    "nav_a": ("press seat {n}'s left navigation button", 1),
    "nav_b": ("press seat {n}'s right navigation button", 1),
    "nav_push": ("push seat {n}'s knob", 1),
    "encoder": ("turn seat {n}'s knob", None),
}


def add_parser(subparsers: Any) -> None:
    """Add ``hardware`` with subcommand ``check`` to the ``cabinet`` CLI."""
    p = subparsers.add_parser("hardware", help="hardware: pin map, backend, displays, live input test")
    hsub = p.add_subparsers(dest="hardware_command", metavar="SUBCOMMAND", required=True)
    c = hsub.add_parser("check", help="validate the pin map, show backend/OLED/camera, test each input")
    c.add_argument("--no-live", action="store_true", help="skip the live input test on a Pi")
    c.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for each input (live test)")
    c.add_argument("--json", action="store_true", help="print the report as JSON")
    c.add_argument("--no-camera", action="store_true", help="do not open the camera (lens and read check)")
    c.set_defaults(func=run)


def _pin(bcm: int) -> str:
    return "-" if bcm < 0 else f"{bcm} (pin {HEADER_PINS.get(bcm, '?')})"


def _nav_pin(row: dict[str, Any], key: str) -> str:
    pin = row[key]
    if pin < 0 or row.get("nav_via") != "expander":
        return _pin(pin)
    return f"{expander_pin_name(pin)} (exp)"


def seat_rows(cfg: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per effective seat: pins of each input (BCM numbers;
    navigation pins are expander pins 0-15 where ``nav_via`` is
    ``"expander"``) and the OLED."""
    rows = []
    for i, s in enumerate(effective_seats(cfg)):
        nav = ("encoder" if s["nav_kind"] == "encoder" else "buttons") if (s["nav_a"] >= 0 or s["nav_b"] >= 0) else "none"
        rows.append({"seat": i + 1, "button": s["button"], "led": s["led"], "cup": s["cup"], "nav_kind": nav,
                     "nav_via": s.get("nav_via", "gpio"), "nav_a": s["nav_a"], "nav_b": s["nav_b"],
                     "nav_push": s["nav_push"], "oled": describe(s["oled"])})
    return rows


def _inputs(seat: Any) -> list[str]:
    """Names of a seat's watched inputs, header pins then expander pins."""
    return list(seat.inputs) + list(seat.expander_inputs)


def _wait(q: queue.Queue, seat: int, name: str, level: int | None, timeout_s: float) -> Edge | None:
    end = time.monotonic() + timeout_s
    while True:
        left = end - time.monotonic()
        if left <= 0:
            return None
        try:
            e = q.get(timeout=left)
        except queue.Empty:
            return None
        if e.seat == seat and e.input == name and (level is None or e.level == level):
            return e


def live_test(cab: Cabinet, timeout_s: float, out: Any = print) -> list[dict[str, Any]]:
    """Ask for every input in turn and wait for its edge (real hardware).
    Returns ``{"seat", "input", "ok", "t_us"}`` rows."""
    results = []
    for seat in cab.seats:
        names = _inputs(seat) + (["encoder"] if seat.encoder is not None else [])
        for name in names:
            text, level = PROMPTS[name]
            drain(cab.queue)
            out(f"  {text.format(n=seat.index + 1)} ... ", end="", flush=True)
            e = _wait(cab.queue, seat.index, name, level, timeout_s)
            where = cab.describe_input(seat.index, name) if name != "encoder" else \
                f"BCM {seat.config['nav_a']}/{seat.config['nav_b']}"
            out("ok" if e else f"nothing in {timeout_s:.0f} s: check the wire on {where}")
            results.append({"seat": seat.index + 1, "input": name, "ok": e is not None,
                            "t_us": e.t_us if e else None})
            if name == "cup" and e:
                out(f"  put seat {seat.index + 1}'s cup back")
                _wait(cab.queue, seat.index, "cup", 1, timeout_s)
    return results


def mock_test(cab: Cabinet) -> list[dict[str, Any]]:
    """Scripted self-test on the mock backend: every input is driven through
    its pin and must come back as an edge with the right seat, input, level
    and timestamp.  Returns the same rows as :func:`live_test`."""
    results = []
    t = cab.now_us() + 1000
    drain(cab.queue)
    for seat in cab.seats:
        for name in _inputs(seat):
            _, level = PROMPTS[name]
            cab.drive(seat.index, name, level == 1, t)
            got = [e for e in drain(cab.queue) if (e.seat, e.input) == (seat.index, name)]
            ok = bool(got) and got[0].level == level and got[0].t_us == t
            results.append({"seat": seat.index + 1, "input": name, "ok": ok, "t_us": got[0].t_us if got else None})
            cab.drive(seat.index, name, level != 1, t + 50_000)
            drain(cab.queue)
            t += 100_000
        if seat.encoder is not None:
            cab.rotate(seat.index, 1, t)
            got = [e for e in drain(cab.queue) if (e.seat, e.input) == (seat.index, "encoder")]
            results.append({"seat": seat.index + 1, "input": "encoder", "ok": [e.level for e in got] == [1],
                            "t_us": got[0].t_us if got else None})
            t += 100_000
    return results


def run(args: argparse.Namespace, cfg: dict[str, Any]) -> int:
    """Run ``cabinet hardware check``; returns the exit code (0 = all good,
    1 = a wiring problem, an unavailable backend or a failed input)."""
    report: dict[str, Any] = {"problems": [f"{p}: {m}" for p, m in check(cfg)]}
    model = pi_model()
    report["model"] = model or "not a Raspberry Pi"
    report["wiring"] = "config [[seats]]" if cfg.get("seats") else "default wiring (docs/wiring.png)"
    report["seats"] = seat_rows(cfg)
    report["free_pins"] = free_pins(cfg)
    used = {s[k] for s in effective_seats(cfg) for k in gpio_keys(s)}
    report["notes"] = []
    if used & set(UART_PINS):
        report["notes"].append("BCM 14/15 are the UART: disable the serial console (raspi-config > Interface "
                               "Options > Serial Port: login shell no)")
    code = 1 if report["problems"] else 0
    cab = None
    try:
        backend, reason = choose_backend(cfg["gpio"]["backend"], cfg["cabinet"]["simulate"], model)
        report["backend"], report["backend_reason"] = backend, reason
        camera = make_camera(cfg["camera"], on_pi=backend != "mock")
        report["camera"] = camera.name
        if not report["problems"]:
            cab = build_cabinet(cfg, model=model, with_camera=False, with_audio=False)
            report["displays"] = [{"seat": s.index + 1, "oled": s.oled.name,
                                   "status": "ok" if s.oled.device is not None else "not responding"}
                                  for s in cab.seats if s.oled is not None]
            if cab.expander is not None:
                report["expander"] = {"name": cab.expander.name, "inputs": len(cab.expander.inputs()),
                                      "status": "ok"}
            report["levels"] = {f"seat {s + 1} {n}": lvl for (s, n), lvl in sorted(cab.levels().items())}
    except (HardwareUnavailable, ValueError) as exc:
        report["backend_error"] = str(exc)
        code = 1
    report["i2c"] = i2c_rows(cfg, cab, report.get("backend", "mock") != "mock")
    from firmware.runtime.field_report import field_report
    cam = None if args.no_camera or "camera" not in report else camera
    report["field"] = field_report(cfg, model, report.get("backend", "mock") == "mock", cam)
    if uses_expander(cfg) and "expander" not in report:
        e = cfg["expander"]
        report["expander"] = {"name": f"MCP23017 on I2C bus {e['bus']} at {e['address']:#04x}", "inputs": None,
                              "status": "not opened"}
    try:
        if not args.json:
            _print(report)
        if cab is not None:
            if cab.backend == "mock":
                report["input_test"] = "mock (scripted)"
                report["inputs"] = mock_test(cab)
            elif not args.no_live:
                report["input_test"] = "live"
                print("live input test (Ctrl-C to stop):")
                report["inputs"] = live_test(cab, args.timeout)
            if any(not r["ok"] for r in report.get("inputs", [])):
                code = 1
            if not args.json and "inputs" in report:
                ok = sum(r["ok"] for r in report["inputs"])
                print(f"input test ({report['input_test']}): {ok}/{len(report['inputs'])} inputs ok")
                for r in report["inputs"]:
                    if not r["ok"]:
                        print(f"  FAILED: seat {r['seat']} {r['input']}")
    finally:
        if cab is not None:
            cab.close()
    if args.json:
        print(json.dumps(report, sort_keys=True))
    return code


NUMBERS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
#: how to put a slow bus to 400 kHz (docs/build-guide.md, the installer's boot config)
FIX_400K = ("run the installer (sudo systemd/install.sh), or add the line dtparam=i2c_arm_baudrate=400000 "
            "to /boot/firmware/config.txt, then reboot")


def i2c_rows(cfg: dict[str, Any], cab: Cabinet | None, on_pi: bool) -> list[dict[str, Any]]:
    """Each I2C bus carrying seats' OLEDs: its clock and the frame time per
    display (:func:`hardware.i2c_check.measured` on a Pi: test frames are
    sent; else :func:`~hardware.i2c_check.modelled` on the twin's
    profile), each row with its ``line`` and, for a bus at 100 kHz or an
    unknown clock, its ``warning`` in words."""
    from hardware.i2c_check import measured, modelled
    seats = effective_seats(cfg)
    if on_pi:
        rows = measured(cab, seats)
    else:
        twin = getattr(cab, "twin", None) if cab is not None else None
        if twin is None:
            from hardware.twin import TwinProfileError, twin_from_config
            try:
                twin = twin_from_config(cfg)
            except TwinProfileError as exc:
                return [{"bus": 1, "line": f"not modelled: {exc}"}]
        rows = modelled(twin.profile, seats)
    for row in rows:
        row["line"] = i2c_line(row)
        warning = slow_bus_warning(row)
        if warning:
            row["warning"] = warning
    return rows


def i2c_line(row: dict[str, Any]) -> str:
    """``"400 kHz, 6 OLEDs, a frame 23 ms each, 140 ms for all six"``, and
    whether it was measured or modelled."""
    hz = row["clock_hz"]
    clock = f"{hz / 1000:g} kHz" if hz else f"clock unknown ({row['clock_from']})"
    n = len(row["oleds"]) or len(row.get("seats", []))
    parts = [clock, f"{n} OLED{'s' if n != 1 else ''}"]
    if "seats" in row:
        return ", ".join(parts) + " (frames not timed: the cabinet was not opened)"
    ok = [o["frame_ms"] for o in row["oleds"] if "frame_ms" in o]
    if ok:
        lo, hi = min(ok), max(ok)
        each = f"{lo:.0f} ms" if round(hi) - round(lo) <= 1 else f"{lo:.0f}-{hi:.0f} ms"
        parts.append(f"a frame {each}" + (" each" if len(ok) > 1 else ""))
        if len(ok) > 1 and row.get("all_ms") is not None:
            parts.append(f"{row['all_ms']:.0f} ms for " + ("both" if len(ok) == 2 else f"all {NUMBERS.get(len(ok), len(ok))}")
                         + (" that answered" if len(ok) < n else ""))
    elif "frame_ms" in row:
        parts.append("no display answered")
    how = "measured" if row.get("how") == "measured" else \
        f"modelled, not measured: the twin's {row.get('model')} profile" + \
        (f"; {row['model_note']}" if row.get("model_note") else "")
    return ", ".join(parts) + f" ({how})"


def slow_bus_warning(row: dict[str, Any]) -> str | None:
    """Words for a bus at the Pi's default 100 kHz (or below), or whose
    clock the device tree does not give (the driver then runs at 100 kHz);
    None at 400 kHz."""
    hz, bus = row.get("clock_hz"), row["bus"]
    modelled = row.get("how") == "modelled"
    if hz is not None and hz > DEFAULT_HZ:
        return None
    what = (f"the twin models I2C bus {bus} at {hz / 1000:g} kHz (cabinet.twin_i2c_hz), the Pi's default"
            if modelled else f"I2C bus {bus} runs at {hz / 1000:g} kHz, the Pi's default" if hz
            else f"I2C bus {bus} names no clock, so the Pi's driver runs it at {DEFAULT_HZ // 1000} kHz")
    return (f"{what}: each OLED frame takes four times as long as at 400 kHz and the seats' displays lag "
            f"behind the game; on the Pi, {FIX_400K}")


def _print(r: dict[str, Any]) -> None:
    print(f"machine:  {r['model']}")
    if "backend" in r:
        print(f"backend:  {r['backend']}  ({r['backend_reason']})")
    if "backend_error" in r:
        print(f"backend:  ERROR {r['backend_error']}")
    if "camera" in r:
        print(f"camera:   {r['camera']}")
    print(f"wiring:   {r['wiring']}")
    head = f"{'seat':<5}{'button':<14}{'LED':<14}{'cup':<14}{'nav':<9}{'nav A/left':<14}{'nav B/right':<14}{'push':<14}OLED"
    print(head)
    for s in r["seats"]:
        print(f"{s['seat']:<5}{_pin(s['button']):<14}{_pin(s['led']):<14}{_pin(s['cup']):<14}{s['nav_kind']:<9}"
              f"{_nav_pin(s, 'nav_a'):<14}{_nav_pin(s, 'nav_b'):<14}{_nav_pin(s, 'nav_push'):<14}{s['oled']}")
    print(f"free BCM pins: {', '.join(map(str, r['free_pins'])) or 'none'}")
    if "expander" in r:
        x = r["expander"]
        print(f"expander: {x['name']}: {x['status']}" + (f" ({x['inputs']} inputs)" if x["inputs"] else "")
              + " -- (exp) pins: GPA0-GPA7 = 0-7, GPB0-GPB7 = 8-15")
    for d in r.get("displays", []):
        print(f"display:  {d['oled']}: {d['status']}")
    for row in r.get("i2c", []):
        print(f"{'I2C bus ' + str(row['bus']) + ':':<15}{row['line']}")
        for o in row.get("oleds", []):
            if "error" in o:
                print(f"               seat {o['seat']}'s OLED did not take a frame: {o['error']}")
        if row.get("warning"):
            print(f"WARNING:       {row['warning']}")
    if r.get("levels"):
        lifted = [k for k, v in r["levels"].items() if k.endswith("cup") and v == 0]
        held = [k for k, v in r["levels"].items() if not k.endswith("cup") and v == 1]
        print(f"now:      cups lifted: {', '.join(lifted) or 'none'}; buttons held: {', '.join(held) or 'none'}")
    for name, text in r.get("field", {}).items():
        print(f"{name + ':':<15}{text}")
    for n in r["notes"]:
        print(f"note:     {n}")
    for p in r["problems"]:
        print(f"PROBLEM:  {p}")
    if not r["problems"] and "backend_error" not in r:
        print("pin map:  ok")
