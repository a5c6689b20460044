"""Cryptid Cafe (1 to 5 players; 1 = solo against the AI players).

Rules engine for the cabinet: see :mod:`.game` for the round flow,
:mod:`.rules` for the actions, :mod:`.data` for the (reconstructed)
components in ``data/*.json``.
"""
from .game import CryptidCafe

ENGINE = CryptidCafe

__all__ = ["CryptidCafe", "ENGINE"]
