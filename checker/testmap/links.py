"""What each test reaches, matched against one docs version's documented
APIs. A `call` matches its dotted name, with the spellings torch_npu adds
(`torch_npu.npu.X` is `torch.npu.X`, which torch_npu makes of torch.cuda's
`torch.cuda.X`) and the short names of documented classes (the docs write
`torch.distributions.normal.Normal`, tests `torch.distributions.Normal`). A
`method` matches `Class.method`; a `name`, torch.Tensor's method of that
name (lower confidence: the object's class is not known), unless a module or a
container has a method of that name too (`model.to`, `d.values`). An `opinfo` is the
test's own name: its longest leading words that name an op of torch,
torch.Tensor, torch.nn.functional, torch.nn, torch.linalg, torch.special or
torch.fft; an @ops test's op comes from the runner's names in a disabled list,
and the ops of the OpInfo tables it runs over from torch's source (`table_links`).
A name called through a module the docs never name is its package's
(`torch.utils.data.dataset.random_split`); a package's name for a submodule's
function (`torch.accelerator.empty_cache`) is, with lower confidence, that
function (packages re-export them). A method of an object made by one of
several classes (`for cls in [SGD, Adam]: cls(p).step()`) is each class's."""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass, replace

from checker.testmap.cases import DEVICE, Case
from checker.testmap.documented import Documented
from checker.testmap.modules import ModuleScan
from checker.testmap.opdb import OpDb
from checker.testmap.opinfo_tables import OpEntry
from checker.testmap.refs import (
    ATTR,
    AUTOGRAD,
    CALL,
    METHOD,
    NAME,
    NPU,
    OPCALL,
    OPDB,
    OPINFO,
    OPSKIP,
    RUNS_ON,
    Ref,
)
from checker.testmap.scopes import EITHER, RETURNS

CPU = "cpu"  # a link whose test runs the API on no NPU that a static reading can see


@dataclass(frozen=True)
class Link:
    """A test linked to a documented API."""

    api: str
    test: str  # path::Class::name, as the runner names it
    kind: str  # call, method, opinfo, rule
    line: int  # where in the test module it was found
    exact: bool = True  # False: a method matched by its name only
    case: Case | None = None  # the case, to match disabled lists against (None: a rule's)
    path: str = ""
    # NPU: the case runs it on the NPU (its class instantiated for the NPU, its
    # body moving tensors there, torch.npu / torch_npu called; a rule's test,
    # which verify runs on the NPU); CPU: otherwise. Only an NPU link backs a
    # claim or contradicts a ✘.
    device: str = CPU

    @property
    def on_npu(self) -> bool:
        return self.device == NPU


def device_of(refs: tuple[Ref, ...]) -> str:
    """NPU when the case (its body, helpers or fixtures, or its class's
    instantiation) puts what it runs on the NPU; else CPU."""
    return NPU if any(kind == RUNS_ON for kind, _, _ in refs) else CPU


def links_of(path: str, scanned: ModuleScan, documented: Documented) -> list[Link]:
    """Every link from a module's cases to the documented APIs, each API once per case."""
    found: list[Link] = []
    for case, refs in zip(scanned.cases, scanned.refs, strict=True):
        test = f"{path}::{case.cls}::{case.name}" if case.cls else f"{path}::{case.name}"
        device = device_of(refs)
        seen: set[str] = set()
        classes: set[str] = set()
        for ref_kind, target, line in refs:
            api, kind, exact = None, ref_kind, True
            if ref_kind == CALL:
                api = documented.call(target)
                if api is None and target in documented.exported:
                    api, exact = documented.exported[target], False
            elif ref_kind == METHOD and EITHER in target:  # made by one of several classes
                owners, _, member = target.rpartition(".")
                for cls in owners.split(EITHER):
                    each = documented.call(f"{cls}.{member}") or documented.member(cls, member)
                    if each is not None and each not in seen:
                        seen.add(each)
                        found += _each_named(Link(each, test, kind, line, True, case, path, device))
                continue
            elif ref_kind == METHOD:
                cls, _, member = target.rpartition(".")
                api = documented.call(target) or documented.member(cls, member)
            elif ref_kind == NAME:
                kind, exact = METHOD, False
                if target not in documented.ambiguous:
                    api = documented.call("torch.Tensor." + target)
                if target in RETURNS:
                    classes.add(RETURNS[target])
            elif ref_kind == OPINFO:
                api = documented.op(target.removesuffix("_" + DEVICE))
            if api is not None and api not in seen:
                seen.add(api)
                found += _each_named(Link(api, test, kind, line, exact, case, path, device))
                if api in documented.members:
                    classes.add(api)
        for ref_kind, target, line in refs:  # members of the classes the test names, by name
            if ref_kind not in (NAME, ATTR) or target in documented.ambiguous:
                continue
            for cls in sorted(classes):  # its own members only: a base's may be another's
                api = documented.member(cls, target, bases=False)
                if api is not None and api not in seen:
                    seen.add(api)
                    found += _each_named(Link(api, test, METHOD, line, False, case, path, device))
    return found


