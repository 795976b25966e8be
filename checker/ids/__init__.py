"""Every id the tool reports, at the bottom of the layers so that every
package may name one: the registry (`registry.py`), the rule selectors of
`--select` and the suppression comments (`selectors.py`), the one
did-you-mean of a misspelt name (`suggest.py`) and each id's wrong and right
example (`examples.py`, over `examples.toml`). It imports nothing of checker
but the ground (checker.i18n, checker.errors, checker.tomlfile): a `Finding`
of an id is made in checker.model.finding."""
