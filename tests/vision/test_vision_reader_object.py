"""The dice reader is an object (vision.reader.DiceReader): its settings,
models and calibration are its own, readers made side by side read each
with theirs, a changed copy leaves the original as it was, and loaded nets
are shared between readers of the same files."""
from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

from fake_models import stub_reader
from vision.die import VisionInputError
from vision.multilook import MultiLook
from vision.netreader import SHIPPED_WINDOW, Candidate, Models, WindowGeometry
from vision.reader import DiceReader
from vision.reader_settings import DEFAULT_MIN_VALUE_P
from vision.synth import DieSpec, render_frame

ROOT = Path(__file__).resolve().parents[2]


def _sure_at(p_value: float):
    """Face readings that give a 4 at ``p_value`` from every net and turn."""
    def faces(windows, expert=False):
        p = np.full((len(windows), 7), (1 - p_value) / 6, np.float32)
        p[:, 3] = p_value
        return p
    return faces


def test_two_readers_read_side_by_side_each_with_its_own_threshold():
    frame = render_frame((200, 200), [DieSpec(4, "red", (100, 100), 10, 48)], seed=3)
    cands = [Candidate(100.0, 100.0, 48.0, 0.9)]
    careful = stub_reader(_sure_at(0.65), cands)                     # below the threshold as shipped
    bold = careful.with_min_value_p(0.6, "config")
    for _ in range(2):                                               # interleaved: nothing leaks between them
        assert [d.value for d in careful.read_dice(frame)] == [None]
        assert [d.value for d in bold.read_dice(frame)] == [4]
    assert careful.stats["frames"] == bold.stats["frames"] == 2      # counted per reader


def test_the_station_s_looks_read_with_the_reader_they_are_given():
    """MultiLook (the dice station's reader over frames) uses its reader's
    models and threshold, not a shared one."""
    frame = render_frame((200, 200), [DieSpec(4, "red", (100, 100), 10, 48)], seed=3)
    cands = [Candidate(100.0, 100.0, 48.0, 0.9)]
    assert [d.value for d in MultiLook(stub_reader(_sure_at(0.65), cands)).read(frame)] == [None]
    assert [d.value for d in MultiLook(stub_reader(_sure_at(0.65), cands, min_value_p=0.6)).read(frame)] == [4]
    with pytest.raises(VisionInputError, match="DiceReader"):
        MultiLook(None)


def test_a_changed_copy_leaves_the_original_as_it_was():
    r = DiceReader()
    changed = r.with_window(WindowGeometry(dy=-0.08)).with_min_value_p(0.95, "calibration").at(0.6)
    assert (changed.window, changed.min_value_p, changed.min_value_p_without_calibration) == (
        WindowGeometry(dy=-0.08), 0.6, DEFAULT_MIN_VALUE_P)
    assert (r.window, r.min_value_p, r.calibration_p, r.heads) == (SHIPPED_WINDOW, DEFAULT_MIN_VALUE_P, None, {})
    assert changed.without_calibration().window == SHIPPED_WINDOW
    assert changed.models is r.models                                # the same files: nothing reloaded
    with pytest.raises(Exception):                                   # frozen: no setting to change in place
        r.window = WindowGeometry(dy=-0.08)
    with pytest.raises(TypeError):                                   # nor its calibration's layers
        r.heads["fast"] = (np.zeros((7, 4), np.float32), np.zeros(7, np.float32))


def test_loaded_nets_are_shared_between_readers_of_the_same_files():
    a, b = DiceReader(), DiceReader().with_min_value_p(0.7, "option")
    assert a.models == b.models == Models.shipped()
    assert a.models.net() is b.models.net() and a.models.net(expert=True) is b.models.net(expert=True)


def test_a_reader_with_other_models_drops_layers_made_for_the_old_ones():
    r = DiceReader()
    _, f = r.models.net().with_features(np.zeros((1, 3, 48, 48), np.float32))
    head = (np.eye(7, f.shape[1], dtype=np.float32), np.zeros(7, np.float32))
    layered = r.with_heads({"fast": head})
    assert layered.heads_in_use and not r.heads_in_use
    assert not layered.with_models(Models.load(None)).heads_in_use


@pytest.mark.parametrize("path", ["vision", "firmware/runtime/reader.py", "firmware/calibration"])
def test_no_global_statement_sets_how_dice_are_read(path):
    """The reader's settings live on the reader: no module of vision/, the
    cabinet's reader setup or the guided calibration rebinds a module name."""
    files = [ROOT / path] if path.endswith(".py") else sorted((ROOT / path).rglob("*.py"))
    found = [f"{f.relative_to(ROOT)}:{node.lineno}" for f in files
             for node in ast.walk(ast.parse(f.read_text())) if isinstance(node, ast.Global)]
    assert files and found == []
