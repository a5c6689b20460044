"""Draw docs/wiring.png: the default wiring of the 40-pin header, the
MCP23017 expander (navigation buttons) and the TCA9548A multiplexer (OLEDs).

The pin assignments come from :data:`hardware.settings.DEFAULT_SEATS`, so the
picture always matches the data.  Run: ``.venv/bin/python docs/draw_wiring.py``.
"""
from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from hardware.settings import DEFAULT_SEATS, EXPANDER_SCHEMA, HEADER_PINS, expander_pin_name, gpio_keys  # noqa: E402

OUT = Path(__file__).resolve().parent / "wiring.png"
POWER = {1: "3V3", 17: "3V3", 2: "5V", 4: "5V", 6: "GND", 9: "GND", 14: "GND", 20: "GND", 25: "GND",
         30: "GND", 34: "GND", 39: "GND"}
SPECIAL = {2: "I2C1 SDA -> mux + expander", 3: "I2C1 SCL -> mux + expander", 0: "ID_SD (HAT EEPROM, keep free)",
           1: "ID_SC (HAT EEPROM, keep free)"}
SEAT_COLOURS = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]
ROLE = {"button": "big button", "led": "button LED", "cup": "cup switch", "nav_a": "nav left", "nav_b": "nav right",
        "nav_push": "nav push"}


def font(size: int) -> ImageFont.ImageFont:
    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # Pillow without FreeType
        return ImageFont.load_default()


def labels() -> dict[int, tuple[str, str]]:
    """physical pin -> (text, colour)."""
    bcm_to_phys = HEADER_PINS
    out: dict[int, tuple[str, str]] = {p: (name, "#000000" if name == "GND" else "#b00000") for p, name in POWER.items()}
    for bcm, text in SPECIAL.items():
        out[bcm_to_phys[bcm]] = (f"BCM {bcm}  {text}", "#555555")
    for i, seat in enumerate(DEFAULT_SEATS):
        for key in gpio_keys(seat):
            bcm = seat[key]
            if bcm >= 0:
                note = "  (UART: console off)" if bcm in (14, 15) else ""
                out[bcm_to_phys[bcm]] = (f"BCM {bcm}  seat {i + 1} {ROLE[key]}{note}", SEAT_COLOURS[i])
    return out


def draw() -> Image.Image:
    W, H = 1500, 1500
    img = Image.new("RGB", (W, H), "white")
    d = ImageDraw.Draw(img)
    f_title, f, f_small = font(30), font(18), font(16)
    d.text((40, 20), "Cabinet default wiring (40-pin header, BCM numbering)", fill="black", font=f_title)
    d.text((40, 62), "Inputs: switch between the pin and GND (internal pull-up; closed = pressed / cup down). "
                     "LEDs: pin -> 330 ohm -> LED -> GND (5 V/12 V arcade LEDs via an NPN/MOSFET).",
           fill="#333333", font=f_small)
    x0, y0, row = 640, 120, 40
    d.rectangle((x0 - 20, y0 - 20, x0 + 120, y0 + 20 * row), outline="black", width=3, fill="#f4f4f4")
    lab = labels()
    for r in range(20):
        for col in range(2):
            phys = 2 * r + 1 + col
            cx, cy = x0 + 25 + col * 50, y0 + r * row + 10
            text, colour = lab.get(phys, ("", "#999999"))
            fill = colour if text else "white"
            d.rectangle((cx - 12, cy - 12, cx + 12, cy + 12), outline="black", fill=fill, width=2)
            num = str(phys)
            d.text((cx, cy), num, fill="white" if text else "black", font=f_small, anchor="mm")
            if col == 0:
                d.line((cx - 14, cy, cx - 60, cy), fill=colour, width=3)
                d.text((cx - 68, cy), text, fill=colour, font=f, anchor="rm")
            else:
                d.line((cx + 14, cy, cx + 60, cy), fill=colour, width=3)
                d.text((cx + 68, cy), text, fill=colour, font=f, anchor="lm")
    d.text((x0 + 50, y0 + 20 * row + 10), "header seen from above; pin 1 (square pad) is at the end away from the USB ports", fill="#333333",
           font=f_small, anchor="mt")
    # I2C multiplexer and displays
    by = y0 + 20 * row + 60
    d.rectangle((40, by, 385, by + 120), outline="black", width=2)
    d.text((55, by + 10), "TCA9548A I2C mux (0x70)", fill="black", font=f)
    d.text((55, by + 40), "SDA = pin 3, SCL = pin 5,", fill="#333333", font=f_small)
    d.text((55, by + 62), "VCC = 3V3 (pin 1), GND", fill="#333333", font=f_small)
    d.text((55, by + 84), "dtoverlay=i2c-mux,pca9548,addr=0x70", fill="#333333", font=f_small)
    for i, seat in enumerate(DEFAULT_SEATS):
        ox, oy = 400 + (i % 3) * 365, by + (i // 3) * 100
        oled = seat["oled"]
        d.rectangle((ox, oy, ox + 345, oy + 80), outline=SEAT_COLOURS[i], width=3, fill="white")
        d.text((ox + 10, oy + 10), f"seat {i + 1} OLED {oled['driver'].upper()} {oled['address']:#04x}",
               fill=SEAT_COLOURS[i], font=f)
        d.text((ox + 10, oy + 42), f"mux channel {i} -> I2C bus {oled['bus']}", fill="#333333", font=f_small)
    # the navigation expander
    ey = by + 220
    ex = EXPANDER_SCHEMA
    d.rectangle((40, ey, 385, ey + 170), outline="black", width=2)
    d.text((55, ey + 10), f"MCP23017 expander ({ex['address']['default']:#04x})", fill="black", font=f)
    for k, line in enumerate(["SDA = pin 3, SCL = pin 5 (bus 1,", "beside the mux, not behind it)",
                              "VDD = 3V3, GND; RESET -> 3V3;", "A0-A2 -> GND (address 0x20)",
                              "buttons: pin -> button -> GND"]):
        d.text((55, ey + 40 + k * 24), line, fill="#333333", font=f_small)
    for i, seat in enumerate(DEFAULT_SEATS):
        ox, oy = 400 + (i % 3) * 365, ey + (i // 3) * 90
        d.rectangle((ox, oy, ox + 345, oy + 72), outline=SEAT_COLOURS[i], width=3, fill="white")
        d.text((ox + 10, oy + 10), f"seat {i + 1} navigation buttons", fill=SEAT_COLOURS[i], font=f)
        d.text((ox + 10, oy + 40), f"left = {expander_pin_name(seat['nav_a'])}, right = "
                                   f"{expander_pin_name(seat['nav_b'])} (pins {seat['nav_a']}, {seat['nav_b']})",
               fill="#333333", font=f_small)
    ny = ey + 200
    notes = [
        "Six full seats: big button + LED and cup switch on the header (edges stamped by the GPIO backend), "
        "two navigation buttons on the MCP23017, a 128x64 OLED on the mux.",
        "BCM 0/1 (HAT EEPROM) and 2/3 (I2C) stay free; SPI stays off (BCM 8-11 are seat inputs); disable the "
        "serial console (BCM 14/15 drive LEDs); BCM 7, 12, 13, 19, 25, 26 are spare.",
        "Bus numbers of the mux channels depend on the kernel: check `ls /dev/i2c-*` and edit [seats.oled] bus. "
        "Verify everything with `cabinet hardware check`.",
    ]
    for k, n in enumerate(notes):
        d.text((40, ny + k * 26), n, fill="#333333", font=f_small)
    return img


if __name__ == "__main__":
    draw().save(OUT, optimize=True)
    print(f"wrote {OUT}")
