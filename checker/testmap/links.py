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

import re
from collections.abc import Iterable, Set
from dataclasses import dataclass, replace

from checker.testmap.cases import DEVICE, Case
from checker.testmap.modules import ModuleScan
from checker.testmap.opdb import OpDb, OpEntry
from checker.testmap.refs import (
    ATTR,
    AUTOGRAD,
    CALL,
    METHOD,
    NAME,
    OPCALL,
    OPDB,
    OPINFO,
    OPSKIP,
    Ref,
)
from checker.testmap.scopes import EITHER, RETURNS

OP_NAMESPACES = (
    "torch.",
    "torch.Tensor.",
    "torch.nn.functional.",
    "torch.nn.",
    "torch.linalg.",
    "torch.special.",
    "torch.fft.",
)
# an @ops test's op, as the runner formats it (`nn_functional_relu`)
_FORMATTED = (
    ("nn_functional_", "torch.nn.functional."),
    ("linalg_", "torch.linalg."),
    ("special_", "torch.special."),
    ("fft_", "torch.fft."),
    ("nn_", "torch.nn."),  # a ModuleInfo's module: `nn_ZeroPad1d` is torch.nn.ZeroPad1d
)
# test names whose first word is no op (`test_type_promotion`, `test_to_sparse` is one)
_NOT_OPS = frozenset(["type", "is", "new", "name", "data", "view", "dtype", "device", "grad"])
_MIN_OP = 3  # characters: `test_t` names no op
# words after an op's name in a test's name that say which variant runs, not what it tests
_VARIANTS = frozenset(
    (
        "npu",
        "cpu",
        "out",
        "inplace",
        "backward",
        "forward",
        "grad",
        "gradgrad",
        "basic",
        "simple",
        "large",
        "small",
        "empty",
        "scalar",
        "scalars",
        "dim",
        "dims",
        "dtype",
        "dtypes",
        "shape",
        "shapes",
        "contiguous",
        "noncontiguous",
        "broadcast",
        "format",
        "formats",
        "ext",
        "default",
        "vs",
        "autograd",
        "float16",
        "float32",
        "float64",
        "bfloat16",
        "half",
        "float",
        "double",
        "int8",
        "int16",
        "int32",
        "int64",
        "uint8",
        "bool",
        "complex64",
        "complex128",
        "fp16",
        "fp32",
        "bf16",
    )
)
# The documented base of every class of a namespace: a member the class's own
# entry lacks is its base's (`torch.nn.Linear.zero_grad` is torch.nn.Module's).
_BASES = (
    ("torch.optim.lr_scheduler.", "torch.optim.lr_scheduler.LRScheduler"),
    ("torch.optim.", "torch.optim.Optimizer"),
    ("torch.nn.parameter.", "torch.Tensor"),
    ("torch.nn.", "torch.nn.Module"),
)
# torch's legacy typed storages (`torch.IntStorage`), each a torch.TypedStorage
_TYPED_STORAGE = "torch.TypedStorage"
_LEGACY_STORAGE = re.compile(r"torch\.(?!Typed|Untyped)[A-Z]\w*Storage")
# methods of Python's containers and strings, which tensors have too
_CONTAINERS = frozenset(
    {"values", "items", "keys", "get", "update", "pop", "append", "extend", "index", "count"}
    | {"clear", "split", "join", "format", "replace", "strip", "copy", "remove", "insert"}
)
_NN_MODULES = "torch.nn.modules."  # torch.nn exports each module class of its submodules
# modules that define what their package exports, named so (checker.testmap.links' _defined)
_IMPLEMENTATIONS = frozenset(("api", "distributed_c10d"))


@dataclass(frozen=True)
class Link:
    api: str
    test: str  # path::Class::name, as the runner names it
    kind: str  # call, method, opinfo, rule
    line: int  # where in the test module it was found
    exact: bool = True  # False: a method matched by its name only
    case: Case | None = None  # the case, to match disabled lists against (None: a rule's)
    path: str = ""


