"""How a command names an API: by its full name (`torch.distributed.elastic.
metrics.put_metric`) or by a short one that ends it (`put_metric`,
`metrics.put_metric`), the same in `show API` and `verify --api API`; and the
known name most like one that names none."""

from __future__ import annotations

from collections.abc import Iterable

from checker.errors import UsageError
from checker.i18n import N_
from checker.ids.suggest import closest
from checker.model.name_form import plain_name


def checked_name(api: str, option: str) -> str:
    """The name as given, without the blanks around it, in the form names are
    compared in (checker.model.name_form); an empty one is a usage error (it
    would name every API, or none)."""
    name = plain_name(api.strip())
    if not name:
        raise UsageError.saying(
            N_("{option} is empty: give a full or short API name"), option=option
        )
    return name


def names_it(api: str, full: str) -> bool:
    """Whether `api`, full or short, names the API `full`."""
    return full == api or full.endswith("." + api)


def resolved(api: str, names: Iterable[str]) -> set[str]:
    """The full names `api` names: itself if it is one, else those it ends."""
    known = set(names)
    return {api} if api in known else {full for full in known if names_it(api, full)}


def like(api: str, names: Iterable[str]) -> str | None:
    """The full name most like `api`: compared whole when `api` is dotted,
    else by the last part of each name (`put_metrc` → `...metrics.put_metric`)."""
    known = sorted(set(names))
    if "." in api:
        return closest(api, known)
    by_short: dict[str, str] = {}
    for full in known:
        by_short.setdefault(full.rpartition(".")[2], full)
    short = closest(api, by_short)
    return by_short[short] if short is not None else None
