"""The cabinet's one TOML config file: schema, defaults, validation.

Location: ``--config PATH``, else ``$CABINET_CONFIG``, else
``/etc/cabinet/cabinet.toml`` if it exists, else
``~/.config/cabinet/cabinet.toml`` if it exists, else built-in defaults.

The schema is declarative: each package that owns a section declares it as
plain data (:data:`hardware.settings.SCHEMA`, :data:`vision.settings.SCHEMA`)
and may add a semantic check (pin clashes, zone overlaps) that returns
problems as ``(key_path, message)`` pairs.  A bad config raises
:class:`ConfigError` naming the key path, what is wrong and the fix.

Field spec (a dict): ``type`` (``int``, ``float``, ``str``, ``bool``,
``list``, ``"table"`` with a nested ``schema``, ``"tables"`` = array of
tables with ``schema``), ``default``, ``doc``, and optionally ``choices``,
``min``, ``max``, ``items`` (element type of a list), ``optional`` (may be
absent with no default).
"""
from __future__ import annotations

import copy
import math
import os
import stat
import tomllib
from pathlib import Path
from typing import Any, Callable

import hardware.settings as hardware_settings
import vision.settings as vision_settings


class ConfigError(ValueError):
    """The config file is unreadable or invalid; the message names the key
    path (e.g. ``seats[2].button``), what is wrong and how to fix it."""


CABINET_SCHEMA: dict[str, dict] = {
    "state_dir": {"type": str, "default": "",
                  "doc": "folder for journals (save files) and calibration; empty = "
                         "$STATE_DIRECTORY (systemd) or ~/.local/state/cabinet"},
    "display": {"type": str, "default": "auto", "choices": ["auto", "window", "fullscreen", "headless"],
                "doc": "auto = full screen (KMSDRM) on a Pi, a window elsewhere"},
    "bot_pace": {"type": str, "default": "normal", "choices": ["relaxed", "normal", "fast"],
                 "doc": "how bots show a turn-based choice at the cabinet: relaxed (1.5 s to think, 1 s from "
                        "arming to confirming), normal (0.7 s, 0.6 s) or fast (0, 0.25 s); races keep the "
                        "bot level's reaction time; headless play is always fast"},
    "resolution": {"type": list, "items": int, "default": [1280, 720],
                   "doc": "HDMI size in px [width, height], 800x480 .. 1920x1080"},
    "fps": {"type": int, "default": 30, "min": 5, "max": 120, "doc": "render rate cap, frames/s"},
    "twin": {"type": str, "default": "instant",
             "doc": "simulated cabinet only: what its parts cost (issue 36): instant, pi4, pi5 "
                    "(hardware/twins/*.toml) or the path of a profile .toml"},
    "twin_i2c_hz": {"type": int, "default": 0, "min": 0, "max": 3_400_000,
                    "doc": "simulated cabinet: the twin's I2C clock, Hz; 0 = the profile's (400 kHz)"},
    "race_result_ms": {"type": int, "default": 2500, "min": 0, "max": 15000,
                       "doc": "Cha dango: a decided race's outcome stays on screen at least this long before "
                              "the next order can be revealed, ms; longer for a longer result (2 s + "
                              "0.8 s a line; ruling CAB-7); 0: no pause"},
    "round_result_ms": {"type": int, "default": 6000, "min": 0, "max": 30000,
                        "doc": "Retrograde: a round's summary stays on screen this long before the next "
                               "round's 3-2-1 countdown starts, ms (ruling CAB-10)"},
    "early_press_grace_ms": {"type": int, "default": 200, "min": 0, "max": 500,
                             "doc": "Cha dango: a hit or cup lift less than this after an order appears "
                                    "answers nothing (meant for the last race), ms (ruling CAB-7)"},
    "simulate": {"type": str, "default": "auto", "choices": ["auto", "yes", "no"],
                 "doc": "auto = simulated cabinet only where no Pi hardware is found; "
                        "no = refuse to start without real hardware"},
}

SCHEMA: dict[str, dict] = {
    "cabinet": {"type": "table", "schema": CABINET_SCHEMA, "doc": "runtime settings"},
    **hardware_settings.SCHEMA,
    **vision_settings.SCHEMA,
}

def check_cabinet(cfg: dict) -> list[tuple[str, str]]:
    """Semantic checks of ``[cabinet]``: the HDMI resolution."""
    res = cfg["cabinet"]["resolution"]
    if len(res) != 2 or not (800 <= res[0] <= 1920 and 480 <= res[1] <= 1080):
        return [("cabinet.resolution", f"{res!r} must be [width, height] within 800x480 .. 1920x1080 px, "
                                       "e.g. [1280, 720]")]
    from hardware.twin import TwinProfileError, load_profile
    try:
        load_profile(cfg["cabinet"].get("twin", "instant"))
    except TwinProfileError as exc:
        return [("cabinet.twin", str(exc))]
    return []


