"""load_scenarios: the suite loads, ids are unique, tags are parsed, bad files are rejected
with file:line and what to do."""

from __future__ import annotations

import os
import pickle
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from conformance.errors import ScenarioError
from conformance.suite import cache, discover
from conformance.suite.discover import load_scenarios
from conformance.suite.steps import REGISTRY
from phomspec import list_rulesets
from phomspec.paths import installed_version
from tests.shared import kit_suite

DEAL = """\
    Given a 4-player game
    And seat 0 holds 9C AC KS 2D 7H KC 5C 10H QH 4H
    And seat 1 holds 10C JC 9S 9D 2C 3C JS QS 6D
    And seat 2 holds 7C 8C 4D 5D AS 5H 2S 10S 8H
    And seat 3 holds 5S KD 6C 8D AH JH 7S QC QD
"""


def feature(tmp_path: Path, body: str, name: str = "t.feature") -> Path:
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return path


def test_the_suite_loads_with_unique_ids() -> None:
    scenarios = kit_suite()  # load_scenarios(), once per test process
    ids = Counter(s.id for s in scenarios)
    assert [i for i, n in ids.items() if n > 1] == []
    bases = {s.base_id for s in scenarios}
    assert len(bases) > 150
    for s in scenarios:
        assert s.clauses, s.id
        assert s.ruleset in list_rulesets(), s.id
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*(\[[a-z0-9-]+\])?", s.id), s.id


def test_every_scenario_of_a_file_is_run_somewhere() -> None:
    """A scenario whose table size no ruleset allows would silently never run."""
    scenarios = kit_suite()
    ran = {s.base_id for s in scenarios}
    for path in sorted(Path("features").glob("*.feature")):
        for found in re.findall(r"@id:([a-z0-9-]+)", path.read_text(encoding="utf-8")):
            assert found in ran, f"{path}: scenario {found} never runs"


def test_tags_are_parsed(tmp_path: Path) -> None:
    path = feature(
        tmp_path,
        f"""\
@ruleset:all @topic-words
Feature: tags
  @id:sample-one @clause:TURN.EAT.MAKES-PHOM @clause:PHOM.RUN @negative
  @reading:AMB.EAT-COUNT=per-victim @source:004 @worked-example
  Scenario: one
{DEAL}    When seat 0 discards 9C
    Then seat 1 may eat 9C with 10C JC

  @id:sample-two @ruleset:hoi-quan-bai @clause:TURN.ORDER
  Scenario: two
{DEAL}    Then it is seat 0's turn
""",
    )
    scenarios = load_scenarios([path])
    one = [s for s in scenarios if s.base_id == "sample-one"]
    assert sorted(s.id for s in one) == [f"sample-one[{r}]" for r in sorted(list_rulesets())]
    s = one[0]
    assert s.clauses == ("TURN.EAT.MAKES-PHOM", "PHOM.RUN")
    assert s.negative is True
    assert s.readings == (("AMB.EAT-COUNT", "per-victim"),)
    assert "@worked-example" in s.tags and "@topic-words" in s.tags
    assert s.source == str(path) and s.line == 5
    assert s.players == 4
    assert [st.text for st in s.steps][-1] == "seat 1 may eat 9C with 10C JC"
    two = [s for s in scenarios if s.base_id == "sample-two"]
    # a scenario's own @ruleset replaces the feature's; one ruleset: no suffix
    assert [x.id for x in two] == ["sample-two"]
    assert two[0].rulesets == ("hoi-quan-bai",)
    assert two[0].negative is False


def test_ruleset_filter(tmp_path: Path) -> None:
    path = feature(
        tmp_path,
        f"""\
Feature: filter
  @id:only-all @ruleset:all @clause:TURN.ORDER
  Scenario: one
{DEAL}    Then it is seat 0's turn
""",
    )
    assert [s.id for s in load_scenarios([path], rulesets=["co-ban"])] == ["only-all[co-ban]"]
    with pytest.raises(ScenarioError, match="unknown ruleset 'nope'"):
        load_scenarios([path], rulesets=["nope"])


