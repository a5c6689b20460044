"""Pure edits of the Raspberry Pi boot files (``config.txt``,
``cmdline.txt``): text in, text out, so they are tested without a Pi and
the installer writes a file only when its text really changes."""
from __future__ import annotations

MARK = "# added by the cabinet installer (cabinet install); see docs/build-guide.md"


def active_lines(text: str) -> list[str]:
    """Uncommented, stripped, non-empty lines of a config.txt."""
    return [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("#")]


def missing_lines(text: str, wanted: list[str]) -> list[str]:
    """Lines of ``wanted`` not active anywhere in ``text`` (whitespace
    around them ignored)."""
    have = set(active_lines(text))
    return [w for w in wanted if w not in have]


def add_lines(text: str, lines: list[str]) -> str:
    """``text`` with ``lines`` appended under an ``[all]`` filter (so a
    preceding ``[pi4]``/``[cm4]`` section cannot restrict them) and a
    comment saying who added them.  No change when ``lines`` is empty."""
    if not lines:
        return text
    body = text if text.endswith("\n") or not text else text + "\n"
    return body + "\n[all]\n" + MARK + "\n" + "\n".join(lines) + "\n"


def disable_line(text: str, line: str, reason: str) -> str:
    """Comment out every active occurrence of ``line`` (e.g.
    ``dtparam=spi=on`` when seats use the SPI0 pins), noting ``reason``."""
    out = []
    for ln in text.splitlines():
        if ln.strip() == line:
            out.append(f"#{ln.strip()}  # disabled by the cabinet installer: {reason}")
        else:
            out.append(ln)
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")


def without_serial_console(cmdline: str) -> str:
    """``cmdline.txt`` without ``console=serial0,...`` / ``console=ttyAMA0,...``
    / ``console=ttyS0,...`` (the serial console would drive seat LEDs on
    BCM 14/15); other words and the single-line form are kept."""
    words = cmdline.split()
    keep = [w for w in words if not (w.startswith("console=") and
                                     w.split("=", 1)[1].split(",")[0] in ("serial0", "serial1", "ttyAMA0", "ttyS0"))]
    return " ".join(keep) + "\n"
