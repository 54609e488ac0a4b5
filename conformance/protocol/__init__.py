"""The protocol layer: the driver interface, messages and their schema checks, the null
server, and the one comparer of actions, events and payments (spec/protocol.md).

Transports that run the protocol live in :mod:`conformance.drivers`.
"""

from __future__ import annotations

from conformance.protocol.interface import DonePending, Driver, Pending

__all__ = ["DonePending", "Driver", "Pending"]
