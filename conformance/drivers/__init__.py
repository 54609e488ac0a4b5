"""Backends that run the protocol: the reference in-process, or any program as a subprocess."""

from __future__ import annotations

from conformance.driver import Driver
from conformance.drivers.subprocess import (
    DEFAULT_HELLO_TIMEOUT,
    DEFAULT_MAX_LINE_BYTES,
    DEFAULT_TIMEOUT,
    SubprocessDriver,
)


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
