"""Config schema of the hardware sections: ``[gpio]``, ``[[seats]]``,
``[expander]``, ``[camera]``, ``[audio]``.  Plain data read by :mod:`firmware.runtime.config`
(see its docstring for the field-spec format); :func:`check` adds the
semantic checks (duplicate pins, pins reserved for I2C/SPI/the HAT ID
EEPROM, pins not on the 40-pin header, display address clashes).  Pins are
BCM numbers.

:data:`DEFAULT_SEATS` is the default wiring used when ``[[seats]]`` is empty
(ruling CAB-2: a seat = big button + LED, navigation, cup sensor, OLED):
six full seats.  The timing-critical inputs (big buttons, cup switches)
and the LEDs are on the Pi's own GPIO, where the edge source stamps every
edge; the navigation buttons, which are not timing-critical, are on an
MCP23017 I2C GPIO expander (``[expander]``, polled); the OLEDs sit on six
channels of a TCA9548A I2C multiplexer.  :func:`effective_seats` returns
the seats in use.
``docs/wiring.png`` draws this wiring (``docs/draw_wiring.py``)."""
from __future__ import annotations

import copy
from typing import Any

OLED_SCHEMA: dict[str, dict] = {
    "driver": {"type": str, "default": "ssd1306", "choices": ["ssd1306", "sh1106", "none"],
               "doc": "OLED controller; none = this seat has no display"},
    "interface": {"type": str, "default": "i2c", "choices": ["i2c", "spi"], "doc": "bus type"},
    "bus": {"type": int, "default": 1, "min": 0, "max": 255,
            "doc": "I2C bus number (a multiplexer's buses are 2+) or SPI port"},
    "address": {"type": int, "default": 0x3C, "min": 0, "max": 0x7F,
                "doc": "I2C address (0x3C or 0x3D); for SPI the chip-select index (CE0 = 0, CE1 = 1)"},
    "dc": {"type": int, "default": -1, "min": -1, "max": 27, "doc": "SPI only: BCM pin of the D/C line"},
    "reset": {"type": int, "default": -1, "min": -1, "max": 27, "doc": "SPI only: BCM pin of RES (-1 = tied high)"},
}

SEAT_SCHEMA: dict[str, dict] = {
    "button": {"type": int, "default": -1, "min": -1, "max": 27, "doc": "BCM pin of the big arcade button (-1 = none)"},
    "led": {"type": int, "default": -1, "min": -1, "max": 27, "doc": "BCM pin of the button's LED (-1 = none)"},
    "cup": {"type": int, "default": -1, "min": -1, "max": 27,
            "doc": "BCM pin of the cup-lift switch (closed = cup down; -1 = none)"},
    "nav_a": {"type": int, "default": -1, "min": -1, "max": 27,
              "doc": "'left' navigation button (or rotary encoder A) pin: a BCM pin, or an expander pin "
                     "0-15 with nav_via = \"expander\" (-1 = none)"},
    "nav_b": {"type": int, "default": -1, "min": -1, "max": 27,
              "doc": "'right' navigation button (or rotary encoder B) pin, as nav_a (-1 = none)"},
    "nav_push": {"type": int, "default": -1, "min": -1, "max": 27,
                 "doc": "navigation push (cancel) pin, as nav_a (-1 = none)"},
    "nav_kind": {"type": str, "default": "buttons", "choices": ["buttons", "encoder"],
                 "doc": "buttons = two buttons on nav_a/nav_b (the default wiring); "
                        "encoder = a rotary encoder (GPIO only)"},
    "nav_via": {"type": str, "default": "gpio", "choices": ["gpio", "expander"],
                "doc": "where nav_a/nav_b/nav_push are wired: gpio = BCM pins of the Pi's header; "
                       "expander = pins of the [expander] MCP23017 (GPA0-GPA7 = 0-7, GPB0-GPB7 = 8-15; "
                       "GPA7 and GPB7 are output-only and refused)"},
    "oled": {"type": "table", "schema": OLED_SCHEMA, "doc": "this seat's OLED"},
}

