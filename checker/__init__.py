"""docs-check: consistency checker for the torch-npu API support docs."""

__version__ = "0.1.0"
