"""Config schema of the hardware sections: ``[gpio]``, ``[[seats]]``,
``[camera]``, ``[audio]``.  Plain data read by :mod:`firmware.config`
(see its docstring for the field-spec format); :func:`check` adds the
semantic checks (duplicate pins).  Pins are BCM numbers."""
from __future__ import annotations

from typing import Any

OLED_SCHEMA: dict[str, dict] = {
    "driver": {"type": str, "default": "ssd1306", "choices": ["ssd1306", "sh1106", "none"],
               "doc": "OLED controller; none = this seat has no display"},
    "interface": {"type": str, "default": "i2c", "choices": ["i2c", "spi"], "doc": "bus type"},
    "bus": {"type": int, "default": 1, "min": 0, "doc": "I2C bus number (a multiplexer's buses are 2+) or SPI port"},
    "address": {"type": int, "default": 0x3C, "min": 0, "max": 0x7F, "doc": "I2C address (0x3C or 0x3D)"},
}

SEAT_SCHEMA: dict[str, dict] = {
    "button": {"type": int, "default": -1, "min": -1, "max": 27, "doc": "BCM pin of the big arcade button (-1 = none)"},
    "led": {"type": int, "default": -1, "min": -1, "max": 27, "doc": "BCM pin of the button's LED (-1 = none)"},
    "cup": {"type": int, "default": -1, "min": -1, "max": 27,
            "doc": "BCM pin of the cup-lift switch (closed = cup down; -1 = none)"},
    "nav_a": {"type": int, "default": -1, "min": -1, "max": 27,
              "doc": "rotary encoder A (or 'left' button) BCM pin (-1 = none)"},
    "nav_b": {"type": int, "default": -1, "min": -1, "max": 27,
              "doc": "rotary encoder B (or 'right' button) BCM pin (-1 = none)"},
    "nav_push": {"type": int, "default": -1, "min": -1, "max": 27, "doc": "encoder push BCM pin (-1 = none)"},
    "nav_kind": {"type": str, "default": "encoder", "choices": ["encoder", "buttons"],
                 "doc": "encoder = rotary encoder on nav_a/nav_b; buttons = two buttons"},
    "oled": {"type": "table", "schema": OLED_SCHEMA, "doc": "this seat's OLED"},
}

GPIO_SCHEMA: dict[str, dict] = {
    "backend": {"type": str, "default": "auto", "choices": ["auto", "pigpio", "lgpio", "mock"],
                "doc": "edge source; auto = pigpio on Pi 4 and earlier, lgpio on Pi 5, mock elsewhere"},
    "tie_resolution_us": {"type": int, "default": 5, "min": 1, "max": 10000,
                          "doc": "edges closer than this are a tie (CAB-4), us"},
    "debounce_us": {"type": int, "default": 10000, "min": 0, "max": 200000,
                    "doc": "contact-bounce window, us"},
    "glitch_filter_us": {"type": int, "default": 100, "min": 0, "max": 300000,
                         "doc": "pigpiod glitch filter, us (0 = off)"},
}

CAMERA_SCHEMA: dict[str, dict] = {
    "source": {"type": str, "default": "auto", "choices": ["auto", "picamera2", "opencv", "replay", "sim"],
               "doc": "auto = picamera2 on a Pi, the simulated tray elsewhere"},
    "device": {"type": int, "default": 0, "min": 0, "doc": "OpenCV VideoCapture index"},
    "replay_path": {"type": str, "default": "", "doc": "folder of images or a video file for source = replay"},
    "width": {"type": int, "default": 640, "min": 64, "max": 4096, "doc": "frame width, px"},
    "height": {"type": int, "default": 480, "min": 64, "max": 4096, "doc": "frame height, px"},
    "fps": {"type": int, "default": 15, "min": 1, "max": 120, "doc": "frames per second"},
}

AUDIO_SCHEMA: dict[str, dict] = {
    "enabled": {"type": bool, "default": True, "doc": "countdown and buzzer sounds"},
    "volume": {"type": float, "default": 0.8, "min": 0.0, "max": 1.0, "doc": "0..1"},
}

SCHEMA: dict[str, dict] = {
    "gpio": {"type": "table", "schema": GPIO_SCHEMA, "doc": "edge source and timing"},
    "seats": {"type": "tables", "schema": SEAT_SCHEMA, "default": [],
              "doc": "one [[seats]] table per seat, in seat order; empty = the default wiring"},
    "camera": {"type": "table", "schema": CAMERA_SCHEMA, "doc": "the table camera"},
    "audio": {"type": "table", "schema": AUDIO_SCHEMA, "doc": "sounds"},
}

PIN_KEYS = ("button", "led", "cup", "nav_a", "nav_b", "nav_push")


def check(cfg: dict[str, Any]) -> list[tuple[str, str]]:
    """Semantic checks of the hardware sections.

    Returns:
        ``(key_path, message)`` pairs; empty when the config is sound.
    """
    problems: list[tuple[str, str]] = []
    used: dict[int, str] = {}
    for i, seat in enumerate(cfg.get("seats", [])):
        for key in PIN_KEYS:
            pin = seat.get(key, -1)
            if pin < 0:
                continue
            path = f"seats[{i}].{key}"
            if pin in used:
                problems.append((path, f"BCM pin {pin} is already used by {used[pin]}; give each input its own pin"))
            else:
                used[pin] = path
    return problems
