"""docs-check: consistency checker for the torch-npu API support docs."""

import gc

# The project's one version (pyproject.toml reads it from here). A release is
# tagged v<version>; CHANGELOG.md says what each release holds.
__version__ = "0.2.0"

# A run builds one model of some hundred thousand small objects that live to
# its end and hold no reference cycles, and its modules as many as they are
# imported; at the default thresholds the cycle collector walks them over and
# over (a quarter of a warm corpus run; 25 times, 4 ms of a one-page lint,
# while the command line's modules are imported). So the thresholds are
# raised here, where the first of them is imported. Collections still happen,
# just less often. Worker processes inherit this.
gc.set_threshold(100_000, 50, 100)
