"""One docs version's documented APIs, with the other spellings that reach
them (checker.testmap.links matches a test's references against them): the
names torch_npu adds, documented classes' short names and bases, the ops a
test's own name or the runner's names for an @ops test name, and the
packages that re-export a submodule's functions."""

from __future__ import annotations

import re
from collections.abc import Iterable

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
# modules that define what their package exports, named so (Documented._defined)
_IMPLEMENTATIONS = frozenset(("api", "distributed_c10d"))


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
