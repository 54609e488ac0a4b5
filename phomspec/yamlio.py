"""Read spec files (YAML, or JSON) keeping the line of every value, so messages say file:line.

Values come back in their JSON form: mapping keys are strings (YAML ``true:`` becomes
``"true"``, ``2:`` becomes ``"2"``) and dates become ISO strings, so that JSON Schema sees
exactly what a JSON consumer of the spec would.
"""

from __future__ import annotations

import copy
import datetime
import json
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from phomspec.errors import SpecError

#: A position inside a document: mapping keys and list indexes from the top.
JsonPath = tuple[str | int, ...]


class SpecSyntaxError(SpecError):
    """A file that is not well-formed YAML or JSON; carries the file and the 1-based line."""

    def __init__(self, path: Path, line: int | None, message: str):
        self.path, self.line, self.message = path, line, message
        where = f"{path}:{line}" if line is not None else str(path)
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class Document:
    """One parsed file: its data in JSON form and the line of each value and key."""

    path: Path
    data: Any = field(repr=False)
    lines: Mapping[JsonPath, int] = field(repr=False, default_factory=dict)
    key_lines: Mapping[JsonPath, int] = field(repr=False, default_factory=dict)
    #: ``(line, key)`` of every mapping key that appears twice in its mapping.
    duplicate_keys: tuple[tuple[int, str], ...] = ()

    def line_of(self, path: Sequence[str | int], *, key: bool = False) -> int | None:
        """Line of the value at ``path`` (its key with ``key=True``), else of its nearest parent."""
        p = tuple(path)
        if key and p in self.key_lines:
            return self.key_lines[p]
        while p:
            if p in self.lines:
                return self.lines[p]
            p = p[:-1]
        return self.lines.get((), 1 if self.lines else None)


def json_key(key: Any) -> str:
    """The JSON spelling of a YAML mapping key."""
    if isinstance(key, bool):
        return "true" if key else "false"
    if key is None:
        return "null"
    return str(key)


def to_json(value: Any) -> Any:
    """``value`` as loaded from YAML, in JSON form."""
    if isinstance(value, Mapping):
        return {json_key(k): to_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_json(v) for v in value]
    if isinstance(value, datetime.date | datetime.datetime):
        return value.isoformat()
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return value


def _index(
    node: yaml.Node,
    path: JsonPath,
    lines: dict[JsonPath, int],
    key_lines: dict[JsonPath, int],
    dups: list[tuple[int, str]],
) -> None:
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else str(key_node.value)
            if key == "<<":
                continue
            if key in seen:
                dups.append((key_node.start_mark.line + 1, key))
            seen.add(key)
            key_lines.setdefault((*path, key), key_node.start_mark.line + 1)
            _index(value_node, (*path, key), lines, key_lines, dups)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _index(item, (*path, i), lines, key_lines, dups)


#: The pure-Python loader (always there) and libyaml's when PyYAML was built with it (about
#: ten times faster); both give the same nodes, marks and data.
PURE_LOADER: type[yaml.SafeLoader] = yaml.SafeLoader
FAST_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def compose(text: str, loader: type[yaml.SafeLoader] = FAST_LOADER) -> tuple[yaml.Node | None, Any]:
    """The node tree of one YAML document (its marks give the lines) and its data, as loaded;
    yaml.YAMLError when malformed."""
    instance = loader(text)
    try:
        node = instance.get_single_node()
        data = instance.construct_document(node) if node is not None else None
    finally:
        instance.dispose()
    return node, data


def _yaml_error(path: Path, e: yaml.YAMLError) -> SpecSyntaxError:
    mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
    line = mark.line + 1 if mark is not None else None
    problem = getattr(e, "problem", None) or str(e)
    context = getattr(e, "context", None)
    detail = f"{problem} ({context})" if context else problem
    return SpecSyntaxError(path, line, f"YAML syntax error: {detail}; fix the YAML at this line")


