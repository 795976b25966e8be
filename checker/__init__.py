"""docs-check: consistency checker for the torch-npu API support docs."""

# The project's one version (pyproject.toml reads it from here). A release is
# tagged v<version>; CHANGELOG.md says what each release holds.
__version__ = "0.2.0"
