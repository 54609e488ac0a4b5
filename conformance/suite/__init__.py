"""The conformance suite: scenarios of the feature files and fixture cases, and how they play.

Modules, bottom up (each imports only those above it in this list):

- ``model``: plain data (RawStep, RawCase, NamedDeal, NamedScript, FixtureIndex, Step,
  Scenario) and StepError; imports nothing of the kit;
- ``cards``: card codes of steps, deal checks (check_deal, fill_deal), misplaced_cards;
- ``support``: what a hello rules out, the readings and game id of new_game;
- ``play``: Setup, Play, Transcript and run_scenario, the API the steps use;
- ``steps``: the step library (registry, grammar, common helpers, Given/When/Then, bdd);
- ``tags``, ``feature_file`` (Gherkin -> RawCase), ``fixture_case`` (a YAML case -> RawCase),
  ``compiler`` (RawCase -> Scenario), ``fixture_file`` (fixture files: load, index,
  validate), ``discover`` (load_scenarios).
"""
