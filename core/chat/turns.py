"""Whether a conversation's ids grow by appending: turns 1..k+1 against turns 1..k.

Training and serving code often keeps the ids of a conversation and appends each new turn's
ids (or the model's sampled ids after the generation prompt). That equals tokenizing the whole
conversation only when every rendering extends the one before, text *and* ids. Two things
break it:

* the template renders earlier turns differently once more follow (Qwen3 drops an earlier
  assistant turn's reasoning; some templates put a system prompt or a date in front only
  under conditions): the **text** no longer extends;
* the text extends, but the tokens at the seam change (the end of turn k and the start of
  turn k+1 merge, as ``http:`` and ``//`` do): the **ids** no longer extend.

Each step renders the conversation up to a turn and compares it with the rendering of the
next step: every turn after the previous one (``kind="turn"``), and, before each assistant
turn, the prompt with ``add_generation_prompt`` against the conversation with that turn
(``kind="generation"``: the prompt + completion a sampler produces).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..pipeline.tokenizer import Tokenizer
from .conversation import check_messages
from .render import render_chat

StepKind = Literal["turn", "generation"]
SNIPPET = 40  # characters shown either side of where two renderings part


@dataclass(frozen=True, slots=True)
class TurnStep:
    """The rendering of ``messages[:shorter]`` (with the generation prompt when ``kind`` is
    "generation") against that of ``messages[:longer]``."""

    kind: StepKind
    shorter: int
    longer: int
    role: str  # the role of the last message the longer rendering adds
    text_extends: bool
    ids_extend: bool
    char_difference: int | None  # where the texts part (None: the longer extends it)
    token_difference: int | None  # the first id that differs (None: the ids extend)
    shorter_tokens: int
    longer_tokens: int
    before: str = ""  # the shorter rendering around the difference
    after: str = ""  # the longer rendering around it
    shorter_ids: tuple[int, ...] = ()  # a few ids from the first one that differs
    longer_ids: tuple[int, ...] = ()

    @property
    def ok(self) -> bool:
        return self.text_extends and self.ids_extend

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "kind": self.kind, "shorter": self.shorter, "longer": self.longer,
            "role": self.role, "text_extends": self.text_extends,
            "ids_extend": self.ids_extend, "shorter_tokens": self.shorter_tokens,
            "longer_tokens": self.longer_tokens}
        if not self.ok:
            data.update(char_difference=self.char_difference,
                        token_difference=self.token_difference, before=self.before,
                        after=self.after, shorter_ids=list(self.shorter_ids),
                        longer_ids=list(self.longer_ids))
        return data


@dataclass(frozen=True)
class TurnsCheck:
    steps: tuple[TurnStep, ...]

    @property
    def first_failure(self) -> TurnStep | None:
        return next((step for step in self.steps if not step.ok), None)

    def to_json(self) -> dict[str, Any]:
        first = self.first_failure
        return {"extends": first is None,
                "first_failure": None if first is None else first.to_json(),
                "failures": sum(not s.ok for s in self.steps),
                "steps": [s.to_json() for s in self.steps]}


def check_turns(tokenizer: Tokenizer, template: str, messages: list[dict[str, Any]], *,
                tools: list[Any] | None = None,
                special_tokens: dict[str, str] | None = None) -> TurnsCheck:
    """Every step of the conversation (see the module's doc), in order."""
    messages = check_messages(messages)
    cache: dict[tuple[int, bool], tuple[str, list[int]]] = {}

    def rendered(count: int, prompt: bool) -> tuple[str, list[int]]:
        key = (count, prompt)
        if key not in cache:
            text = render_chat(template, messages[:count], add_generation_prompt=prompt,
                               tools=tools, special_tokens=special_tokens)
            cache[key] = text, tokenizer.encode_ids(text, special="all")
        return cache[key]

    steps = []
    for longer in range(2, len(messages) + 1):
        role = str(messages[longer - 1].get("role"))
        if role == "assistant":
            steps.append(_step("generation", longer - 1, longer, role,
                               rendered(longer - 1, True), rendered(longer, False)))
        steps.append(_step("turn", longer - 1, longer, role, rendered(longer - 1, False),
                           rendered(longer, False)))
    return TurnsCheck(tuple(steps))


def _step(kind: StepKind, shorter: int, longer: int, role: str,
          first: tuple[str, list[int]], second: tuple[str, list[int]]) -> TurnStep:
    text_a, ids_a = first
    text_b, ids_b = second
    char = None if text_b.startswith(text_a) else _common(text_a, text_b)
    token = None if ids_b[:len(ids_a)] == ids_a else _common(ids_a, ids_b)
    before = after = ""
    if char is not None:
        at = char
    elif token is not None:
        # The texts extend; show the seam, where the shorter rendering ends.
        at = len(text_a)
    else:
        at = None
    if at is not None:
        before = text_a[max(0, at - SNIPPET):at + SNIPPET]
        after = text_b[max(0, at - SNIPPET):at + SNIPPET]
    shown = (ids_a[token:token + 8], ids_b[token:token + 8]) if token is not None else ((), ())
    return TurnStep(kind, shorter, longer, role, char is None, token is None, char, token,
                    len(ids_a), len(ids_b), before, after, tuple(shown[0]), tuple(shown[1]))


def _common(a, b) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n
