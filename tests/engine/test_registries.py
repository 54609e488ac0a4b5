"""The engine's registries made from the spec: the parameters (spec/parameters.yaml) and the
reason codes (spec/reasons.yaml); and the data-only game state and its copy."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from phomspec import SpecError, list_rulesets
from phomspec.paths import spec_dir
from phomspec.reasons import Reason
from phomspec.yamlio import load_yaml
from reference_impl import Deal, Game, load_ruleset, params
from reference_impl.params import Params, field_name, params_of
from reference_impl.rulings import reject
from tests.shared import kit_spec

from .helpers import new_game, play

ENGINE = Path(params.__file__).resolve().parent


# -- parameters ---------------------------------------------------------------------------


def test_params_have_every_parameter_of_the_spec_by_its_dotted_name() -> None:
    names = list(load_yaml(spec_dir() / "parameters.yaml")["parameters"])
    assert list(params.NAMES) == names
    for rid in list_rulesets():
        rs = load_ruleset(rid)
        p = params_of(rs)
        for name in names:
            assert p[name] == getattr(p, field_name(name))
            value = rs.params[name]
            if isinstance(value, list):
                assert p[name] == tuple(value)
            elif not isinstance(value, dict):
                assert p[name] == value
        assert p.eat_penalty_by_count == tuple(rs.params["eat_penalty.by_count"])
        assert dict(p.money_rank_payments) == {
            k: tuple(v) for k, v in rs.params["money.rank_payments"].items()
        }


def test_params_are_read_only_and_replace_makes_a_copy() -> None:
    p = params_of(load_ruleset("hoi-quan-bai"))
    with pytest.raises(AttributeError):
        p.money_mom_payment = 3
    q = p.replace({"money.mom_payment": 3})
    assert q.money_mom_payment == 3 and p.money_mom_payment != 3
    assert q != p and p.replace({}) == p
    with pytest.raises(SpecError, match=r"unknown money\.nothing"):
        p.replace({"money.nothing": 1})


def test_params_are_made_once_per_resolved_ruleset_and_the_cache_is_bounded() -> None:
    rs = load_ruleset("co-ban")
    assert params_of(rs) is params_of(rs)
    assert Game(rs, Deal.shuffled(1)).st.p is params_of(rs)
    for _ in range(3 * params._CACHE_SIZE):
        params_of(load_ruleset("co-ban"))
    assert len(params._CACHE) <= params._CACHE_SIZE


def _hands() -> list[str]:
    return [
        "AS 2S 3S 5C 7C 9C JD KD 4H 6H",
        "AC 2C 3C 5D 7D 9D JH KH 4S",
        "AD 2D 3D 5H 7H 9H JS KS 4C",
        "AH 2H 3H 5S 7S 9S JC KC 4D",
    ]


def test_params_fields_are_the_spec_parameters() -> None:
    assert set(Params.__slots__) == {field_name(n) for n in params.NAMES}


# -- reason codes -------------------------------------------------------------------------


def test_the_reason_enum_is_the_spec_file() -> None:
    data = load_yaml(spec_dir() / "reasons.yaml")["reasons"]
    assert [r.value for r in Reason] == list(data)
    for r in Reason:
        assert r.clause == data[r.value]["clause"]
        assert r.also == tuple(data[r.value].get("also", ()))
    spec = kit_spec()
    assert [c.code for c in spec.reasons] == [r.value for r in Reason]
    for r in Reason:
        for clause in r.clauses:
            assert spec.has("clause", clause), (r, clause)


def test_reject_takes_only_registry_members() -> None:
    with pytest.raises(TypeError, match=r"spec/reasons\.yaml"):
        reject("NOT_YOUR_TURN", "TURN.NOT-YOUR-TURN", "x")  # type: ignore[arg-type]
    r = reject(Reason.NOT_YOUR_TURN, "TURN.NOT-YOUR-TURN", "seat 1 is to act")
    assert r.to_json()["reason"] == "NOT_YOUR_TURN" and type(r.to_json()["reason"]) is str


def _rejections() -> list[tuple[str, str | None, str]]:
    """(code, clause when written as a literal, file:line) of every reject(...) in the engine."""
    out = []
    for path in sorted(ENGINE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "reject":
                code, clause = node.args[0], node.args[1]
                if isinstance(code, ast.Attribute):
                    literal = clause.value if isinstance(clause, ast.Constant) else None
                    out.append((code.attr, literal, f"{path.name}:{node.lineno}"))
    return out


def test_every_rejection_of_the_engine_names_a_registered_clause() -> None:
    found = _rejections()
    assert len(found) > 40
    for code, clause, where in found:
        if clause is not None:
            assert clause in Reason[code].clauses, (where, code, clause)


def test_every_code_but_the_reserved_ones_is_given_by_the_engine() -> None:
    given = {code for code, _, _ in _rejections()}
    given |= {"LAY_DOWN_NOT_FINAL_ROUND", "SEND_NOT_FINAL_ROUND"}  # passed to a helper
    for r in Reason:
        assert (r.value in given) != r.reserved, r


# -- the state ----------------------------------------------------------------------------


def test_a_copy_shares_nothing_that_changes() -> None:
    g = new_game("co-ban", _hands())
    play(g, "0: discard KD")
    c = g.copy()
    before = g.state()
    play(c, "1: draw\n1: discard 4S")
    assert g.state() == before
    assert c.state() != before
    for name in ("hands", "piles", "laid", "money", "events", "payments"):
        assert getattr(c.st, name) is not getattr(g.st, name), name
    assert c.st.p is g.st.p and c.st.rs is g.st.rs
