"""Frozen dataclasses as JSON values and back, led by their fields' types:
what a version's kept map (checker.testmap.kept) is written as. It is generic
over the classes, so that a field added to a link or its case is written and
read with no edit here; the classes' `shape` (every field's name and type,
nested classes' too) goes into the kept map's key, so that an entry written
before the field was added is never read for it.

A dataclass is a list of its fields' values in order; a tuple, a frozenset or
a sequence a list; an enum its value; a plain str its index in a table of
them; a str that is a Message (checker.i18n) its template and arguments
(checker.sources.page_cache.model_rows), so that a kept verdict is shown in any
language. Reading checks every value's type: a value
of another type is a ValueError, never a wrong object."""

from __future__ import annotations

import dataclasses
import enum
import operator
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from checker.sources.page_cache.model_rows import message_data, message_from

T = TypeVar("T")
_Coder = tuple[Callable[[Any], Any], Callable[[Any], Any], str]  # to JSON, from JSON, shape


class Codec(Generic[T]):
    """The JSON form of `cls`'s values, many at a time: each distinct plain
    string written once, in a table, and named by its index (a version's
    links repeat their tests' and modules' names: 16.6 MB as they are, 7.6 MB
    so). `names`: the classes the fields' annotations name that are not
    in their module's namespace (imported for type checking only)."""

    def __init__(self, cls: type[T], names: Mapping[str, Any] = types.MappingProxyType({})) -> None:
        self._strings = _Strings()
        encode, decode, shape = _coder(cls, dict(names), {}, self._strings)
        self._encode, self._decode, self.shape = encode, decode, shape

    def encode(self, values: Iterable[T]) -> dict[str, Any]:
        strings = self._strings
        strings.index, strings.table = {}, []
        try:
            rows = [self._encode(value) for value in values]
            return {"strings": strings.table, "rows": rows}
        finally:
            strings.index, strings.table = {}, []

    def decode(self, data: Any) -> list[T]:
        """Raises ValueError (or LookupError, TypeError) on data of another shape."""
        table, rows = data["strings"], data["rows"]
        if type(table) is not list or type(rows) is not list:
            raise ValueError("not a table of strings and rows")
        if not all(type(text) is str for text in table):
            raise ValueError("a string of the table is not one")
        strings = self._strings
        strings.table = table
        try:
            return [self._decode(row) for row in rows]
        finally:
            strings.table = []


