"""Errors of the engine layer.

An illegal action is not an exception: :meth:`Game.apply` answers it with a
:class:`~reference_impl.rulings.Rejected` ruling.  These exceptions are for input that is not
a game at all (a bad deal, a malformed action) and for the engine's own bugs.
"""

from __future__ import annotations

from phomspec.cards import NotationError


class DealError(ValueError):
    """A deal that is not 52 distinct cards with 10 for ``first`` and 9 for the others."""


class MalformedAction(NotationError):
    """An action that cannot be read (unknown type, missing field, bad card code, bad seat).

    A subclass of :class:`~phomspec.cards.NotationError`, so one ``except`` catches
    every kind of malformed input; it is a protocol matter, never a rule ruling.
    """


class EngineError(RuntimeError):
    """An internal inconsistency of the engine (a bug): never raised by a correct engine."""
