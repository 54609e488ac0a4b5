"""load_spec: the spec as typed frozen values, looked up by id; resolve_ruleset on top of it."""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest
from spec_helpers import MINI

from phomspec import (
    Ambiguity,
    Clause,
    Parameter,
    RulesetFile,
    Source,
    SpecError,
    load_spec,
    resolve_ruleset,
)
from phomspec.paths import spec_dir

CONTRACT = Path(__file__).resolve().parents[2] / "docs" / "clause-ids.md"


def _contract_ids() -> list[tuple[str, str]]:
    """(file, clause id) of every clause docs/clause-ids.md lists."""
    out, file = [], ""
    for line in CONTRACT.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            file = line[3:].split()[0]
        m = re.match(r"- ([A-Z0-9]+(?:\.[A-Z0-9-]+)+):", line)
        if m:
            out.append((file, m.group(1)))
    return out


def test_every_contract_clause_id_is_in_the_catalog_in_its_topic_file() -> None:
    spec = load_spec()
    ids = _contract_ids()
    assert len(ids) > 100
    for file, cid in ids:
        assert spec.has("clause", cid), f"{cid} (docs/clause-ids.md, {file}) is not in the catalog"
        assert spec.clause(cid).where.file.name == file, cid


def test_the_kit_spec_loads_into_typed_values() -> None:
    spec = load_spec()
    assert spec.root == spec_dir()
    assert all(isinstance(c, Clause) for c in spec.clauses)
    assert all(isinstance(a, Ambiguity) for a in spec.ambiguities)
    assert all(isinstance(s, Source) for s in spec.sources)
    assert all(isinstance(p, Parameter) for p in spec.parameters)
    assert sorted(r.id for r in spec.rulesets) == ["co-ban", "hoi-quan-bai", "ki-gui", "u9la"]
    assert [s.id for s in spec.sources] == ["000", "002", "003", "004"]
    clause = spec.clause("PHOM.RUN.NO-WRAP")
    assert clause.title.en and clause.title.vi and clause.rule
    assert {t.id for t in spec.topics} >= {c.topic for c in spec.clauses}


def test_every_kit_ruleset_resolves_and_agrees_with_the_readings_it_takes() -> None:
    spec = load_spec()
    for rs in spec.rulesets:
        params = spec.resolve(rs.id).params
        assert set(params) == {p.name for p in spec.parameters}
        for amb in spec.ambiguities:
            for name, value in amb.reading_for(rs.id).parameters.items():
                assert params[name] == value, (amb.id, rs.id, name)


def test_lookup_of_an_unknown_id_suggests_the_close_one() -> None:
    spec = load_spec(MINI)
    with pytest.raises(
        SpecError, match=r"unknown clause 'DEN.TAI-EATR'; did you mean DEN.TAI-EATER"
    ):
        spec.clause("DEN.TAI-EATR")
    with pytest.raises(SpecError, match="unknown ruleset 'kigui'"):
        spec.ruleset("kigui")


def test_the_small_spec_in_typed_values() -> None:
    spec = load_spec(MINI)
    amb = spec.ambiguity("AMB.DEN-TAI")
    assert amb.kind == "conflict" and [r.id for r in amb.readings] == ["yes", "no"]
    assert amb.reading_for("ki-gui").parameters == {"u_den.tai_eater": True}
    assert amb.reading_for("co-ban").id == "no"
    ki_gui = spec.ruleset("ki-gui")
    assert isinstance(ki_gui, RulesetFile) and ki_gui.extends == "co-ban"
    assert dict(ki_gui.parameters) == {"eat_penalty.chot": 3, "u_den.tai_eater": True}
    option = ki_gui.options["ki_gui"]
    assert option.default is True and option.clauses == ("SEND.ROOM-OPTION", "DEN.ROOM-OPTION")
    assert dict(option.values[False]) == {"send.enabled": False, "u_den.tai_eater": False}
    assert dict(option.values[True]) == {}
    assert spec.source("003").defines == "ki-gui"
    assert spec.source("003").sections == ("1. CÁCH CHƠI", "2. PHÂN ĐỊNH THẮNG THUA")
    assert spec.parameter("u_den.tai_eater").ambiguity == "AMB.DEN-TAI"
    assert [c.id for c in spec.clauses_for("co-ban")] == [
        "DECK.PLAYERS",
        "DECK.NOTATION",
        "SEND.ALLOWED",
        "EAT.CHOT-PRICE",
    ]
    assert spec.topic("u-den").clauses == ("EAT.CHOT-PRICE", "DEN.TAI-EATER", "DEN.ROOM-OPTION")