def test_a_fixture_case_becomes_a_scenario(tmp_path: Path) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(
        """\
cases:
  - id: fixture-case
    name: a fixture case
    clauses: [TURN.EAT.MAKES-PHOM]
    rulesets: [co-ban]
    negative: true
    deal:
      hands:
        - [9C, AC, KS, 2D, 7H, KC, 5C, 10H, QH, 4H]
        - [10C, JC, 9S, 9D, 2C, 3C, JS, QS, 6D]
        - [7C, 8C, 4D, 5D, AS, 5H, 2S, 10S, 8H]
        - [5S, KD, 6C, 8D, AH, JH, 7S, QC, QD]
      stock: [4S, 6H, 3D, 2H, AD, 3S, JD, 3H, 8S, 9H, KH, 6S, 10D, 7D, 4C]
    script:
      - seat 0 discards 9C
      - {do: "seat 1 eats 9C with 10C QS", expect: {rejected: EAT_NOT_A_PHOM}}
      - {legal: {seat: 1, actions: [draw, eat 9C with 10C JC, eat 9C with 9S 9D]}}
""",
        encoding="utf-8",
    )
    [s] = load_scenarios([path])
    assert s.id == "fixture-case" and s.negative
    assert [st.kind for st in s.steps][-2:] == ["then", "then"]
    assert s.steps[-1].text == "the legal actions of seat 1 are:"


# -- malformed files: one clear message with file:line ---------------------------------------


HEAD = "Feature: x\n  @id:a @ruleset:all @clause:TURN.ORDER\n"
A = HEAD + "  Scenario: a\n"
G4 = "    Given a 4-player game\n"
S0 = "    And seat 0 holds 9C AC KS 2D 7H KC 5C 10H QH 4H\n"

MALFORMED = [
    (
        "unknown step",
        f"{A}{DEAL}    Then seat 1 dances\n",
        9,
        "unknown Then step 'seat 1 dances'",
    ),
    (
        "bad card code",
        A + G4 + "    And seat 0 holds 9C 1S KS 2D 7H KC 5C 10H QH 4H\n",
        5,
        "bad card code '1S'",
    ),
    (
        "card dealt twice",
        A + G4 + S0 + "    And seat 1 holds 9C JC 9S 9D 2C 3C JS QS 6D\n",
        6,
        "card 9C is dealt twice",
    ),
    (
        "unknown ruleset tag",
        f"Feature: x\n  @id:a @ruleset:tien-len @clause:TURN.ORDER\n  Scenario: a\n{DEAL}",
        3,
        "unknown ruleset 'tien-len'",
    ),
    (
        "no id",
        f"Feature: x\n  @ruleset:all @clause:TURN.ORDER\n  Scenario: a\n{DEAL}",
        3,
        "has no @id",
    ),
    (
        "no clause",
        f"Feature: x\n  @id:a @ruleset:all\n  Scenario: a\n{DEAL}",
        3,
        "names no @clause",
    ),
    (
        "id used twice",
        f"{A}{DEAL}  @id:a @ruleset:all @clause:TURN.ORDER\n  Scenario: b\n{DEAL}",
        10,
        "scenario id 'a' is already used",
    ),
    (
        "Given after When",
        f"{A}{DEAL}    When seat 0 discards 9C\n    Given seat 2 goes first\n",
        10,
        "a Given step after a When or Then step",
    ),
    (
        "Gherkin syntax",
        "Feature: x\n  Scenario: a\n    Given a 4-player game\n  Oops no keyword\n",
        4,
        "Gherkin syntax",
    ),
    (
        "outline",
        HEAD + "  Scenario Outline: a\n    Given a <n>-player game\n"
        "    Examples:\n      | n |\n      | 4 |\n",
        3,
        "Scenario Outline",
    ),
    (
        "unknown deal",
        A + '    Given the deal "fx-none"\n',
        4,
        "no deal named 'fx-none'",
    ),
    (
        "unknown tag kind",
        f"Feature: x\n  @id:a @rulset:all @clause:TURN.ORDER\n  Scenario: a\n{DEAL}",
        3,
        "unknown tag kind 'rulset'",
    ),
    (
        "missing hands",
        A + G4 + S0,
        5,
        "holds 0 cards",
    ),
]


