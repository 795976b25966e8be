"""Reports: the same results as text for people and JSON for tools."""
