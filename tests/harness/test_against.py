"""``bench --against`` and ``speed --against`` take the other revision in one form: a git
revision (checked out for the command, then removed) or a checkout directory."""

from __future__ import annotations

from pathlib import Path

import click
import pytest

from conformance.commands.options import HERE, git, other_tree


def test_a_directory_is_used_as_it_is(tmp_path: Path) -> None:
    with other_tree(str(HERE)) as (root, commit):
        assert root == HERE.resolve()
        assert commit == git(HERE, "rev-parse", "HEAD")
    with other_tree(str(tmp_path)) as (root, commit):  # not a git checkout
        assert root == tmp_path.resolve() and commit == ""


def test_a_revision_is_checked_out_then_removed() -> None:
    with other_tree("HEAD") as (root, commit):
        assert (root / "conformance" / "cli.py").is_file()
        assert commit == git(HERE, "rev-parse", "HEAD")
        assert git(root, "rev-parse", "HEAD") == commit
    assert not root.exists()
    assert str(root) not in git(HERE, "worktree", "list")


def test_neither_is_one_clear_error() -> None:
    with (pytest.raises(click.BadParameter, match="no directory and no git revision"),
          other_tree("no-such-revision-or-directory")):
        pass