@pytest.mark.parametrize(
    ("text", "line", "message"), [m[1:] for m in MALFORMED], ids=[m[0] for m in MALFORMED]
)
def test_malformed_feature_names_file_and_line(
    tmp_path: Path, text: str, line: int, message: str
) -> None:
    path = feature(tmp_path, text)
    with pytest.raises(ScenarioError) as err:
        load_scenarios([path])
    assert str(err.value).startswith(f"{path}:{line}:"), str(err.value)
    assert message in str(err.value)


def test_malformed_fixture_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("cases:\n  - id: x\n    name: [unclosed\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match=rf"^{re.escape(str(path))}:\d+: YAML syntax error"):
        load_scenarios([path])
    path.write_text(
        "cases:\n  - id: x\n    name: n\n    clauses: [TURN.ORDER]\n    rulesets: [all]\n"
        "    deal: fx-nowhere\n    script: []\n",
        encoding="utf-8",
    )
    with pytest.raises(
        ScenarioError, match=rf"^{re.escape(str(path))}:6: no deal named 'fx-nowhere'"
    ):
        load_scenarios([path])


def test_option_needs_a_ruleset_that_has_it(tmp_path: Path) -> None:
    path = feature(
        tmp_path,
        f"""\
Feature: x
  @id:a @ruleset:all @clause:SEND.ROOM-OPTION
  Scenario: a
    Given the room option ki_gui is off
{DEAL}""",
    )
    with pytest.raises(ScenarioError, match="has no room option 'ki_gui'"):
        load_scenarios([path])


# -- the suite cache (conformance.suite.cache) ---------------------------------------------------

ONE = """\
Feature: cached
  @id:cached-one @ruleset:co-ban @clause:TURN.ORDER
  Scenario: {name}
{deal}    Then it is seat 0's turn
"""


@pytest.fixture
def suite_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The cache's own directory; a test turns the cache on with :func:`_on` (it is off
    under pytest, and pytest sets $PYTEST_CURRENT_TEST again when the test itself runs)."""
    where = tmp_path / "cache"
    monkeypatch.delenv(cache.ENV_SWITCH, raising=False)
    monkeypatch.setenv(cache.ENV_DIR, str(where))
    return where


def _on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYTEST_CURRENT_TEST", raising=False)
    assert cache.cache_dir() is not None


def _entries(where: Path) -> list[Path]:
    return sorted(where.glob("suite-*.pickle"))


def test_the_cache_is_off_under_pytest(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(cache.ENV_DIR, str(tmp_path))
    assert os.environ.get("PYTEST_CURRENT_TEST")
    assert cache.cache_dir() is None
    monkeypatch.delenv("PYTEST_CURRENT_TEST")
    assert cache.cache_dir() == tmp_path
    for off in ("0", "off", "no"):
        monkeypatch.setenv(cache.ENV_SWITCH, off)
        assert cache.cache_dir() is None


def test_a_step_definition_pickles_as_itself() -> None:
    for definition in REGISTRY:
        assert pickle.loads(pickle.dumps(definition)) is definition


def test_a_cached_load_is_the_load(suite_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _on(monkeypatch)
    fresh = list(kit_suite())  # the plain load_scenarios() of this test process
    assert load_scenarios(cached=True) == fresh  # a miss: loaded, then kept
    [entry] = _entries(suite_cache)

    def no_load(*args: object) -> list[object]:
        raise AssertionError("loaded again although nothing changed")

    monkeypatch.setattr(discover, "_load", no_load)
    kept = load_scenarios(cached=True)  # a hit
    assert kept == fresh
    from conformance.suite import support

    readings = support.ruleset_readings()
    monkeypatch.setattr(support, "_readings", None)
    monkeypatch.setattr(support, "load_yaml", no_load)
    assert load_scenarios(cached=True) == fresh  # and the spec's readings come with it
    assert support.ruleset_readings() == readings
    assert [[(st.text, st.args, st.definition) for st in s.steps] for s in kept] == [
        [(st.text, st.args, st.definition) for st in s.steps] for s in fresh]
    assert [s.fixtures for s in kept] == [s.fixtures for s in fresh]
    assert _entries(suite_cache) == [entry]


def test_an_edited_input_is_loaded_again(suite_cache: Path, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    _on(monkeypatch)
    path = feature(tmp_path, ONE.format(name="before", deal=DEAL))
    assert [s.name for s in load_scenarios([path], cached=True)] == ["before"]
    path.write_text(ONE.format(name="after", deal=DEAL), encoding="utf-8")
    assert [s.name for s in load_scenarios([path], cached=True)] == ["after"]
    assert len(_entries(suite_cache)) == 2
    # the arguments are part of the key too
    assert load_scenarios([path], rulesets=["u9la"], cached=True) == []
    # and so is the file's name as given: a scenario's source is written that way
    monkeypatch.chdir(tmp_path)
    assert [s.source for s in load_scenarios([Path("t.feature")], cached=True)] == ["t.feature"]
    assert [s.source for s in load_scenarios([path], cached=True)] == [str(path)]


def test_a_failed_load_is_not_kept(suite_cache: Path, tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    _on(monkeypatch)
    path = feature(tmp_path, ONE.format(name="bad", deal="    Given seat 9 holds 2C\n"))
    for _ in range(2):
        with pytest.raises(ScenarioError, match=r"t\.feature:\d+"):
            load_scenarios([path], cached=True)
    assert _entries(suite_cache) == []


def test_a_damaged_or_deleted_entry_is_a_miss(suite_cache: Path, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    _on(monkeypatch)
    path = feature(tmp_path, ONE.format(name="kept", deal=DEAL))
    first = load_scenarios([path], cached=True)
    [entry] = _entries(suite_cache)
    entry.write_bytes(b"not a pickle")
    assert load_scenarios([path], cached=True) == first  # loaded again, and kept again
    from conformance.suite.support import ruleset_readings

    assert pickle.loads(entry.read_bytes()) == (first, ruleset_readings())
    shutil.rmtree(suite_cache)
    assert load_scenarios([path], cached=True) == first


def test_the_cache_keeps_few_entries(suite_cache: Path, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    _on(monkeypatch)
    path = feature(tmp_path, ONE.format(name="n0", deal=DEAL))
    for n in range(cache.MAX_ENTRIES + 3):
        path.write_text(ONE.format(name=f"n{n}", deal=DEAL), encoding="utf-8")
        assert [s.name for s in load_scenarios([path], cached=True)] == [f"n{n}"]
    assert len(_entries(suite_cache)) == cache.MAX_ENTRIES


def test_the_key_reads_versions_and_places_as_importlib_and_pathlib_do(tmp_path: Path) -> None:
    from importlib import metadata

    for dist in ("gherkin-official", "PyYAML", "phom-conformance"):
        assert installed_version(dist) == metadata.version(dist)
    assert installed_version("no-such-distribution-here") == "-"
    real = tmp_path / "real"
    (real / "sub").mkdir(parents=True)
    (real / "sub" / "a.feature").write_text("", encoding="utf-8")
    (tmp_path / "linked").symlink_to(real, target_is_directory=True)
    (real / "b.feature").symlink_to(real / "sub" / "a.feature")
    dirs: dict[Path, Path] = {}
    for path in (tmp_path / "linked" / "sub" / "a.feature", real / "b.feature",
                 tmp_path / "linked" / "b.feature", real / "sub" / ".." / "sub" / "a.feature",
                 real / "missing.feature"):
        assert cache.resolved(path, dirs) == path.resolve(), path
