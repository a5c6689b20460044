"""pytest plugin: each test's CPU time (this process and the children it
waited for: ``cabinet resume`` subprocesses), slowest first, at the end.

Usage (the machine is shared, so wall time says little)::

    PYTHONPATH=tests/support .venv/bin/python -m pytest -p cpu_durations tests/test_x.py -q
"""
from __future__ import annotations

import resource
import time

import pytest

_CPU: dict[str, float] = {}


def _cpu() -> float:
    c = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + c.ru_utime + c.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    t0 = _cpu()
    yield
    _CPU[item.nodeid] = _cpu() - t0


def pytest_terminal_summary(terminalreporter):
    tr = terminalreporter
    tr.section("CPU time per test (s, with waited-for children)")
    for nodeid, s in sorted(_CPU.items(), key=lambda kv: -kv[1]):
        tr.write_line(f"{s:9.1f}  {nodeid}")
    tr.write_line(f"{sum(_CPU.values()):9.1f}  total")