GPIO_SCHEMA: dict[str, dict] = {
    "backend": {"type": str, "default": "auto", "choices": ["auto", "pigpio", "lgpio", "mock"],
                "doc": "edge source; auto = pigpio on Pi 4 and earlier, lgpio on Pi 5, mock elsewhere"},
    "tie_resolution_us": {"type": int, "default": 5, "min": 1, "max": 10000,
                          "doc": "edges closer than this are a tie (CAB-4), us; hardware backends only "
                                  "(pigpio samples every 5 us; the mock backend is exact: 1 us)"},
    "debounce_us": {"type": int, "default": 10000, "min": 0, "max": 200000,
                    "doc": "contact-bounce window, us"},
    "glitch_filter_us": {"type": int, "default": 100, "min": 0, "max": 300000,
                         "doc": "pigpiod glitch filter, us (0 = off)"},
}

EXPANDER_SCHEMA: dict[str, dict] = {
    "chip": {"type": str, "default": "mcp23017", "choices": ["mcp23017"],
             "doc": "I2C GPIO expander for the navigation buttons (seats with nav_via = \"expander\")"},
    "bus": {"type": int, "default": 1, "min": 0, "max": 255, "doc": "I2C bus number (1 = the header's SDA/SCL)"},
    "address": {"type": int, "default": 0x20, "min": 0x20, "max": 0x27,
                "doc": "I2C address set by the A0-A2 pins (0x20 = all to ground)"},
    "poll_ms": {"type": int, "default": 5, "min": 1, "max": 50,
                "doc": "how often the expander's pins are read, ms (navigation is not timing-critical)"},
}

CAMERA_SCHEMA: dict[str, dict] = {
    "source": {"type": str, "default": "auto", "choices": ["auto", "picamera2", "opencv", "replay", "sim"],
               "doc": "auto = picamera2 on a Pi, the simulated tray elsewhere"},
    "device": {"type": int, "default": 0, "min": 0, "doc": "OpenCV VideoCapture index"},
    "replay_path": {"type": str, "default": "", "doc": "folder of images or a video file for source = replay"},
    "width": {"type": int, "default": 640, "min": 64, "max": 4096, "doc": "frame width, px"},
    "height": {"type": int, "default": 480, "min": 64, "max": 4096, "doc": "frame height, px"},
    "fps": {"type": int, "default": 15, "min": 1, "max": 120, "doc": "frames per second"},
    "lens_position": {"type": float, "default": 3.2, "min": -1.0, "max": 32.0,
                      "doc": "focus of a Camera Module 3 (AfMode manual), dioptres = 1 / distance from the lens "
                             "to the tray floor in m (310 mm -> 3.2; 250 mm -> 4.0; 0 = infinity; -1 = leave "
                             "the camera's autofocus); fixed-focus cameras ignore it"},
    "read_timeout_ms": {"type": int, "default": 2000, "min": 100, "max": 60000,
                        "doc": "longest wait for one frame, ms: a capture that stalls longer is "
                               "'camera not ready' and the camera is reopened"},
}

AUDIO_SCHEMA: dict[str, dict] = {
    "enabled": {"type": bool, "default": True,
                "doc": "the game's sounds (countdown, go, a press, won / lost, dice, your turn, game over); "
                       "false = the sound device is never opened"},
    "volume": {"type": float, "default": 0.8, "min": 0.0, "max": 1.0, "doc": "loudness of the sounds, 0..1"},
    "mute": {"type": bool, "default": False, "doc": "true = silent (the device stays open; false to hear them)"},
    "device": {"type": str, "default": "auto",
               "doc": "where sounds play: auto = the hdmi: device of the HDMI port with a screen (vc4-hdmi "
                      "takes only IEC958 frames), else the first card (a Pi 4's headphone jack, a USB "
                      "speaker); hdmi, headphones, usb; or an ALSA device name as `aplay -L` lists it "
                      "(e.g. \"hdmi:CARD=vc4hdmi1,DEV=0\")"},
    "captions": {"type": str, "default": "window", "choices": ["window", "on", "off"],
                 "doc": "sound captions: a short line for each sound (\"\u266a race start\", \"\u266a a die to "
                        "nudge (seat 2)\") in a corner of the screen for 1.5 s, like subtitles; window = in the "
                        "simulator's window only, on = on the cabinet's HDMI too (for players who cannot hear "
                        "them), off = never"},
}

