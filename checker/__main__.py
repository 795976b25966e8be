"""`python -m checker`, the same as `docs-check`."""

from checker.cli import main

if __name__ == "__main__":
    main()
