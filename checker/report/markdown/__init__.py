"""The Markdown reports' shared parts: `parts.py` (a table's row, the
marks, the headline, the findings, resolution and input-error sections),
`validation.py` (the validation evidence section, as torch-npu engineers
paste it), `rerun.py` (the command a reviewer re-runs) and `pr.py` (`verify
--format pr`, the pull-request template's two sections). Each command's own
Markdown report is in its report module (checker.report.lint, verify, diff,
coverage, tests)."""
