"""Rewriting pages, for every command that edits them (`fix`, `new-version`,
`migrate`): a page's text as it is on disk (`source`), changes to it as
replacements of line ranges the model located (`lines`), applied bottom-up,
and each result read back into the model before anything is written
(`written`). Nothing here searches the page's text with a pattern: what
changes, and where, comes from the model."""
