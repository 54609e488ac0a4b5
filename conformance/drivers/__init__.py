"""Drivers that run the protocol: the reference in-process, any program as a subprocess, and a
recording wrapper. The interface they implement is :mod:`conformance.protocol`."""

from __future__ import annotations

from conformance.drivers.subprocess import (
    DEFAULT_HELLO_TIMEOUT,
    DEFAULT_MAX_LINE_BYTES,
    DEFAULT_TIMEOUT,
    SubprocessDriver,
)
from conformance.protocol import Driver


def make_driver(
    impl: str | list[str] | None,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    hello_timeout: float = DEFAULT_HELLO_TIMEOUT,
    max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
    strict: bool = False,
    auto_restart: int = 0,
) -> Driver:
    """The in-process reference when ``impl`` is None, else a :class:`SubprocessDriver`."""
    if impl is None:
        from conformance.drivers.inprocess import InProcessDriver

        return InProcessDriver(strict=strict)
    return SubprocessDriver(
        impl,
        timeout=timeout,
        hello_timeout=hello_timeout,
        max_line_bytes=max_line_bytes,
        strict=strict,
        auto_restart=auto_restart,
    )


__all__ = ["Driver", "SubprocessDriver", "make_driver"]
