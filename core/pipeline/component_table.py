"""The table of names of one kind of component in BPE Lens's own files."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from bpelens.core.messages import Message

from ..errors import ConfigError

C = TypeVar("C")


class ComponentTable(Generic[C]):
    """One kind of component in BPE Lens's own files (normalizer, pre-tokenizer): each
    ``"type"`` name with the class it builds, how to read its fields and how to write them —
    the one place that maps names to classes, for reading and for writing."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._readers: dict[str, Callable[[dict[str, Any]], C]] = {}
        self._writers: dict[type, tuple[str, Callable[[Any], dict[str, Any]]]] = {}

    def register(self, names: str | tuple[str, ...], cls: type,
                 read: Callable[[dict[str, Any]], C],
                 write: Callable[[Any], dict[str, Any]] | None = None) -> None:
        """``names``: the type names that read as ``cls`` (the first one is written);
        ``write(component)``: its fields (and its ``"type"``, when one class has several
        names)."""
        names = (names,) if isinstance(names, str) else names
        for name in names:
            self._readers[name] = read
        self._writers[cls] = (names[0], write or (lambda _component: {}))

    @property
    def names(self) -> list[str]:
        return list(self._readers)

    def read(self, config: dict[str, Any]) -> C:
        """A component from ``{"type": name, …fields}`` (the name in any case)."""
        kind = config["type"].lower()
        reader = self._readers.get(kind)
        if reader is None:
            raise ConfigError(Message("unknown {what} {config!r}; choose one of {names}",
                                      what=self.what, config=config['type'],
                                      names=', '.join(self.names)))
        return reader(config)

    def steps(self, config: dict[str, Any], key: str, make: Callable[[Any], C]) -> list[C]:
        """The steps a sequence's ``config`` lists under ``key``, each made by ``make`` (a
        name or a config)."""
        steps = config.get(key)
        if not isinstance(steps, list):
            raise ConfigError(Message("a sequence {what} needs a list under '{key}'",
                                      what=self.what, key=key))
        return [make(step) for step in steps]

    def write(self, component: Any) -> dict[str, Any]:
        entry = self._writers.get(type(component))
        if entry is None:
            raise ConfigError(Message("the {what} {component!r} has no entry in BPE Lens's own "
                                      "files (they hold {names})", what=self.what,
                                      component=getattr(component, 'kind', type(component)),
                                      names=', '.join(self.names)))
        name, write = entry
        return {"type": name, **write(component)}