SCHEMA: dict[str, dict] = {
    "gpio": {"type": "table", "schema": GPIO_SCHEMA, "doc": "edge source and timing"},
    "seats": {"type": "tables", "schema": SEAT_SCHEMA, "default": [],
              "doc": "one [[seats]] table per seat, in seat order; empty = the default wiring"},
    "expander": {"type": "table", "schema": EXPANDER_SCHEMA, "doc": "I2C GPIO expander of the navigation buttons"},
    "camera": {"type": "table", "schema": CAMERA_SCHEMA, "doc": "the table camera"},
    "audio": {"type": "table", "schema": AUDIO_SCHEMA, "doc": "sounds"},
}

PIN_KEYS = ("button", "led", "cup", "nav_a", "nav_b", "nav_push")
#: Keys of a seat that may be wired to the expander (``nav_via``).
NAV_KEYS = ("nav_a", "nav_b", "nav_push")
#: Pins of an MCP23017: GPA0-GPA7 = 0-7, GPB0-GPB7 = 8-15.
EXPANDER_PINS = range(16)
#: GPA7 and GPB7 are outputs only (Microchip MCP23017 datasheet DS20001952 rev D);
#: read as inputs they can corrupt SDA (Adafruit_CircuitPython_MCP230xx #57,
#: RobTillaart/MCP23017_RT #40).  The pin check refuses them for buttons.
OUTPUT_ONLY_EXPANDER_PINS = (7, 15)


def expander_pin_name(pin: int) -> str:
    """An MCP23017 pin number as printed on the chip: 0 -> ``GPA0``, 9 -> ``GPB1``."""
    return f"GP{'AB'[pin // 8]}{pin % 8}"


def gpio_keys(seat: dict[str, Any]) -> tuple[str, ...]:
    """The seat keys whose values are BCM pins (the navigation keys are
    expander pins when ``nav_via = "expander"``)."""
    if seat.get("nav_via") == "expander":
        return tuple(k for k in PIN_KEYS if k not in NAV_KEYS)
    return PIN_KEYS

#: BCM number -> physical pin on the 40-pin header (all Pi models since the B+).
HEADER_PINS: dict[int, int] = {
    2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 0: 27,
    5: 29, 6: 31, 13: 33, 19: 35, 26: 37, 14: 8, 15: 10, 18: 12, 23: 16,
    24: 18, 25: 22, 8: 24, 7: 26, 1: 28, 12: 32, 16: 36, 20: 38, 21: 40,
}

#: Pins never usable for seat wiring: the HAT ID EEPROM (ID_SD/ID_SC).
ID_EEPROM_PINS = (0, 1)
#: I2C bus 1 (SDA, SCL): reserved when any seat has an I2C OLED.
I2C1_PINS = (2, 3)
#: SPI ports: (MISO, MOSI, SCLK) and chip-select pins by CE index.
SPI_PINS: dict[int, dict[str, Any]] = {
    0: {"bus": (9, 10, 11), "ce": (8, 7)},
    1: {"bus": (19, 20, 21), "ce": (18, 17, 16)},
}
#: UART pins: usable, but the serial console must be disabled (raspi-config).
UART_PINS = (14, 15)


def _seat(button: int, led: int, cup: int, nav_a: int, nav_b: int, oled_bus: int) -> dict[str, Any]:
    oled = {"driver": "ssd1306", "interface": "i2c", "bus": oled_bus, "address": 0x3C, "dc": -1, "reset": -1}
    return {"button": button, "led": led, "cup": cup, "nav_a": nav_a, "nav_b": nav_b, "nav_push": -1,
            "nav_kind": "buttons", "nav_via": "expander", "oled": oled}


