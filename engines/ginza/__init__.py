"""Ginza Retro Café rules engine (registry id ``ginza``, 2 to 4 players).

Rulebook: ``ginza-retro-cafe.txt``; rulings GR-1..GR-7 and CAB-5.  Component
faces are reconstructed in ``data/*.json`` (see :mod:`.components`).
"""
from .game import GinzaGame

ENGINE = GinzaGame

__all__ = ["ENGINE", "GinzaGame"]