class Documented:
    """One docs version's documented APIs, with the other spellings that reach them."""

    def __init__(self, apis: Iterable[str]) -> None:
        self.apis = frozenset(apis)
        short: dict[str, str] = {}
        for api in sorted(self.apis):
            parts = api.split(".")
            for index in range(2, len(parts) - 1):
                if parts[index][:1].islower() and parts[index + 1][:1].isupper():
                    alias = ".".join(parts[:index] + parts[index + 1 :])
                    if alias not in self.apis:
                        short.setdefault(alias, api)
        for api in sorted(self.apis):  # torch.nn.modules.flatten.Flatten is torch.nn.Flatten
            if api.startswith(_NN_MODULES) and api.count(".") >= 4:
                rest = api[len(_NN_MODULES) :].split(".", 1)[1]
                if rest[:1].isupper() and f"torch.nn.{rest}" not in self.apis:
                    short.setdefault(f"torch.nn.{rest}", api)
        self.short = short
        # a name of a submodule's the package re-exports, as packages do
        # (torch.accelerator.empty_cache is torch.accelerator.memory.empty_cache): lower confidence
        exported: dict[str, str | None] = {}
        for api in sorted(self.apis):
            parts = api.split(".")
            if len(parts) >= 4 and parts[-2][:1].islower() and parts[-3][:1].islower():
                alias = ".".join(parts[:-2] + parts[-1:])
                if alias not in self.apis:  # two submodules' of one name: neither
                    exported[alias] = api if alias not in exported else None
        self.exported = {alias: api for alias, api in exported.items() if api is not None}
        # the modules the docs name an API of: a public namespace, not an implementation
        self.namespaces = frozenset(api.rsplit(".", 1)[0] for api in self.apis)
        members: dict[str, set[str]] = {}
        for api in self.apis:
            owner, _, member = api.rpartition(".")
            if owner in self.apis and owner.rsplit(".", 1)[-1][:1].isupper():
                members.setdefault(owner, set()).add(member)
        self.members = members
        # names a method of no known object may be of something else than a tensor:
        # a module's too (`model.to`, `m.cpu`), or a dict's, a list's, a string's
        both = members.get("torch.Tensor", set()) & members.get("torch.nn.Module", set())
        self.ambiguous = frozenset(both | _CONTAINERS)
        self._suffix_bases: dict[str, list[str]] = {}
        for cls in sorted(members):
            self._suffix_bases.setdefault(cls.rsplit(".", 1)[0], []).append(cls)

    def member(self, cls: str, name: str, bases: bool = True) -> str | None:
        """`cls.name` documented, or (`bases`) its documented base's; never the
        base's `forward`, which each module has its own of."""
        owner = self.call(cls) or cls
        if name in self.members.get(owner, ()):
            return f"{owner}.{name}"
        if not bases or name == "forward":
            return None
        short = owner.rsplit(".", 1)[-1]
        package = owner.rsplit(".", 1)[0]
        for base in self._suffix_bases.get(package, ()):  # TCPStore's base is Store
            named = base.rsplit(".", 1)[-1]
            if short != named and short.endswith(named) and name in self.members[base]:
                return f"{base}.{name}"
        if _LEGACY_STORAGE.fullmatch(owner) and name in self.members.get(_TYPED_STORAGE, ()):
            return f"{_TYPED_STORAGE}.{name}"  # torch.IntStorage is a torch.TypedStorage
        for namespace, base in _BASES:
            if owner.startswith(namespace) and owner.rsplit(".", 1)[-1][:1].isupper():
                if name in self.members.get(base, ()) and owner != base:
                    return f"{base}.{name}"
                break
        return None

    def call(self, name: str) -> str | None:
        for spelt in _spellings(name):
            if spelt in self.apis:
                return spelt
            if spelt in self.short:
                return self.short[spelt]
        return self._defined(name)

    def _defined(self, name: str) -> str | None:
        """A documented function called through the module that defines it:
        `torch.distributed.elastic.metrics.api.put_metric` is the documented
        `torch.distributed.elastic.metrics.put_metric`, as
        `torch.distributed.distributed_c10d.all_reduce` is `…distributed.all_reduce`.
        Only a module deep in a package, or one named as an implementation
        (`_x`, `api`, `distributed_c10d`), is dropped: `torch.linalg.norm` is
        not `torch.norm`."""
        parts = name.split(".")
        if len(parts) < 4 or not parts[-2][:1].islower():
            return None
        dropped = parts[-2]
        deep = len(parts) >= 6
        unnamed = ".".join(parts[:-1]) not in self.namespaces  # `torch.utils.data.dataset`
        if not (deep or unnamed or dropped.startswith("_") or dropped in _IMPLEMENTATIONS):
            return None
        shorter = ".".join(parts[:-2] + parts[-1:])
        return shorter if shorter in self.apis else None

    def op(self, stem: str, formatted: bool = False) -> str | None:
        """The op a test's name (less `test_`) names: the whole name, or the name
        less trailing words that only say which variant runs (`_bfloat16`,
        `_out`, `_backward`); `formatted`: an @ops test's op as the runner
        formats it (`nn_functional_relu`), which is the op's whole name."""
        words = stem.split("_")
        for end in range(len(words), 0, -1):
            name = "_".join(words[:end])
            if end < len(words) and not all(w in _VARIANTS for w in words[end:]):
                continue
            if len(name) < _MIN_OP or name in _NOT_OPS:
                continue
            for prefix, namespace in _FORMATTED:
                if name.startswith(prefix) and namespace + name[len(prefix) :] in self.apis:
                    return namespace + name[len(prefix) :]
            whole = end == len(words) or formatted
            # the runner spells a namespace's op with its prefix (`linalg_cholesky`):
            # a bare one is torch's (`cholesky` is torch.cholesky, not torch.linalg's)
            for namespace in OP_NAMESPACES[:2] if formatted else OP_NAMESPACES:
                for candidate in (name, name + "_") if whole else (name,):
                    if namespace + candidate in self.apis:
                        return namespace + candidate
        return None