#: The default wiring (used when ``[[seats]]`` is empty): six full seats.
#: Big button, LED and cup switch on BCM pins of the header (the edge
#: source stamps their edges); the two navigation buttons (left = nav_a,
#: right = nav_b) on the MCP23017 expander at 0x20 on I2C bus 1, seat k on
#: GPA(2k-2)/GPA(2k-1) for seats 1-3, GPA6/GPB4 for seat 4 and GPB0-GPB3 for
#: seats 5-6 (GPA7 and GPB7 are output-only and stay unused; GPB5-6 free); an SSD1306 at 0x3C per seat on I2C buses 2..7 (a TCA9548A
#: multiplexer at 0x70 on bus 1 with ``dtoverlay=i2c-mux,pca9548,addr=0x70``,
#: channels 0-5; check the bus numbers with ``ls /dev/i2c-*``).  BCM 0/1
#: (HAT EEPROM) and 2/3 (I2C) stay free; the LEDs of seats 1-2 sit on the
#: UART pins 14/15 (outputs, so the boot console only flickers them;
#: disable the serial console), seats 4-6 use SPI0 pins (so SPI stays
#: off); BCM 7, 12, 13, 19, 25 and 26 are free.
DEFAULT_SEATS: list[dict[str, Any]] = [
    _seat(button=4, led=14, cup=17, nav_a=0, nav_b=1, oled_bus=2),
    _seat(button=5, led=15, cup=6, nav_a=2, nav_b=3, oled_bus=3),
    _seat(button=18, led=23, cup=24, nav_a=4, nav_b=5, oled_bus=4),
    _seat(button=16, led=20, cup=21, nav_a=6, nav_b=12, oled_bus=5),
    _seat(button=8, led=27, cup=9, nav_a=8, nav_b=9, oled_bus=6),
    _seat(button=10, led=22, cup=11, nav_a=10, nav_b=11, oled_bus=7),
]


def effective_seats(cfg: dict[str, Any]) -> list[dict[str, Any]]:
    """The seats in use: ``cfg["seats"]`` if any are configured, else a
    copy of :data:`DEFAULT_SEATS` (ruling CAB-2).  Each seat is a dict with
    every :data:`SEAT_SCHEMA` key."""
    seats = cfg.get("seats") or []
    return copy.deepcopy(seats if seats else DEFAULT_SEATS)


def seat_path(cfg: dict[str, Any], i: int) -> str:
    """Key path of seat ``i`` in messages (``seats[i]``; ``default seats[i]``
    when the default wiring is in use)."""
    return f"seats[{i}]" if cfg.get("seats") else f"default seats[{i}]"


def oled_pins(oled: dict[str, Any]) -> list[tuple[str, int]]:
    """``(role, BCM pin)`` pairs an OLED's bus occupies (I2C SDA/SCL, SPI
    MISO/MOSI/SCLK/CE, D/C, RES); empty for ``driver = "none"``."""
    if oled.get("driver", "none") == "none":
        return []
    if oled.get("interface") == "spi":
        port = SPI_PINS.get(oled.get("bus", 0))
        if port is None:
            return []
        pins = [("SPI MISO", port["bus"][0]), ("SPI MOSI", port["bus"][1]), ("SPI SCLK", port["bus"][2])]
        # SPI0 (dtparam=spi=on) claims both chip selects; SPI1's overlay
        # spi1-Ncs claims CE0..CE(N-1): reserve up to the one in use
        ces = port["ce"] if oled.get("bus") == 0 else port["ce"][:max(0, oled.get("address", 0)) + 1]
        pins += [(f"SPI CE{i}", p) for i, p in enumerate(ces)]
        for key in ("dc", "reset"):
            if oled.get(key, -1) >= 0:
                pins.append((f"OLED {key}", oled[key]))
        return pins
    if oled.get("bus", 1) >= 1:
        # bus 1 is BCM 2/3; buses 2+ are multiplexer channels hanging off bus 1
        return [("I2C SDA", 2), ("I2C SCL", 3)]
    return []  # bus 0 sits on the ID EEPROM pins 0/1, reserved anyway