CHECKS: list[Callable[[dict], list[tuple[str, str]]]] = [
    check_cabinet,
    hardware_settings.check,
    vision_settings.check,
]


def default_config_path() -> Path | None:
    """The config file used when ``--config`` is not given, or ``None``."""
    env = os.environ.get("CABINET_CONFIG")
    if env:
        return Path(env)
    for candidate in (Path("/etc/cabinet/cabinet.toml"),
                      Path.home() / ".config" / "cabinet" / "cabinet.toml"):
        if candidate.is_file():
            return candidate
    return None


def defaults() -> dict[str, Any]:
    """The built-in default config (what an empty file means)."""
    return _fill({}, SCHEMA, "")


def _type_name(t: Any) -> str:
    return {"table": "a table", "tables": "an array of tables"}.get(t, getattr(t, "__name__", str(t)))


def _check_value(value: Any, spec: dict, path: str) -> Any:
    t = spec["type"]
    if t == "table":
        if not isinstance(value, dict):
            raise ConfigError(f"{path}: must be a table ([{path}]), got {value!r}")
        return _fill(value, spec["schema"], path + ".")
    if t == "tables":
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise ConfigError(f"{path}: must be an array of tables ([[{path}]]), got {value!r}")
        return [_fill(v, spec["schema"], f"{path}[{i}].") for i, v in enumerate(value)]
    if t is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if t is float and isinstance(value, float) and not math.isfinite(value):
        raise ConfigError(f"{path}: must be a finite number, got {value!r} "
                          f"(for example {path.rsplit('.', 1)[-1]} = {spec.get('default')!r})")
    if not isinstance(value, t) or (isinstance(value, bool) and t is not bool):
        raise ConfigError(f"{path}: must be {_type_name(t)}, got {value!r} "
                          f"(for example {path.rsplit('.', 1)[-1]} = {spec.get('default')!r})")
    if t is list and "items" in spec:
        it = spec["items"]
        if it is float:     # [1, 1, 1] means [1.0, 1.0, 1.0]
            value = [float(v) if isinstance(v, int) and not isinstance(v, bool) else v for v in value]
        for i, item in enumerate(value):
            if not isinstance(item, it) or (isinstance(item, bool) and it is not bool):
                raise ConfigError(f"{path}[{i}]: must be {_type_name(it)}, got {item!r}")
            if it is float and not math.isfinite(item):
                raise ConfigError(f"{path}[{i}]: must be a finite number, got {item!r}")
    if "choices" in spec and value not in spec["choices"]:
        raise ConfigError(f"{path}: {value!r} is not one of {', '.join(map(repr, spec['choices']))}")
    if "min" in spec and value < spec["min"]:
        raise ConfigError(f"{path}: {value!r} is below the minimum {spec['min']}")
    if "max" in spec and value > spec["max"]:
        raise ConfigError(f"{path}: {value!r} is above the maximum {spec['max']}")
    return value


def _fill(data: dict, schema: dict, prefix: str) -> dict:
    out: dict[str, Any] = {}
    for key in data:
        if key not in schema:
            known = ", ".join(sorted(schema))
            raise ConfigError(f"{prefix}{key}: unknown key; remove it or use one of: {known}")
    for key, spec in schema.items():
        path = prefix + key
        if key in data:
            out[key] = _check_value(data[key], spec, path)
        elif spec.get("optional"):
            continue
        elif spec["type"] == "table":
            out[key] = _fill({}, spec["schema"], path + ".")
        elif spec["type"] == "tables":
            out[key] = [_fill(v, spec["schema"], f"{path}[{i}].")
                        for i, v in enumerate(copy.deepcopy(spec.get("default", [])))]
        else:
            out[key] = copy.deepcopy(spec["default"])
    return out


def validate(data: dict[str, Any]) -> dict[str, Any]:
    """Validate raw TOML data and return the effective config (defaults
    filled in).

    Raises:
        ConfigError: unknown key, wrong type, value out of range, or a
            semantic problem (duplicate pins, ...); the first one found.
    """
    cfg = _fill(data, SCHEMA, "")
    problems: list[tuple[str, str]] = []
    for check in CHECKS:
        problems.extend(check(cfg))
    if problems:
        lines = [f"{path}: {msg}" for path, msg in problems]
        raise ConfigError("; ".join(lines))
    return cfg


