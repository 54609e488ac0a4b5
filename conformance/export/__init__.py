"""The suite as plain data: every scenario, expanded per ruleset, as one JSON file of the
requests to send and the checks on the replies (``phom-conformance export DIR``,
docs/export.md, spec/schemas/export.schema.json).

Modules: ``recorder`` (a scenario played into ops), ``translate`` with ``translate_table``
and ``translate_outcome`` (each Then step's checks), ``document`` (one scenario's file and
the manifest).
"""

from conformance.export import translate as translate
from conformance.export import translate_outcome as translate_outcome
from conformance.export import translate_table as translate_table