def _spellings(name: str) -> list[str]:
    spelt = [name]
    if name.startswith("torch_npu.npu."):
        name = "torch.npu." + name.removeprefix("torch_npu.npu.")
        spelt.append(name)
    if name.startswith("torch.npu."):
        cuda = "torch.cuda." + name.removeprefix("torch.npu.")
        spelt.append(cuda)
        # torch_npu names CUDA's classes for the NPU: torch.npu.NPUGraph is torch.cuda.CUDAGraph
        parts = cuda.split(".")
        if any(part.startswith("NPU") for part in parts):
            spelt.append(".".join("CUDA" + p[3:] if p.startswith("NPU") else p for p in parts))
    return spelt


def links_of(path: str, scanned: ModuleScan, documented: Documented) -> list[Link]:
    """Every link from a module's cases to the documented APIs, each API once per case."""
    found: list[Link] = []
    for case, refs in zip(scanned.cases, scanned.refs, strict=True):
        test = f"{path}::{case.cls}::{case.name}" if case.cls else f"{path}::{case.name}"
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
                        found += _each_named(Link(each, test, kind, line, True, case, path))
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
                found += _each_named(Link(api, test, kind, line, exact, case, path))
                if api in documented.members:
                    classes.add(api)
        for ref_kind, target, line in refs:  # members of the classes the test names, by name
            if ref_kind not in (NAME, ATTR) or target in documented.ambiguous:
                continue
            for cls in sorted(classes):  # its own members only: a base's may be another's
                api = documented.member(cls, target, bases=False)
                if api is not None and api not in seen:
                    seen.add(api)
                    found += _each_named(Link(api, test, METHOD, line, False, case, path))
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
            # the family's other dtypes are not listed and may well run: not wholly disabled
            one = Case(case.cls, name, case.line, open=True, ops=True)
            found.append(
                Link(api, f"{path}::{case.cls}::{name}", OPINFO, case.line, True, one, path)
            )
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
                found.append(Link(api, test, OPINFO, case.line, False, one, path))
    return found


def _passes(entry: OpEntry, guard: str) -> bool:
    if guard == AUTOGRAD:
        return bool(entry.flag("supports_autograd") or entry.flag("supports_forward_ad"))
    return _runs(entry.flag(guard.lstrip("!")), guard.startswith("!"))


def _runs(flag: bool | None, needed: bool) -> bool:
    """Whether an entry with `flag` passes a guard that skips unless the flag
    is `needed` (`if not op.x: skip`) or unless it is not (`if op.x: skip`)."""
    return flag is not None and flag == needed
