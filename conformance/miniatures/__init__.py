"""Miniature implementations: deliberately wrong protocol servers the suite must fail.

As Bowtie keeps for its suite, each one is wrong in one plain way (accepts everything,
refuses everything, never pays, never ends a game...). A scenario that passes on every one of
them tests nothing. Each runs as ``python -m conformance.miniatures.NAME`` (NAME the module,
e.g. ``accept_all``) and in-process (:class:`~conformance.miniatures.driver.MiniatureDriver`);
``phom-conformance miniatures`` runs the suite against all of them.
"""

from __future__ import annotations

from conformance.miniatures.accept_all import AcceptAll
from conformance.miniatures.core import Miniature
from conformance.miniatures.never_ends import NeverEnds
from conformance.miniatures.never_pays import NeverPays
from conformance.miniatures.null import Null
from conformance.miniatures.refuse_all import RefuseAll

#: Every miniature, in the order reports list them.
MINIATURES: tuple[type[Miniature], ...] = (AcceptAll, RefuseAll, NeverPays, NeverEnds, Null)
BY_ID = {m.id: m for m in MINIATURES}

__all__ = ["BY_ID", "MINIATURES", "Miniature"]
