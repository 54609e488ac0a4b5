"""JUnit XML: one testcase per scenario, for CI systems that display test results."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from conformance.outcomes import Outcome, ScenarioResult
from conformance.reports.jsonl import Report
from conformance.reports.matrix import (
    impl_title,
    profile_problems,
    profile_text,
    show_value,
    transcript_lines,
)
from conformance.reports.paths import suite_relative

_FAILURE = {Outcome.FAIL, Outcome.XPASS}
_ERROR = {Outcome.ERROR, Outcome.CRASH, Outcome.TIMEOUT, Outcome.PROTOCOL_ERROR}
_SKIPPED = {Outcome.SKIPPED, Outcome.XFAIL}


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _clean(tree: ET.Element) -> None:
    """Replace characters XML 1.0 cannot hold (an implementation's stderr may have any)."""
    for el in tree.iter():
        if el.text:
            el.text = _NOT_XML.sub("\ufffd", el.text)
        for key, value in el.attrib.items():
            el.set(key, _NOT_XML.sub("\ufffd", value))


def _details(r: ScenarioResult) -> str:
    lines = [suite_relative(r.message)]
    if r.step:
        lines.append(f"step: {suite_relative(r.step)}")
    if r.clause:
        lines.append(f"clause: {r.clause}")
    if r.outcome is Outcome.FAIL:
        lines.append(f"expected: {show_value(r.expected)}")
        lines.append(f"actual:   {show_value(r.actual)}")
    if r.replay:
        lines.append(f"replay: {r.replay}")
    if r.source:
        lines.append(f"scenario: {suite_relative(r.source)}")
    return "\n".join(line for line in lines if line)


def render_junit(report: Report) -> str:
    suites = ET.Element("testsuites", name="phom-conformance")
    title = f"phom-conformance: {impl_title(report.header)}"
    suite = ET.SubElement(suites, "testsuite", name=title)
    props = ET.SubElement(suite, "properties")
    keys = ("kit_version", "spec_version", "spec_digest", "protocol", "command", "seed", "started")
    for key in keys:
        ET.SubElement(props, "property", name=key, value=str(report.header.get(key)))
    ET.SubElement(props, "property", name="complete", value=str(report.complete).lower())
    ET.SubElement(props, "property", name="profile", value=profile_text(report.header))
    for problem in profile_problems(report.header):
        ET.SubElement(props, "property", name="profile_problem", value=problem)
    counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    total_time = 0.0
    for r in report.results:
        counts["tests"] += 1
        total_time += r.duration
        ruleset = r.rulesets[0] if r.rulesets else "any"
        case = ET.SubElement(suite, "testcase", name=r.id, classname=f"phom.{ruleset}",
                             time=f"{r.duration:.3f}")
        if r.source:
            case.set("file", suite_relative(r.source).rsplit(":", 1)[0])
        cprops = ET.SubElement(case, "properties")
        for clause in r.clauses:
            ET.SubElement(cprops, "property", name="clause", value=clause)
        for rs in r.rulesets:
            ET.SubElement(cprops, "property", name="ruleset", value=rs)
        ET.SubElement(cprops, "property", name="outcome", value=r.outcome.value)
        first = suite_relative(r.message.splitlines()[0]) if r.message else r.outcome.value
        if r.outcome in _FAILURE:
            counts["failures"] += 1
            ET.SubElement(case, "failure", message=first, type=r.outcome.value).text = _details(r)
        elif r.outcome in _ERROR:
            counts["errors"] += 1
            ET.SubElement(case, "error", message=first, type=r.outcome.value).text = _details(r)
        elif r.outcome in _SKIPPED:
            counts["skipped"] += 1
            ET.SubElement(case, "skipped", message=f"{r.outcome.value}: {first}")
        if r.transcript and r.outcome not in (Outcome.PASS, Outcome.SKIPPED):
            ET.SubElement(case, "system-out").text = suite_relative(
                "\n".join(transcript_lines(r.transcript)))
        if r.stderr_tail:
            ET.SubElement(case, "system-err").text = suite_relative(r.stderr_tail)
    if not report.complete:
        counts["tests"] += 1
        counts["errors"] += 1
        case = ET.SubElement(suite, "testcase", name="run complete", classname="phom.run", time="0")
        ET.SubElement(case, "error", message="the run was cut short", type="incomplete").text = (
            suite_relative(str(report.cut_short_reason)))
    for el in (suites, suite):
        for key, value in counts.items():
            el.set(key, str(value))
        el.set("time", f"{total_time:.3f}")
    _clean(suites)
    ET.indent(suites)
    body = ET.tostring(suites, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'


def write_junit(report: Report, path: str | Path) -> None:
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(render_junit(report), encoding="utf-8")
