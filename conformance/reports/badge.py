"""A shields.io endpoint badge (``{"schemaVersion": 1, "label", "message", "color"}``).

Publish the file anywhere shields.io can fetch it and point a badge at it:
``https://img.shields.io/endpoint?url=<where the file is served>``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conformance.outcomes import Outcome
from conformance.reports.jsonl import Report
from conformance.reports.matrix import percent, verdict

LABEL = "phỏm conformance"


def badge(report: Report) -> dict[str, Any]:
    """The badge of a report: the share of judged scenarios that passed, coloured by the
    verdict (green conformant, red failures, grey cut short or nothing tested)."""
    t = report.totals
    judged = len(report.results) - t[Outcome.SKIPPED.value]
    passed = t[Outcome.PASS.value]
    phrase = verdict(report.results, report.complete)
    if phrase == "conformant":
        message, color = f"conformant ({passed}/{judged})", "brightgreen"
    elif phrase == "not conformant":
        share = 100.0 * passed / judged if judged else None
        message, color = f"{percent(share).replace(' ', '')} ({passed}/{judged})", "red"
    else:
        message, color = phrase, "lightgrey"
    return {"schemaVersion": 1, "label": LABEL, "message": message, "color": color}


def write_badge(report: Report, path: str | Path) -> None:
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps(badge(report), ensure_ascii=False) + "\n", encoding="utf-8")
