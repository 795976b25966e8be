"""The git steps both histories build their repository with: (h)'s synthetic
one (benchmarks/bench.py) and (r)'s real-shaped one (benchmarks/bench_history.py).
Here, below both, so that neither script imports the other back."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from pathlib import Path


def history_git(repo: Path) -> Callable[..., None]:
    """git in `repo`, with no user configuration and a fixed author."""
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    who = ("-c", "user.name=bench", "-c", "user.email=bench@example.com")

    def git(*arguments: str) -> None:
        subprocess.run(["git", "-C", str(repo), *who, *arguments], check=True, env=env)

    return git


def revise(pages: list[Path], changed: int, many: int, n: int) -> int:
    """Append a revision comment to the next `many` pages; the new count of changes."""
    for _ in range(many):
        # a step prime to the page count spreads the changes over the folders
        with pages[changed * 7 % len(pages)].open("a", encoding="utf-8") as page:
            page.write(f"\n<!-- revision {n} -->\n")
        changed += 1
    return changed


def commit_revision(git: Callable[..., None], n: int) -> None:
    git("add", "-A")
    git("commit", "-q", "--allow-empty", "--no-gpg-sign", "-m", f"revision {n}")
    git("tag", f"r{n}")
