"""Broken copies of the spec are rejected, each with a message that names the place and the fix.

Every test copies a spec (the kit's, then the small test spec), breaks one thing and checks
that exactly that breakage is reported at the right file and line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from spec_helpers import SpecCopy, matching


def _at(spec: SpecCopy, problem: Any, rel: str) -> bool:
    return problem.path is not None and Path(problem.path).resolve() == (spec.root / rel).resolve()


def _base_and_derived(spec: SpecCopy) -> tuple[str, str, dict[str, Any], str]:
    """(base file, derived file, derived data, base id): a ruleset extending one without extends."""
    files = spec.ruleset_files()
    by_id = {data["id"]: rel for rel, data in files.items()}
    for rel, data in files.items():
        if data.get("extends") and not files[by_id[data["extends"]]].get("extends"):
            return by_id[data["extends"]], rel, data, data["extends"]
    raise LookupError("no ruleset extends a base ruleset")


def test_unknown_key_in_a_clause(spec_copy: SpecCopy) -> None:
    rel = spec_copy.clause_files()[0]
    spec_copy.edit(rel, lambda d: d["clauses"][0].__setitem__("colour", "red"))
    problems = spec_copy.new_problems()
    found = matching(problems, "unknown key 'colour'", "remove it or fix its spelling")
    assert len(found) == 1 and _at(spec_copy, found[0], rel)
    assert found[0].line == spec_copy.line_of(rel, "colour:")
    assert len(problems) == 1


def test_unknown_key_at_top_level_of_a_ruleset(spec_copy: SpecCopy) -> None:
    rel = next(iter(spec_copy.ruleset_files()))
    spec_copy.edit(rel, lambda d: d.__setitem__("parametres", {}))
    found = matching(spec_copy.new_problems(), "unknown key 'parametres'")
    assert len(found) == 1 and found[0].line == spec_copy.line_of(rel, "parametres:")


def test_duplicate_clause_id_across_files(spec_copy: SpecCopy) -> None:
    first, second = spec_copy.clause_files()[:2]
    clause = spec_copy.load(first)["clauses"][0]
    spec_copy.edit(second, lambda d: d["clauses"].append(clause))
    found = matching(spec_copy.new_problems(), f"duplicate clause id {clause['id']!r}")
    assert len(found) == 1 and _at(spec_copy, found[0], second)
    assert f"already defined at {first}" in found[0].message.replace(str(spec_copy.root) + "/", "")


def test_duplicate_yaml_key(spec_copy: SpecCopy) -> None:
    rel = spec_copy.clause_files()[0]
    path = spec_copy.root / rel
    lines = path.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("kind:"))
    lines.insert(at + 1, lines[at])  # the same key twice in one clause
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    found = matching(spec_copy.new_problems(), "duplicate key 'kind'")
    assert len(found) == 1 and found[0].line == at + 2


def test_dangling_clause_reference_in_an_ambiguity(spec_copy: SpecCopy) -> None:
    spec_copy.edit("ambiguities.yaml", lambda d: d["ambiguities"][0]["clauses"].append("NO.SUCH"))
    found = matching(spec_copy.new_problems(), "unknown clause 'NO.SUCH'", "clauses/*.yaml")
    assert len(found) == 1 and _at(spec_copy, found[0], "ambiguities.yaml")


def test_dangling_clause_reference_in_a_parameter(spec_copy: SpecCopy) -> None:
    def change(d: dict[str, Any]) -> None:
        next(iter(d["parameters"].values()))["clause"] = "DECK.PLAYRES"

    spec_copy.edit("parameters.yaml", change)
    found = matching(spec_copy.new_problems(), "unknown clause 'DECK.PLAYRES'")
    assert len(found) == 1 and found[0].line == spec_copy.line_of("parameters.yaml", "PLAYRES")
    assert "did you mean 'DECK.PLAYERS'" in found[0].message


def test_dangling_ambiguity_reference_in_a_clause(spec_copy: SpecCopy) -> None:
    rel = spec_copy.clause_files()[0]
    spec_copy.edit(rel, lambda d: d["clauses"][0].__setitem__("ambiguities", ["AMB.NO-SUCH"]))
    found = matching(spec_copy.new_problems(), "unknown ambiguity 'AMB.NO-SUCH'")
    assert len(found) == 1 and found[0].line == spec_copy.line_of(rel, "AMB.NO-SUCH")


def test_dangling_source_and_section(spec_copy: SpecCopy) -> None:
    rel = next(r for r in spec_copy.clause_files() if spec_copy.load(r)["clauses"][0]["citations"])

    def change(d: dict[str, Any]) -> None:
        cits = d["clauses"][0]["citations"]
        cits.append({"source": "999", "section": "Anything"})
        cits.append({"source": cits[0]["source"], "section": "No such heading"})

    spec_copy.edit(rel, change)
    problems = spec_copy.new_problems()
    assert len(matching(problems, "unknown source '999'", "sources.yaml")) == 1
    section = matching(problems, "section 'No such heading'", "not one of its sections")
    assert len(section) == 1 and section[0].line == spec_copy.line_of(rel, "No such heading")


def test_unquoted_source_id_gets_a_yaml_hint(spec_copy: SpecCopy) -> None:
    path = spec_copy.root / "sources.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('id: "002"', "id: 002", 1), encoding="utf-8")
    found = matching(spec_copy.new_problems(), "expected string, got a number 2", "quote it")
    assert len(found) == 1 and found[0].line == spec_copy.line_of("sources.yaml", "id: 002")


def test_dangling_ruleset_reference(spec_copy: SpecCopy) -> None:
    rel = spec_copy.clause_files()[0]
    spec_copy.edit(rel, lambda d: d["clauses"][0]["rulesets"].append("no-such-house"))

    def drop_ruleset(d: dict[str, Any]) -> None:
        amb = d["ambiguities"][0]
        amb["rulesets"]["elsewhere"] = next(iter(amb["rulesets"].values()))

    spec_copy.edit("ambiguities.yaml", drop_ruleset)
    problems = spec_copy.new_problems()
    assert len(matching(problems, "unknown ruleset 'no-such-house'")) == 1
    found = matching(problems, "unknown ruleset 'elsewhere'")
    assert len(found) == 1 and found[0].line == spec_copy.line_of("ambiguities.yaml", "elsewhere")


def test_bad_card_code_in_an_example(spec_copy: SpecCopy) -> None:
    rel = spec_copy.clause_files()[-1]
    spec_copy.edit(rel, lambda d: d["clauses"][0].__setitem__("examples", ["7S 8S 9S; then 1S"]))
    found = matching(spec_copy.new_problems(), "'1S' looks like a card code")
    assert len(found) == 1 and found[0].line == spec_copy.line_of(rel, "then 1S")
    assert not matching(spec_copy.new_problems(), "'7S' looks like a card code")


def test_yaml_syntax_error_names_the_line(spec_copy: SpecCopy) -> None:
    rel = spec_copy.clause_files()[0]
    path = spec_copy.root / rel
    lines = path.read_text(encoding="utf-8").splitlines()
    lines.insert(3, "  - id: [unclosed")  # line 4
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    found = matching(spec_copy.new_problems(), "YAML syntax error")
    assert len(found) == 1 and _at(spec_copy, found[0], rel)
    assert found[0].line is not None and 4 <= found[0].line <= 5


def test_ruleset_missing_a_parameter(spec_copy: SpecCopy) -> None:
    base, derived, _, _ = _base_and_derived(spec_copy)
    name = next(iter(spec_copy.load(base)["parameters"]))
    derived_sets_it = name in spec_copy.load(derived)["parameters"]
    spec_copy.edit(base, lambda d: d["parameters"].pop(name))
    found = matching(spec_copy.new_problems(), "does not set parameter(s)", name)
    flagged = {p.path.name for p in found if p.path is not None}
    assert Path(base).name in flagged
    assert (Path(derived).name in flagged) is not derived_sets_it
    assert found[0].line == spec_copy.line_of(base, "parameters:")


def test_ruleset_parameter_of_the_wrong_type(spec_copy: SpecCopy) -> None:
    base, _, _, _ = _base_and_derived(spec_copy)
    name = next(iter(spec_copy.load(base)["parameters"]))
    spec_copy.edit(base, lambda d: d["parameters"].__setitem__(name, "many"))
    found = matching(spec_copy.new_problems(), f'parameter {name} = "many" is not valid')
    assert len(found) == 1 and found[0].line == spec_copy.line_of(base, f"{name}: many")
    assert "parameters.yaml:" in found[0].message


def test_ruleset_unknown_parameter(spec_copy: SpecCopy) -> None:
    base, _, _, _ = _base_and_derived(spec_copy)
    spec_copy.edit(base, lambda d: d["parameters"].__setitem__("send.enabeld", True))
    found = matching(spec_copy.new_problems(), "unknown parameter 'send.enabeld'")
    assert len(found) == 1 and "did you mean 'send.enabled'" in found[0].message


def test_extends_cycle(spec_copy: SpecCopy) -> None:
    base, _, derived, _ = _base_and_derived(spec_copy)
    spec_copy.edit(base, lambda d: d.__setitem__("extends", derived["id"]))
    found = matching(spec_copy.new_problems(), "'extends' forms a cycle")
    assert found and all("remove 'extends'" in p.message for p in found)
    assert any(_at(spec_copy, p, base) for p in found)


def test_extends_an_unknown_ruleset(spec_copy: SpecCopy) -> None:
    _, derived_file, _, _ = _base_and_derived(spec_copy)
    spec_copy.edit(derived_file, lambda d: d.__setitem__("extends", "nowhere"))
    found = matching(spec_copy.new_problems(), "unknown ruleset 'nowhere'")
    assert len(found) == 1 and found[0].line == spec_copy.line_of(derived_file, "extends:")


def _reading_with_parameters(spec: SpecCopy) -> tuple[int, str, str, str, Any]:
    """(ambiguity index, ruleset, reading id, parameter, value) of a reading a ruleset takes."""
    for i, amb in enumerate(spec.load("ambiguities.yaml")["ambiguities"]):
        readings = {r["id"]: r for r in amb["readings"]}
        for rid, choice in amb["rulesets"].items():
            params = readings[choice["reading"]].get("parameters") or {}
            for name, value in params.items():
                if isinstance(value, bool):
                    return i, rid, choice["reading"], name, value
    raise LookupError("no reading sets a boolean parameter")


def test_reading_parameters_disagree_with_the_ruleset(spec_copy: SpecCopy) -> None:
    i, rid, reading, name, value = _reading_with_parameters(spec_copy)

    def flip(d: dict[str, Any]) -> None:
        target = next(r for r in d["ambiguities"][i]["readings"] if r["id"] == reading)
        target["parameters"][name] = not value

    spec_copy.edit("ambiguities.yaml", flip)
    amb_id = spec_copy.load("ambiguities.yaml")["ambiguities"][i]["id"]
    found = matching(
        spec_copy.new_problems(), f"ambiguity {amb_id}: ruleset {rid} takes reading {reading!r}"
    )
    assert found and all(
        "make the reading, its parameters and the ruleset agree" in p.message for p in found
    )
    assert all(f"{name} = {str(value).lower()}" in p.message for p in found)


def test_ambiguity_without_a_reading_for_a_ruleset(spec_copy: SpecCopy) -> None:
    rid = next(iter(spec_copy.load("ambiguities.yaml")["ambiguities"][0]["rulesets"]))
    spec_copy.edit("ambiguities.yaml", lambda d: d["ambiguities"][0]["rulesets"].pop(rid))
    found = matching(spec_copy.new_problems(), "gives no reading for ruleset(s)", rid)
    assert len(found) == 1


def test_ambiguity_naming_a_reading_it_does_not_have(spec_copy: SpecCopy) -> None:
    def change(d: dict[str, Any]) -> None:
        next(iter(d["ambiguities"][0]["rulesets"].values()))["reading"] = "maybe"

    spec_copy.edit("ambiguities.yaml", change)
    found = matching(spec_copy.new_problems(), "takes reading 'maybe'", "not one of its readings")
    assert len(found) == 1


def test_room_option_value_of_the_wrong_type(spec_copy: SpecCopy) -> None:
    rel, data = next((r, d) for r, d in spec_copy.ruleset_files().items() if d.get("options"))
    option = next(iter(data["options"]))
    spec_copy.edit(
        rel, lambda d: d["options"][option]["values"][False].__setitem__("send.enabled", "off")
    )
    found = matching(spec_copy.new_problems(), f"option {option}=false", "send.enabled")
    assert len(found) == 1 and "expected boolean" in found[0].message


def test_a_file_in_a_spec_is_checked_in_context_and_alone_reports_only_itself(
    spec_copy: SpecCopy,
) -> None:
    from phomspec.validate import validate_paths

    rel = spec_copy.clause_files()[0]
    spec_copy.edit(rel, lambda d: d["clauses"][0]["rulesets"].append("no-such-house"))
    spec_copy.edit("ambiguities.yaml", lambda d: d["ambiguities"][0]["clauses"].append("NO.SUCH"))
    only = validate_paths([spec_copy.root / rel])
    assert matching(only, "unknown ruleset 'no-such-house'")
    assert all(_at(spec_copy, p, rel) for p in only)
