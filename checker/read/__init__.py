"""Reading: a docs file into a `Page` of entries, whatever format it is in
(checker.read.reader). The package itself imports nothing: a run that takes
every page from the cache needs one of its helpers (checker.read.load) and
none of markdown-it-py, whose import is a sixth of a warm run's time."""
