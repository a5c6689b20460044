"""Adapt time of the guided dice calibration (issue 21: <= 60 s on one
core of the cabinet's machine): the whole flow on the simulated cabinet,
every seat a simulated person, and the CPU seconds of its adapt step (the
face nets' last layers refitted on every die captured, both nets) and of
its confirmation (the confirmed rolls read with and without it).

    OPENBLAS_NUM_THREADS=1 taskset -c 0 .venv/bin/python benchmarks/bench_calibrate.py \\
        [--seats 6] [--dice 5] [--rolls 2] [--dice-from ../shared/dice/pxl-colour-trays]

One core: ``taskset -c 0`` pins the process, one BLAS thread; the
onnxruntime sessions run on one thread anyway.  Prints one JSON line: the
flow's result (adapt_cpu_s, confirm_cpu_s, before / after on the
confirmation rolls) and the whole run's CPU seconds.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from firmware.runtime import config
    from firmware.app.calibration_window import run_guided
    from firmware.calibration.run import GuidedOptions
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seats", type=int, default=6)
    p.add_argument("--dice", type=int, default=5)
    p.add_argument("--rolls", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--dice-from", help="a labelled set: the simulated camera shows its die crops")
    a = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        toml = Path(tmp) / "cabinet.toml"
        toml.write_text(f'[cabinet]\nsimulate = "yes"\nstate_dir = "{tmp}"\n')
        t0 = time.process_time()
        result = run_guided(config.load(toml), GuidedOptions(headless=True, seats=a.seats, dice=a.dice,
                                                             rolls=a.rolls, seed=a.seed, dice_from=a.dice_from),
                            Path(tmp) / "dice_calibration.npz")
        result["run_cpu_s"] = round(time.process_time() - t0, 1)
    result.update({"dice_per_seat": a.dice, "dice_from": a.dice_from, "cpus": len(os.sched_getaffinity(0))})
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
