"""Cha dango (registry id ``cha-dango``): a real-time slap-and-sip card game
for 2 to 6 seats.  See :mod:`engines.cha_dango.game` for the rules engine,
:mod:`engines.cha_dango.races` for timestamp-decided races and
:mod:`engines.cha_dango.cards` for the (reconstructed) card data."""
from .game import ChaDango

ENGINE = ChaDango

__all__ = ["ChaDango", "ENGINE"]