#: A config file larger than this is refused (the full one is ~3 kB).
MAX_CONFIG_BYTES = 1024 * 1024


def _read_config(p: Path) -> bytes:
    """The bytes of config file ``p``: a regular file of at most
    :data:`MAX_CONFIG_BYTES` (a FIFO or a device would block or never end;
    it is refused at once, named).

    Raises:
        ConfigError: cannot be read, not a regular file, or too large.
    """
    try:
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK)   # a FIFO must not block the open
    except OSError as exc:
        raise ConfigError(f"{p}: cannot read the config file ({exc.strerror or exc})") from exc
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise ConfigError(f"{p}: not a regular file, so not a config file; give --config the path of a "
                              ".toml file")
        if st.st_size > MAX_CONFIG_BYTES:
            raise ConfigError(f"{p}: {st.st_size} bytes is far too large for a config file (at most "
                              f"{MAX_CONFIG_BYTES}); give --config the path of the cabinet's .toml file")
        with os.fdopen(os.dup(fd), "rb") as f:
            return f.read(MAX_CONFIG_BYTES + 1)
    except OSError as exc:
        raise ConfigError(f"{p}: cannot read the config file ({exc.strerror or exc})") from exc
    finally:
        os.close(fd)


def load(path: str | os.PathLike | None = None) -> dict[str, Any]:
    """Load and validate the config file (``None``: the default location,
    or built-in defaults if there is no file).

    Raises:
        ConfigError: the file is missing (when named), not TOML, or invalid;
            the message names the file and the key path.
    """
    if path is None:
        path = default_config_path()
        if path is None:
            return validate({})
    p = Path(path)
    raw = _read_config(p)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{p}: not valid TOML: {exc}") from exc
    deep = nesting_problem(text)
    if deep is not None:
        raise ConfigError(f"{p}: line {deep}: arrays or inline tables nested more than {MAX_TOML_DEPTH} deep; "
                          "the cabinet's settings nest 3 levels at most")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{p}: not valid TOML: {exc}") from exc
    except RecursionError as exc:
        raise ConfigError(f"{p}: nested too deeply for TOML") from exc
    try:
        return validate(data)
    except ConfigError as exc:
        raise ConfigError(f"{p}: {exc}") from exc


#: Deepest nesting of arrays / inline tables accepted in the config file.
MAX_TOML_DEPTH = 32


def nesting_problem(text: str, max_depth: int = MAX_TOML_DEPTH) -> int | None:
    """The 1-based line where TOML ``text`` nests arrays or inline tables
    deeper than ``max_depth`` (brackets inside strings and comments do not
    count), or ``None``.  A plain scan, so it cannot exhaust the stack the
    way a recursive parser does."""
    depth, line, i, n = 0, 1, 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
        elif c == "#":
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        elif c in "\"'":
            triple = text.startswith(c * 3, i)
            end = c * 3 if triple else c
            j = i + len(end)
            while j < n:
                if c == '"' and text[j] == "\\":
                    j += 2
                    continue
                if text.startswith(end, j):
                    break
                if text[j] == "\n":
                    if not triple:
                        break
                    line += 1
                j += 1
            i = j + len(end)
            continue
        elif c in "[{":
            depth += 1
            if depth > max_depth:
                return line
        elif c in "]}":
            depth = max(0, depth - 1)
        i += 1
    return None


def to_toml(cfg: dict[str, Any]) -> str:
    """Render an effective config as TOML text (for ``cabinet config show``)."""
    lines: list[str] = []

    def scalar(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if isinstance(v, list):
            return "[" + ", ".join(scalar(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{ " + ", ".join(f"{k} = {scalar(x)}" for k, x in v.items()) + " }"
        return repr(v)

    def emit_table(name: str, table: dict, array: bool = False) -> None:
        simple = {k: v for k, v in table.items()
                  if not isinstance(v, dict) and not (isinstance(v, list) and v and isinstance(v[0], dict))}
        lines.append(f"[[{name}]]" if array else f"[{name}]")
        for k, v in simple.items():
            lines.append(f"{k} = {scalar(v)}")
        lines.append("")
        for k, v in table.items():
            if isinstance(v, dict):
                emit_table(f"{name}.{k}", v)
            elif isinstance(v, list) and v and isinstance(v[0], dict):
                for item in v:
                    emit_table(f"{name}.{k}", item, array=True)

    for key, value in cfg.items():
        if isinstance(value, dict):
            emit_table(key, value)
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            for item in value:
                emit_table(key, item, array=True)
        else:
            lines.insert(0, f"{key} = {scalar(value)}")
    return "\n".join(lines).rstrip() + "\n"