def test_values_are_frozen_and_their_repr_is_short() -> None:
    spec = load_spec(MINI)
    clause = spec.clause("DEN.TAI-EATER")
    with pytest.raises(dataclasses.FrozenInstanceError):
        clause.id = "X.Y"  # type: ignore[misc]
    with pytest.raises(TypeError):
        spec.ruleset("co-ban").parameters["send.enabled"] = False  # type: ignore[index]
    assert repr(clause) == "Clause(id='DEN.TAI-EATER', kind='rule', rulesets=('ki-gui',))"
    assert repr(spec.source("002")) == "Source(id='002', defines='co-ban')"


def test_resolve_ruleset_extends_options_and_readings() -> None:
    # ki-gui over co-ban: its own chốt price 3 and tai_eater true; players and send from co-ban
    assert resolve_ruleset("ki-gui", root=MINI).params == {
        "players": [2, 3, 4],
        "send.enabled": True,
        "eat_penalty.chot": 3,
        "u_den.tai_eater": True,
    }
    off = resolve_ruleset("ki-gui", options={"ki_gui": False}, root=MINI)
    assert off.options == {"ki_gui": False}
    assert (off["send.enabled"], off["u_den.tai_eater"]) == (False, False)
    read = resolve_ruleset("ki-gui", readings={"AMB.DEN-TAI": "no"}, root=MINI)
    assert read["u_den.tai_eater"] is False and read.readings == {"AMB.DEN-TAI": "no"}
    assert resolve_ruleset("co-ban", root=MINI)["eat_penalty.chot"] == 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"options": {"kigui": True}}, r"has no room option 'kigui' \(options: ki_gui\)"),
        ({"options": {"ki_gui": "yes"}}, "room option 'ki_gui' takes true or false"),
        ({"readings": {"AMB.NOPE": "yes"}}, "unknown ambiguity 'AMB.NOPE'"),
        ({"readings": {"AMB.DEN-TAI": "maybe"}}, r"has no reading 'maybe' \(readings: no, yes\)"),
    ],
)
def test_resolve_ruleset_rejects_bad_options_and_readings(kwargs: dict, message: str) -> None:
    with pytest.raises(SpecError, match=message):
        resolve_ruleset("ki-gui", root=MINI, **kwargs)


def test_resolve_ruleset_unknown_ruleset_and_cycle(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match="unknown ruleset 'nope'; known: co-ban, ki-gui"):
        resolve_ruleset("nope", root=MINI)
    root = tmp_path / "spec"
    shutil.copytree(MINI, root)
    path = root / "rulesets" / "co-ban.yaml"
    path.write_text(path.read_text("utf-8").replace("source:", "extends: ki-gui\nsource:"))
    with pytest.raises(SpecError, match="'extends' forms a cycle: ki-gui -> co-ban -> ki-gui"):
        resolve_ruleset("ki-gui", root=root)


def test_load_spec_refuses_a_spec_with_problems(tmp_path: Path) -> None:
    root = tmp_path / "spec"
    shutil.copytree(MINI, root)
    path = root / "clauses" / "send.yaml"
    path.write_text(path.read_text("utf-8").replace("rulesets: [ki-gui]", "rulesets: [kigui]"))
    with pytest.raises(SpecError) as info:
        load_spec(root)
    text = str(info.value)
    assert "has 1 problem(s); run 'phom-conformance validate'" in text
    assert re.search(r"send\.yaml:\d+: clause SEND.ROOM-OPTION: unknown ruleset 'kigui'", text)


def test_load_spec_of_a_directory_that_is_no_spec(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match="not a spec directory"):
        load_spec(tmp_path)
