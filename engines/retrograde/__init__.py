"""Retrograde: the real-time dice game of blasting Astro-Droids (1-4 players).

Modules: :mod:`.components` (colours, power-ups, reconstructed sheets and
target cards from ``data/``), :mod:`.chain` (the chain rule RG-4),
:mod:`.planner` (the exact blast planner), :mod:`.blast` (3 - Blast Droids
actions), :mod:`.roll` (2 - Roll Dice: readings, rerolls, claims),
:mod:`.snapshot` (a save's state checked), :mod:`.game` (the engine).
"""
from .game import Retrograde

ENGINE = Retrograde

__all__ = ["ENGINE", "Retrograde"]
