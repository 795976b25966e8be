"""The site's tests share tests/site.py's helpers and tests/conftest.py's
`site` and `verify_report` fixtures."""