def _each_named(link: Link) -> list[Link]:
    """A case the runner runs once per dtype (`@dtypes`) as one link per name."""
    case = link.case
    if case is None or not case.variants:
        return [link]
    head = link.test.rsplit("::", 1)[0]
    return [
        replace(link, test=f"{head}::{name}", case=Case(case.cls, name, case.line))
        for name in case.names()
    ]


def ops_links(path: str, case: Case, names: Set[str], documented: Documented) -> list[Link]:
    """An @ops test's cases a disabled list names (`{name}_{op}_npu_float32`),
    each linked to the op it names."""
    found: list[Link] = []
    head = case.name + "_"
    for name in sorted(names):
        if not name.startswith(head) or f"_{DEVICE}" not in name:
            continue
        op = name[len(head) : name.rindex(f"_{DEVICE}")]
        api = documented.op(op, formatted=True) if op else None
        if case.name.startswith(_INPLACE_TESTS):  # it runs the op's in-place variant only
            api = documented.call(f"torch.Tensor.{op}_") if op and op[-1:] != "_" else None
        if api is not None:
            # the family's other dtypes are not listed and may well run: not wholly
            # disabled; the list names it as the NPU ran it (`_npu_float32`)
            one = Case(case.cls, name, case.line, open=True, ops=True)
            test = f"{path}::{case.cls}::{name}"
            found.append(Link(api, test, OPINFO, case.line, True, one, path, NPU))
    return found


# @ops tests that run an op's in-place variant (torch's test_inplace_grad, …)
_INPLACE_TESTS = ("test_inplace_",)
# what an @ops test names of the OpInfo it is given, and so which of its variants it runs
_FUNCTION_USES = frozenset(("op", "get_op"))
_METHOD_USES = frozenset(("method_variant", "get_method"))
_INPLACE_USES = frozenset(("inplace_variant", "get_inplace"))


def table_links(
    path: str, case: Case, refs: tuple[Ref, ...], db: OpDb, documented: Documented
) -> list[Link]:
    """An @ops test's links to the ops of the OpInfo tables it runs over (`@ops(op_db)`),
    read from torch's source (checker.testmap.opdb): each entry's function when the
    test calls the op it is given (`op(sample.input)`, `op.op`), its method and
    in-place variants and its aliases' when it names them (`op.method_variant`,
    `op.aliases`). Not exact: the entry's own skips for the device are not read."""
    tables = [target for kind, target, _ in refs if kind == OPDB]
    if not tables:
        return []
    used = {target for kind, target, _ in refs if kind in (NAME, ATTR, OPCALL)}
    function = bool(used & _FUNCTION_USES) or any(kind == OPCALL for kind, _, _ in refs)
    method, inplace, aliases = (
        bool(used & _METHOD_USES),
        bool(used & _INPLACE_USES),
        "aliases" in used,
    )
    guards = [target for kind, target, _ in refs if kind == OPSKIP]
    device = device_of(refs)
    found: list[Link] = []
    seen: set[str] = set()
    for table in tables:
        for entry in db.entries(table):
            if not all(_passes(entry, guard) for guard in guards):
                continue  # the test skips itself on this entry's flag (or may: unknown)
            wanted: list[str | None] = []
            if function:
                wanted.append(entry.function)
            if method:
                wanted.append(entry.method)
            if inplace:
                wanted.append(entry.inplace)
            for alias in entry.aliases if aliases else ():
                if function:
                    wanted.append(f"torch.{alias}")
                if method and entry.method:
                    wanted.append(f"torch.Tensor.{alias}")
                if inplace and entry.inplace:
                    wanted.append(f"torch.Tensor.{alias}_")
            for name in wanted:
                api = documented.call(name) if name else None
                if api is None or api in seen:
                    continue
                seen.add(api)
                runner = f"{case.name}_{entry.name.replace('.', '_')}"
                one = Case(case.cls, runner, case.line, open=True, ops=True)
                test = f"{path}::{case.cls}::{runner}"
                found.append(Link(api, test, OPINFO, case.line, False, one, path, device))
    return found


def _passes(entry: OpEntry, guard: str) -> bool:
    if guard == AUTOGRAD:
        return bool(entry.flag("supports_autograd") or entry.flag("supports_forward_ad"))
    return _runs(entry.flag(guard.lstrip("!")), guard.startswith("!"))


def _runs(flag: bool | None, needed: bool) -> bool:
    """Whether an entry with `flag` passes a guard that skips unless the flag
    is `needed` (`if not op.x: skip`) or unless it is not (`if op.x: skip`)."""
    return flag is not None and flag == needed
