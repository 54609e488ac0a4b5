"""Reports: the JSONL file is the source of truth; JUnit XML, Markdown, HTML and the terminal
summary are rendered from it (or from the same records in memory during a run)."""

from conformance.reports.jsonl import JsonlWriter, Report, ReportError, merge_reports, read_report

__all__ = ["JsonlWriter", "Report", "ReportError", "merge_reports", "read_report"]
