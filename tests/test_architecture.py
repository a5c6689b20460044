"""The owner's layout: imports point one way (firmware -> engines, vision,
hardware); engines use the standard library only."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ["engines", "vision", "hardware"]


def imported_top_levels(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("package", PACKAGES)
def test_core_packages_do_not_import_each_other(package):
    others = {"engines", "vision", "hardware", "firmware"} - {package}
    for path in (ROOT / package).rglob("*.py"):
        bad = imported_top_levels(path) & others
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_engines_import_no_device_or_numeric_library():
    code = ("import sys, engines, engines.registry as r\n"
            "for g in r.GAMES: r.is_available(g)\n"
            "bad = [m for m in ('pygame','cv2','gpiozero','luma','picamera2','numpy','PIL') if m in sys.modules]\n"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == ""


def test_bots_use_only_the_engines():
    """Bots play through the engine contract: engines and the standard
    library, never firmware, hardware or vision."""
    for path in (ROOT / "bots").rglob("*.py"):
        bad = imported_top_levels(path) & {"firmware", "vision", "hardware", "pygame", "cv2", "numpy"}
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


# --- the firmware's layers (issue 35) --------------------------------------

#: firmware's packages from the bottom up: a module imports only from its own
#: layer or one below (docs/architecture.md).
LAYERS = {"firmware.rulings": 0, "firmware.ui": 0, "firmware.screens": 1, "firmware.runtime": 2,
          "firmware.calibration": 3, "firmware.app": 4, "firmware.cli": 5}
PROJECT = ("engines", "vision", "hardware", "bots", "firmware")


def _module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _project_imports(path: Path, modules: set[str] = frozenset()) -> set[str]:
    """The project modules ``path`` imports, at any depth of the file (a
    function's import too), but not under ``if TYPE_CHECKING:``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            skip.update(id(n) for n in ast.walk(node))
    package = _module_of(path) if path.name == "__init__.py" else _module_of(path).rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.split(".")[0] in PROJECT)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                head = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(head + ([base] if base else []))
            if base.split(".")[0] in PROJECT:
                subs = {f"{base}.{a.name}" for a in node.names} & set(modules)
                out.update(subs)     # ``from pkg import submodule``: an arrow to the submodule
                if len(subs) < len(node.names):
                    out.add(base)
    return out


def _graph() -> dict[str, set[str]]:
    files = [p for pkg in PROJECT for p in (ROOT / pkg).rglob("*.py")]
    modules = {_module_of(p): p for p in files}
    graph = {}
    for name, path in modules.items():
        graph[name] = {m for m in _project_imports(path, set(modules)) if m in modules and m != name}
    return graph


def _layer(module: str) -> int | None:
    for prefix, rank in LAYERS.items():
        if module == prefix or module.startswith(prefix + "."):
            return rank
    return None


def test_no_import_circles_anywhere_in_the_project():
    """No module reaches itself through imports (function-level imports
    count: they hide a circle, they do not remove it)."""
    graph = _graph()
    circles, state = [], {}

    def visit(node, stack):
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                circles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, stack)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [])
    assert not circles, "import circles:\n" + "\n".join(" -> ".join(c) for c in circles)


def test_firmware_imports_run_down_its_layers():
    """ui and rulings at the bottom, then screens, runtime, calibration,
    app, and cli on top: nothing imports a layer above its own."""
    bad = []
    for module, deps in _graph().items():
        mine = _layer(module)
        if mine is None:
            continue
        bad += [f"{module} -> {d}" for d in deps if (_layer(d) or 0) > mine]
    assert not bad, "imports up the layers:\n" + "\n".join(sorted(bad))


def test_nothing_imports_the_command_line_and_ui_imports_no_other_firmware():
    bad = []
    for module, deps in _graph().items():
        if not module.startswith("firmware.cli"):
            bad += [f"{module} -> {d}" for d in deps if d.startswith("firmware.cli")]
        if module.startswith("firmware.ui"):
            bad += [f"{module} -> {d}" for d in deps
                    if d.startswith("firmware.") and not d.startswith(("firmware.ui", "firmware.rulings"))]
    assert not bad, "\n".join(sorted(bad))


def test_screens_and_runtime_never_import_pygame():
    """Screens are pure functions of a view to a scene; the runtime runs
    headless: only ui (the painter, the window) and app touch pygame."""
    for pkg in ("screens", "runtime"):
        for path in (ROOT / "firmware" / pkg).rglob("*.py"):
            assert "pygame" not in imported_top_levels(path), f"{path.relative_to(ROOT)} imports pygame"
