"""Reports: the same outcome as text for people, JSON for tools, and JUnit XML,
SARIF and Markdown for CI views and pull requests (`formats.FORMATS` names
them; `formats.render` picks by name)."""