#: What parsing one text gave, by (text, JSON or not, loader): its data, lines, key lines and
#: duplicate keys. A copy of a spec re-reads files that did not change; they are not parsed again.
_Parsed = tuple[Any, Mapping[JsonPath, int], Mapping[JsonPath, int], tuple[tuple[int, str], ...]]
_PARSED: OrderedDict[tuple[str, bool, type[yaml.SafeLoader]], _Parsed] = OrderedDict()
_PARSED_LOCK = threading.Lock()
#: At most this many texts are kept (the kit's spec has about 50 files; features a few hundred),
#: and at most this many characters of them: the kit's spec, features and examples hold about
#: 0.5 million, and their parsed data takes about 13 times the memory of the text.
PARSED_MAX = 512
PARSED_CHARS = 2_000_000
_parsed_chars = 0


def fresh(value: Any) -> Any:
    """A copy of loaded ``value`` that shares nothing mutable with it (faster than deepcopy on
    mappings, lists and scalars)."""
    if type(value) is dict:
        return {k: fresh(v) for k, v in value.items()}
    if type(value) is list:
        return [fresh(v) for v in value]
    if value is None or type(value) in (str, int, float, bool):
        return value
    return copy.deepcopy(value)  # a YAML set, say: rare


def _parse(text: str, path: Path, loader: type[yaml.SafeLoader]) -> _Parsed:
    lines: dict[JsonPath, int] = {}
    key_lines: dict[JsonPath, int] = {}
    dups: list[tuple[int, str]] = []
    if path.suffix == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise SpecSyntaxError(path, e.lineno, f"JSON syntax error: {e.msg}") from None
        try:  # JSON is (nearly always) YAML: borrow the YAML parser for the lines only
            node, _ = compose(text, loader)
        except yaml.YAMLError:
            node = None
    else:
        try:
            node, raw = compose(text, loader)
        except yaml.YAMLError as e:
            raise _yaml_error(path, e) from None
        data = to_json(raw)
    if node is not None:
        _index(node, (), lines, key_lines, dups)
    return data, lines, key_lines, tuple(dups)


def _keep(key: tuple[str, bool, type[yaml.SafeLoader]], parsed: _Parsed) -> None:
    global _parsed_chars
    with _PARSED_LOCK:
        if key in _PARSED or len(key[0]) > PARSED_CHARS:
            return
        _PARSED[key] = parsed
        _parsed_chars += len(key[0])
        while len(_PARSED) > PARSED_MAX or _parsed_chars > PARSED_CHARS:
            _parsed_chars -= len(_PARSED.popitem(last=False)[0][0])


def parse_text(text: str, path: Path, loader: type[yaml.SafeLoader] = FAST_LOADER) -> Document:
    """Parse ``text`` (YAML, or JSON when ``path`` ends in .json); raise SpecSyntaxError.

    A text parsed lately is not parsed again: its Document gets fresh copies of the data and of
    the line maps, so nothing a caller changes reaches another caller (and Documents pickle).
    """
    key = (text, path.suffix == ".json", loader)
    with _PARSED_LOCK:
        parsed = _PARSED.get(key)
        if parsed is not None:
            _PARSED.move_to_end(key)
    if parsed is None:
        parsed = _parse(text, path, loader)  # a malformed text raises, and is not kept
        _keep(key, parsed)
    data, lines, key_lines, dups = parsed
    return Document(path, fresh(data), dict(lines), dict(key_lines), dups)


def read_document(path: Path) -> Document:
    """Read and parse one file; raise SpecSyntaxError (with the line) when malformed."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise SpecSyntaxError(path, None, f"not UTF-8 ({e.reason}); save it as UTF-8") from None
    except OSError as e:
        raise SpecSyntaxError(path, None, f"cannot read: {e.strerror}") from None
    return parse_text(text, path)


def load_yaml(path: Path) -> Any:
    """The data of one YAML file in JSON form; SpecSyntaxError (a SpecError) when malformed."""
    return read_document(path).data
