"""The repository's own tests as evidence for the docs' claims (`docs-check
tests`): a test tree read statically with `ast`, never imported
(`modules.py`, `scopes.py`, `cases.py`), each test module's references into
torch kept per blob (`cache.py`), matched against each docs version's
documented APIs (`links.py`), the NPU disabled-test lists read
(`disabled.py`), and the supported claims judged against both (`backing.py`)."""
