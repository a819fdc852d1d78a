"""Post-processors: the special tokens a tokenizer adds around a sequence when asked to
(``add_special_tokens``) — BOS, [CLS] … [SEP]. Only single sequences are encoded here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bpelens.core.messages import Message

from ..errors import ConfigError


class PostProcessor:
    kind = "none"

    def added(self) -> tuple[list[int], list[int]]:
        """Ids put before and after a single sequence."""
        return [], []

    def process(self, ids: list[int]) -> list[int]:
        before, after = self.added()
        return [*before, *ids, *after]

    def to_config(self) -> dict[str, Any]:
        return {"type": self.kind}


class TemplatePostProcessor(PostProcessor):
    """HF ``TemplateProcessing``: the ``single`` template, e.g. ``[CLS] $A [SEP]``.

    ``single`` is the template as (kind, id) pairs — ``("SpecialToken", "[CLS]")``,
    ``("Sequence", "A")`` — and ``special_tokens`` the ids of each special token's name.
    HF accepts a template naming a special token it does not define; it fails only when the
    template is used, and so does this."""

    kind = "TemplateProcessing"

    def __init__(self, single: list[tuple[str, str]], special_tokens: dict[str, list[int]],
                 config: dict[str, Any]) -> None:
        self._config = config
        self._single = list(single)
        self._specials = dict(special_tokens)

    def added(self) -> tuple[list[int], list[int]]:
        before: list[int] = []
        after: list[int] = []
        seen_sequence = False
        for kind, name in self._single:
            if kind == "Sequence":
                seen_sequence = True
                continue
            ids = self._specials.get(name)
            if ids is None:
                raise ConfigError(Message("post_processor.single uses the special token {name!r}, "
                                          "which post_processor.special_tokens does not define",
                                          name=name))
            (after if seen_sequence else before).extend(ids)
        return before, after

    def to_config(self) -> dict[str, Any]:
        return dict(self._config)


def around(before: list[tuple[str, int]], after: list[tuple[str, int]]
           ) -> TemplatePostProcessor | None:
    """``TemplateProcessing`` putting the (token, id) pairs ``before`` and ``after`` a
    sequence (BOS, EOS, CLS … SEP); None when both are empty."""
    if not before and not after:
        return None
    single = [("SpecialToken", t) for t, _ in before] + [("Sequence", "A")] + [
        ("SpecialToken", t) for t, _ in after]
    specials = {t: [i] for t, i in before + after}
    config = {"type": "TemplateProcessing",
              "single": [{"SpecialToken": {"id": t, "type_id": 0}} if k == "SpecialToken"
                         else {"Sequence": {"id": "A", "type_id": 0}} for k, t in single],
              "special_tokens": {t: {"id": t, "ids": i, "tokens": [t]}
                                 for t, i in specials.items()}}
    return TemplatePostProcessor(single, specials, config)


class PairPostProcessor(PostProcessor):
    """HF ``BertProcessing``/``RobertaProcessing``: ``cls`` before, ``sep`` after."""

    def __init__(self, kind: str, cls: tuple[str, int], sep: tuple[str, int],
                 config: dict[str, Any]) -> None:
        self.kind = kind
        self._config = config
        self._cls = cls[1]
        self._sep = sep[1]

    def added(self) -> tuple[list[int], list[int]]:
        return [self._cls], [self._sep]

    def to_config(self) -> dict[str, Any]:
        return dict(self._config)


class PostProcessorSequence(PostProcessor):
    kind = "Sequence"

    def __init__(self, steps: Sequence[PostProcessor]) -> None:
        self.steps = list(steps)

    def added(self) -> tuple[list[int], list[int]]:
        before: list[int] = []
        after: list[int] = []
        for step in self.steps:
            b, a = step.added()
            before = [*b, *before]
            after = [*after, *a]
        return before, after

    def to_config(self) -> dict[str, Any]:
        return {"type": "Sequence", "processors": [s.to_config() for s in self.steps]}


class ByteLevelPostProcessor(PostProcessor):
    """Only trims offsets in HF; the ids are unchanged."""

    kind = "ByteLevel"

    def __init__(self, config: dict[str, Any]) -> None:
        self._config = config

    def to_config(self) -> dict[str, Any]:
        return dict(self._config)
