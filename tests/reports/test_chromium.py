"""The HTML pages in a real browser: headless Chromium (Debian's package) renders the run
report and the arbiter's replay page, takes a screenshot, and logs no console message.

One browser serves the module's pages (tests.reports.browser), each in a tab of its own.
Skipped only where no Chromium is installed (``apt-get install chromium``; .ci/run does it).
Set PHOM_SCREENSHOTS=DIR to keep the screenshots for a person to look at.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from conformance.arbiter import arbitrate
from conformance.arbiter.html import render_html
from conformance.records import load_record
from tests.reports.browser import Browser
from tests.reports.conftest import MutantRun
from tests.reports.pngread import ink, pixels

CHROMIUM = next((p for n in ("chromium", "chromium-browser", "google-chrome")
                 if (p := shutil.which(n))), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed")
RECORDS = Path(__file__).resolve().parents[1] / "fuzz" / "records"
#: CSS pixels of the window; the screenshot is taken at half scale (quick to read back).
WIDTH, HEIGHT = 1280, 1000


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    """One Chromium, with one profile, for the module's screenshots (no test here is about a
    first start; a worker of pytest-xdist gets its own, and runs its tests one at a time)."""
    assert CHROMIUM is not None
    started = Browser(CHROMIUM, tmp_path_factory.mktemp("chromium") / "profile")
    yield started
    started.close()


def shoot(page: Path, png: Path, browser: Browser) -> list[str]:
    """Screenshot ``page`` into ``png``; return the console messages the page logged."""
    console = browser.shoot(page, png, WIDTH, HEIGHT, 0.5)
    assert png.is_file(), browser.stderr()
    return console


def _out(tmp_path: Path) -> Path:
    keep = os.environ.get("PHOM_SCREENSHOTS")
    out = Path(keep) if keep else tmp_path
    out.mkdir(parents=True, exist_ok=True)
    return out


def test_run_report_renders_full_width_without_console_errors(
        mutant_run: MutantRun, tmp_path: Path, browser: Browser) -> None:
    png = _out(tmp_path) / "run-report.png"
    console = shoot(mutant_run.html, png, browser)
    assert console == []
    width, height, _ = pixels(png)
    assert (width, height) == (WIDTH // 2, HEIGHT // 2)
    assert ink(png) > 0.05  # text, tables and the banner, not a blank page
    # the page uses the full width: the banner and the failure index reach the right edge
    assert ink(png, x0=0.85, x1=0.97, y0=0.0, y1=0.6) > 0.02


def test_arbiter_page_renders_without_console_errors(tmp_path: Path, browser: Browser) -> None:
    page = tmp_path / "replay.html"
    page.write_text(render_html(arbitrate(load_record(RECORDS / "missing-payment.yaml"))),
                    encoding="utf-8")
    png = _out(tmp_path) / "arbiter-replay.png"
    console = shoot(page, png, browser)
    assert console == []
    assert ink(png) > 0.05
    assert ink(png, y0=0.05, y1=0.3) > 0.1  # the verdict banner sits at the top


def test_the_console_check_sees_an_error(tmp_path: Path, browser: Browser) -> None:
    """The check above would catch a page that logs: a page with a script error does."""
    page = tmp_path / "broken.html"
    page.write_text('<!DOCTYPE html><title>x</title><p>x</p><script>console.error("boom");'
                    "</script>", encoding="utf-8")
    console = shoot(page, tmp_path / "broken.png", browser)
    assert any("boom" in line for line in console)
