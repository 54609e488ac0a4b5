"""Reports: the JSONL file is the source of truth; JUnit XML, Markdown, HTML and the terminal
summary are rendered from it (or from the same records in memory during a run)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from conformance.reports.jsonl import (
        JsonlWriter,
        Report,
        ReportError,
        merge_reports,
        read_report,
    )

__all__ = ["JsonlWriter", "Report", "ReportError", "merge_reports", "read_report"]


def __getattr__(name: str) -> Any:
    # the JSONL module (and the engine it imports) loads on first use, not with the package:
    # ``run`` imports conformance.reports.paths before its implementations start
    if name in __all__:
        from conformance.reports import jsonl

        return getattr(jsonl, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
