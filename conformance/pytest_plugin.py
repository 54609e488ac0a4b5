"""pytest plugin: ``--phom-impl CMD`` and the session-scoped ``phom_driver`` fixture.

Registered through the ``pytest11`` entry point (so ``pytest --phom-impl "node adapter.js"``
works wherever the kit is installed). Without ``--phom-impl`` the fixture is the reference
engine in-process; with it, the implementation runs as a subprocess speaking
spec/protocol.md. The driver is started once per test session and closed at its end.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from conformance.drivers import make_driver
from conformance.drivers.subprocess import DEFAULT_HELLO_TIMEOUT, DEFAULT_TIMEOUT
from conformance.protocol import Driver

#: After a crash or timeout the next test restarts the implementation, this many times at most.
AUTO_RESTARTS = 5


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("phom", "Phỏm conformance")
    group.addoption("--phom-impl", metavar="CMD", default=None,
                    help="implementation under test (command line speaking the JSON-lines"
                         " protocol); default: the reference engine in-process")
    group.addoption("--phom-timeout", metavar="S", type=float, default=DEFAULT_TIMEOUT,
                    help=f"seconds to wait for each reply (default {DEFAULT_TIMEOUT:g})")
    group.addoption("--phom-hello-timeout", metavar="S", type=float,
                    default=DEFAULT_HELLO_TIMEOUT,
                    help=f"seconds to wait for hello (default {DEFAULT_HELLO_TIMEOUT:g})")
    group.addoption("--phom-strict", action="store_true", default=False,
                    help="validate every message against the protocol's JSON Schemas")


def pytest_report_header(config: pytest.Config) -> str:
    impl = config.getoption("phom_impl")
    return f"phom implementation: {impl or 'reference (in-process)'}"


@pytest.fixture(scope="session")
def phom_driver(request: pytest.FixtureRequest) -> Iterator[Driver]:
    """A started driver for the whole session: the reference, or ``--phom-impl``."""
    config = request.config
    driver = make_driver(
        config.getoption("phom_impl"),
        timeout=config.getoption("phom_timeout"),
        hello_timeout=config.getoption("phom_hello_timeout"),
        strict=config.getoption("phom_strict"),
        auto_restart=AUTO_RESTARTS,
    )
    driver.start()
    try:
        yield driver
    finally:
        driver.close()
