"""The reports of a run against a rule mutant start with what failed (issue 10 item 1).

Every figure is taken from the run's own JSONL report: which scenarios failed, in which
order, under which clause.
"""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

from conformance.reports.markdown import MAX_LINES, MAX_LISTED
from tests.reports.conftest import MutantRun

ROOT = Path(__file__).resolve().parents[2]
ATTENTION = ("fail", "xpass", "crash", "timeout", "protocol_error", "error")


class Links(HTMLParser):
    """Element ids, and the ``#fragment`` links inside each top-level section."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: dict[str, str] = {}  # id -> tag
        self.links: dict[str, list[str]] = {}  # section id -> fragments
        self.section: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids[str(a["id"])] = tag
        if tag == "section":
            self.section = a.get("id")
        href = a.get("href") or ""
        if tag == "a" and href.startswith("#"):
            self.links.setdefault(self.section or "header", []).append(href[1:])

    def handle_endtag(self, tag: str) -> None:
        if tag == "section":
            self.section = None


def attention(run: MutantRun) -> list[dict[str, object]]:
    bad = [r for r in run.records() if r["outcome"] in ATTENTION]
    return sorted(bad, key=lambda r: ATTENTION.index(str(r["outcome"])))


def test_the_mutant_fails_more_scenarios_than_the_summary_lists(mutant_run: MutantRun) -> None:
    assert len(attention(mutant_run)) > MAX_LISTED  # so the cap below is exercised


def test_markdown_is_short_and_names_the_first_failure_early(mutant_run: MutantRun) -> None:
    lines = mutant_run.markdown.read_text(encoding="utf-8").splitlines()
    bad = attention(mutant_run)
    first = bad[0]
    assert len(lines) <= MAX_LINES
    head = "\n".join(lines[:40])
    assert f"`{first['id']}`" in head and str(first["clause"]) in head
    rows = [line for line in lines if re.match(r"\| \d+ \| `", line)]
    assert len(rows) == MAX_LISTED
    assert f"… and {len(bad) - MAX_LISTED} more" in "\n".join(lines)
    # failures come before any clause table or detail
    assert lines.index(next(line for line in lines if line.startswith("### Failures"))) < 20


def test_html_links_every_failure_from_the_top_and_from_the_matrix(
        mutant_run: MutantRun) -> None:
    page = Links()
    page.feed(mutant_run.html.read_text(encoding="utf-8"))
    anchors = [i for i, tag in page.ids.items() if tag == "article"]
    assert len(anchors) == len(attention(mutant_run))
    from_top = set(page.links["failures"][: 2 * len(anchors)])  # the index table
    assert set(anchors) <= from_top
    assert set(anchors) <= set(page.links["matrix"])
    assert all(link in page.ids for links in page.links.values() for link in links)
    # the header comes first and names the first failure
    html = mutant_run.html.read_text(encoding="utf-8")
    first = attention(mutant_run)[0]
    assert html.index("conformance</th>") < html.index('id="failures"') < html.index('id="matrix"')
    assert html.index(f'href="#{anchors[0]}"') < html.index('id="failures"')
    assert str(first["id"]) in html[: html.index('id="failures"')]


def test_html_failure_shows_step_clause_expected_and_got(mutant_run: MutantRun) -> None:
    html = mutant_run.html.read_text(encoding="utf-8")
    first = attention(mutant_run)[0]
    article = html[html.index("<article"): html.index("</article>")]
    step_text = str(first["step"]).split(": ", 1)[1]
    assert "failing step" in article and step_text.rstrip(":") in article.replace("&#34;", '"')
    assert f'<dd class="mono">{first["clause"]}' in article
    assert '<div class="exp"><h4>expected</h4>' in article and "<h4>got</h4>" in article
    assert '<ol class="steps">' in article and "fails here" in article


def test_no_report_shows_an_absolute_or_site_packages_path(mutant_run: MutantRun) -> None:
    texts = {p.name: p.read_text(encoding="utf-8") for p in
             (mutant_run.jsonl, mutant_run.markdown, mutant_run.html, mutant_run.junit)}
    texts["terminal"] = mutant_run.terminal
    for name, text in texts.items():
        # the header keeps the command as typed (it must stay runnable), whatever python ran it
        text = text.replace(sys.executable, "python3")
        assert "site-packages" not in text, name
        assert str(ROOT) + "/" not in text, name
        assert "/features/" not in text, name  # only ever "features/...", relative
    assert '"source": "features/' in texts["run.jsonl"].replace('":"', '": "')


def test_terminal_names_scenario_with_ruleset_and_the_step_clause(mutant_run: MutantRun) -> None:
    out = mutant_run.terminal
    first = attention(mutant_run)[0]
    line = next(x for x in out.splitlines() if str(first["id"]) in x)
    assert re.search(r"\[[a-z0-9-]+\]", line)  # the [ruleset] is kept
    assert str(first["clause"]) in line
    assert "::" not in out
    assert ".feature:" not in out and ".yaml:" not in out  # no paths at all