def check(cfg: dict[str, Any]) -> list[tuple[str, str]]:
    """Semantic checks of the hardware sections (wiring sanity for
    ``cabinet hardware check`` and config loading).

    Checks every effective seat (the default wiring too): each seat has its
    big button (CAB-2); a pin is on the 40-pin header, used once, not one
    of the HAT ID EEPROM pins 0/1, not I2C1 (2/3) when an I2C OLED is
    configured, not an SPI pin of a port an SPI OLED uses; an encoder has
    both phases; SPI OLEDs have a D/C pin and a valid port/chip select;
    no two OLEDs share an I2C bus + address or an SPI chip select.

    Returns:
        ``(key_path, message)`` pairs; empty when the config is sound.
    """
    problems: list[tuple[str, str]] = []
    seats = effective_seats(cfg)
    reserved: dict[int, str] = {p: "the HAT ID EEPROM (ID_SD/ID_SC)" for p in ID_EEPROM_PINS}
    _check_displays(cfg, seats, problems, reserved)
    if any(seat.get("nav_via") == "expander" for seat in seats) and cfg.get("expander", {}).get("bus", 1) >= 1:
        # bus 1 is BCM 2/3 (higher buses are multiplexer channels behind it)
        reserved.setdefault(2, "I2C SDA (expander)")
        reserved.setdefault(3, "I2C SCL (expander)")
    used: dict[int, str] = {}
    expander_used: dict[int, str] = {}
    for i, seat in enumerate(seats):
        base = seat_path(cfg, i)
        if seat.get("button", -1) < 0:
            problems.append((f"{base}.button", "every seat needs its big button (ruling CAB-2); set button = <BCM pin>"))
        if seat.get("nav_kind") == "encoder" and (seat.get("nav_a", -1) < 0) != (seat.get("nav_b", -1) < 0):
            problems.append((f"{base}.nav_a", "a rotary encoder needs both nav_a and nav_b (or neither)"))
        if seat.get("nav_via") == "expander":
            _check_expander_pins(base, seat, problems, expander_used)
        pins = [(f"{base}.{key}", seat.get(key, -1)) for key in gpio_keys(seat)]
        oled = seat.get("oled", {})
        if oled.get("driver", "none") != "none" and oled.get("interface") == "spi":
            pins += [(f"{base}.oled.{key}", oled.get(key, -1)) for key in ("dc", "reset")]
        for path, pin in pins:
            if pin < 0:
                continue
            if pin not in HEADER_PINS:
                problems.append((path, f"BCM pin {pin} is not on the 40-pin header; use one of "
                                       f"{', '.join(map(str, sorted(HEADER_PINS)))}"))
            elif pin in reserved:
                problems.append((path, f"BCM pin {pin} is reserved for {reserved[pin]}; move this wire to a free pin"))
            elif pin in used:
                problems.append((path, f"BCM pin {pin} is already used by {used[pin]}; give each input its own pin"))
            else:
                used[pin] = path
    return problems


def _check_displays(cfg: dict[str, Any], seats: list[dict[str, Any]], problems: list[tuple[str, str]],
                    reserved: dict[int, str]) -> None:
    """:func:`check`'s OLED part: SPI port, chip select and D/C pin; no two
    displays on one I2C bus + address or SPI chip select.  Appends to
    ``problems``; the pins the displays use go into ``reserved``."""
    displays: dict[tuple, str] = {}
    for i, seat in enumerate(seats):
        oled = seat.get("oled", {})
        path = f"{seat_path(cfg, i)}.oled"
        if oled.get("driver", "none") == "none":
            continue
        if oled.get("interface") == "spi":
            port = SPI_PINS.get(oled.get("bus"))
            if port is None:
                problems.append((f"{path}.bus", f"SPI port {oled.get('bus')} does not exist; use 0 or 1"))
                continue
            if not 0 <= oled.get("address", 0) < len(port["ce"]):
                problems.append((f"{path}.address", f"SPI{oled['bus']} has chip selects 0..{len(port['ce']) - 1}, "
                                                    f"got {oled.get('address')}"))
                continue
            if oled.get("dc", -1) < 0:
                problems.append((f"{path}.dc", "an SPI OLED needs its D/C pin; set dc = <BCM pin>"))
            key = ("spi", oled["bus"], oled["address"])
        else:
            key = ("i2c", oled.get("bus"), oled.get("address"))
        if key in displays:
            problems.append((path, f"{key[0].upper()} bus {key[1]} address/CE {key[2]:#x} is already used by "
                                   f"{displays[key]}; give each display its own address, bus or multiplexer channel"))
        else:
            displays[key] = path
        for role, pin in oled_pins(oled):
            if role.startswith("OLED"):
                continue
            reserved.setdefault(pin, f"{role} ({path})")