class _Strings:
    """The table of the values being written or read (a Codec's, one call at a time)."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}
        self.table: list[str] = []


def _coder(kind: Any, names: dict[str, Any], made: dict[Any, _Coder], strings: _Strings) -> _Coder:
    if kind in made:
        return made[kind]
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if kind is str:
        coder: _Coder = (*_texts(strings), "str")
    elif kind is bool or kind is int or kind is float:
        coder = (_same, _exactly(kind), kind.__name__)
    elif kind is type(None):
        coder = (_same, _exactly(type(None)), "None")
    elif isinstance(kind, type) and issubclass(kind, enum.Enum):
        values = ",".join(repr(member.value) for member in kind)
        coder = (_value, kind, f"{kind.__name__}({values})")
    elif origin in (typing.Union, types.UnionType):
        coder = _union([_coder(arg, names, made, strings) for arg in args], args)
    elif origin in (tuple, frozenset) or origin is Sequence:
        coder = _collection(origin, args, names, made, strings)
    elif dataclasses.is_dataclass(kind) and isinstance(kind, type):
        coder = _dataclass(kind, names, made, strings)
    else:
        raise TypeError(f"no JSON form for {kind!r}")
    made[kind] = coder
    return coder


def _texts(strings: _Strings) -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
    """A plain string as its index in the table; a Message as its template and arguments."""

    def encoded(value: str) -> Any:
        if type(value) is not str:
            return message_data(value)
        index = strings.index
        found = index.get(value)
        if found is None:
            found = index[value] = len(strings.table)
            strings.table.append(value)
        return found

    def decoded(data: Any) -> str:
        if type(data) is int:
            if data < 0:
                raise ValueError("not an index of the table")
            return strings.table[data]
        if type(data) is not dict:
            raise ValueError("not a text")
        return message_from(data)

    return encoded, decoded


def _union(coders: list[_Coder], args: tuple[Any, ...]) -> _Coder:
    shape = "|".join(shape for _, _, shape in coders)
    others = [coder for coder, arg in zip(coders, args, strict=True) if arg is not type(None)]
    if len(others) != 1:  # only `X | None` is needed, and tells its members apart
        raise TypeError(f"no JSON form for a union of {shape}")
    encode, decode, _ = others[0]

    def encoded(value: Any) -> Any:
        return None if value is None else encode(value)

    def decoded(data: Any) -> Any:
        return None if data is None else decode(data)

    return encoded, decoded, shape


def _collection(
    origin: Any,
    args: tuple[Any, ...],
    names: dict[str, Any],
    made: dict[Any, _Coder],
    strings: _Strings,
) -> _Coder:
    made_of = frozenset if origin is frozenset else tuple
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):  # tuple[X, Y]
        coders = [_coder(arg, names, made, strings) for arg in args]
        encodes = [encode for encode, _, _ in coders]
        decodes = [decode for _, decode, _ in coders]
        shape = "(" + ",".join(shape for _, _, shape in coders) + ")"

        def encoded_row(value: Any) -> Any:
            return [encode(item) for encode, item in zip(encodes, value, strict=True)]

        def decoded_row(data: Any) -> Any:
            if type(data) is not list or len(data) != len(decodes):
                raise ValueError(f"not a row of {shape}")
            return tuple([decode(item) for decode, item in zip(decodes, data, strict=True)])

        return encoded_row, decoded_row, shape
    encode, decode, item_shape = _coder(args[0], names, made, strings)
    shape = f"{made_of.__name__}[{item_shape}]"

    def encoded(value: Any) -> Any:
        return [encode(item) for item in value]

    def decoded(data: Any) -> Any:
        if type(data) is not list:
            raise ValueError(f"not a list of {item_shape}")
        return made_of([decode(item) for item in data])

    return encoded, decoded, shape


def _dataclass(
    cls: type, names: dict[str, Any], made: dict[Any, _Coder], strings: _Strings
) -> _Coder:
    # a placeholder while its fields are made: a class that holds itself is no JSON tree
    made[cls] = (_refused, _refused, cls.__name__)
    hints = typing.get_type_hints(cls, localns=names)
    fields = [field.name for field in dataclasses.fields(cls)]
    coders = [_coder(hints[name], names, made, strings) for name in fields]
    count = len(fields)
    shape = (
        f"{cls.__name__}("
        + ",".join(f"{name}:{shape}" for name, (_, _, shape) in zip(fields, coders, strict=True))
        + ")"
    )

    # a link has 66,000 siblings: its fields are taken in one call, its strings
    # (most of its fields) tabled inline, and the rest given to their coders
    take = operator.attrgetter(*fields) if count > 1 else lambda value: (getattr(value, fields[0]),)
    texts = [i for i, (_, _, shape) in enumerate(coders) if shape == "str"]
    scalars = [(i, _SCALARS[shape]) for i, (_, _, shape) in enumerate(coders) if shape in _SCALARS]
    others = [
        (i, encode, decode)
        for i, (encode, decode, shape) in enumerate(coders)
        if shape != "str" and shape not in _SCALARS
    ]
    bare = "__post_init__" not in vars(cls) and "__slots__" not in vars(cls)

    def encoded(value: Any) -> Any:
        row = list(take(value))
        index, table = strings.index, strings.table
        for i in texts:
            text = row[i]
            if type(text) is str:
                found = index.get(text)
                if found is None:
                    found = index[text] = len(table)
                    table.append(text)
                row[i] = found
            else:
                row[i] = message_data(text)
        for i, encode, _ in others:
            row[i] = encode(row[i])
        return row

    def decoded(data: Any) -> Any:
        if type(data) is not list or len(data) != count:
            raise ValueError(f"not a {cls.__name__}")
        table = strings.table
        for i in texts:
            item = data[i]
            if type(item) is int and item >= 0:
                data[i] = table[item]
            elif type(item) is dict:
                data[i] = message_from(item)
            else:
                raise ValueError("not a text")
        for i, kind in scalars:
            if type(data[i]) is not kind:
                raise ValueError(f"not a {kind.__name__}")
        for i, _, decode in others:
            data[i] = decode(data[i])
        if bare:  # a frozen dataclass's __init__ sets each field through object.__setattr__
            built: Any = object.__new__(cls)
            built.__dict__.update(zip(fields, data, strict=True))
            return built
        return cls(*data)

    return encoded, decoded, shape


_SCALARS = {"bool": bool, "int": int, "float": float, "None": type(None)}


def _same(value: Any) -> Any:
    return value


def _value(value: enum.Enum) -> Any:
    return value.value


def _exactly(kind: type) -> Callable[[Any], Any]:
    def checked(data: Any) -> Any:
        if type(data) is not kind:
            raise ValueError(f"not a {kind.__name__}")
        return data

    return checked


def _refused(value: Any) -> Any:
    raise TypeError("a class that holds itself has no JSON form here")
