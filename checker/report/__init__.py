"""Reports: the same results as text for people, JSON for tools, and JUnit XML,
SARIF and Markdown for CI views and pull requests (`render` picks by format)."""