def _check_expander_pins(base: str, seat: dict[str, Any], problems: list[tuple[str, str]],
                         expander_used: dict[int, str]) -> None:
    """:func:`check`'s part for a seat whose navigation switches are read
    through the MCP23017: no encoder, pins 0-15, not the output-only GPA7 /
    GPB7, each pin once (``expander_used``: pin -> key path)."""
    if seat.get("nav_kind") == "encoder":
        problems.append((f"{base}.nav_kind", "a rotary encoder cannot be read through the polled expander; "
                                             "set nav_kind = \"buttons\" or wire it to GPIO (nav_via = \"gpio\")"))
    for key in NAV_KEYS:
        pin = seat.get(key, -1)
        if pin < 0:
            continue
        path = f"{base}.{key}"
        if pin not in EXPANDER_PINS:
            problems.append((path, f"expander pin {pin} does not exist; an MCP23017 has pins 0-15 "
                                   "(GPA0-GPA7 = 0-7, GPB0-GPB7 = 8-15)"))
        elif pin in OUTPUT_ONLY_EXPANDER_PINS:
            problems.append((path, f"expander pin {pin} ({expander_pin_name(pin)}) is output-only on the "
                                   "MCP23017 (datasheet rev D: used as an input it can corrupt the I2C "
                                   "bus); move this button to a free input pin (GPA0-GPA6 = 0-6, "
                                   "GPB0-GPB6 = 8-14)"))
        elif pin in expander_used:
            problems.append((path, f"expander pin {pin} ({expander_pin_name(pin)}) is already used by "
                                   f"{expander_used[pin]}; give each button its own pin"))
        else:
            expander_used[pin] = path


def free_pins(cfg: dict[str, Any]) -> list[int]:
    """BCM pins of the header neither used by a seat nor reserved (for the
    seat map printed by ``cabinet hardware check``)."""
    taken = set(ID_EEPROM_PINS)
    seats = effective_seats(cfg)
    for seat in seats:
        taken.update(seat.get(k, -1) for k in gpio_keys(seat))
        taken.update(p for _, p in oled_pins(seat.get("oled", {})))
    if any(s.get("nav_via") == "expander" for s in seats) and cfg.get("expander", {}).get("bus", 1) == 1:
        taken.update(I2C1_PINS)   # the expander sits on I2C bus 1
    return sorted(p for p in HEADER_PINS if p not in taken)


def refused_expander_pins(cfg: dict[str, Any]) -> list[tuple[str, int]]:
    """``(key path, pin)`` of every navigation input wired to an
    output-only expander pin (GPA7 = 7, GPB7 = 15), for ``cabinet hardware
    check``; empty when the wiring keeps off them."""
    out = []
    for i, seat in enumerate(effective_seats(cfg)):
        if seat.get("nav_via") != "expander":
            continue
        for key in NAV_KEYS:
            if seat.get(key, -1) in OUTPUT_ONLY_EXPANDER_PINS:
                out.append((f"{seat_path(cfg, i)}.{key}", seat[key]))
    return out


def uses_expander(cfg: dict[str, Any]) -> bool:
    """True when any effective seat has its navigation on the expander."""
    return any(s.get("nav_via") == "expander" for s in effective_seats(cfg))
