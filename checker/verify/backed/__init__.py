"""`verify --backed` (flow: checker.app.backed): the docs' claims against the
repository's own tests that back them. A docs version's test map (as `docs-check
tests` makes it) gives the plan (`planning.py`: the cases that back the
selected APIs, by module, dealt to shards; the plan itself is
checker.model.plan, which an evidence record holds); this runner's shard of it
runs in the version's environment (`run.py`); the evidence files of a plan's
shards are merged into one record of the whole plan (`shards.py`); and each
claim is judged per product by the backing cases (`judge.py`), as a
checker.model.verdict `Verdict`."""
