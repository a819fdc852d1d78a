"""How long some texts are after each merge of a trained BPE: the dev-set curve of training by
language, for a tokenizer whose trainer did not count it while it ran (SuperBPE, Picky BPE).

Read off one trace per distinct piece, as training playback reads its words: merging by rank
applies every occurrence of rank *r* before any higher rank, so the tokens a piece has after
*k* merges are its trace cut before rank *k*. A model that also removes tokens (Picky BPE)
gives its own history, each change keyed by the rank it follows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence

import numpy as np

from bpelens.core.messages import Message

from ..errors import ConfigError
from ..pipeline.tokenizer import Tokenizer


def tokens_after_each_merge(
    tokenizer: Tokenizer, texts: Mapping[str, Sequence[str]],
    progress: Callable[[float], None] | None = None,
) -> tuple[tuple[int, ...], ...]:
    """For each group of texts (a language), its length in tokens with the tokenizer's
    first *k* merges, for k = 0 … all: one row per k, one column per group, in ``texts``'
    order. Special tokens in the texts are left out (they never merge; training cuts them
    out of its texts too). ``progress(fraction)``
    may raise to stop."""
    model = tokenizer.model
    rules = getattr(model, "rules", None)
    if rules is None:
        raise ConfigError(Message("{describe} has no merge list to cut",
                                  describe=model.describe()))
    history = getattr(model, "history", None)
    columns = []
    for index, group in enumerate(texts.values()):
        pieces: Counter[str] = Counter()
        for text in group:
            pieces.update(tokenizer.model_inputs(text, special="all"))
        change = np.zeros(len(rules) + 1, dtype=np.int64)
        for piece, count in pieces.items():
            if history is not None:
                initial, changes = history(piece)
                before = len(initial)
                change[0] += before * count
                for rank, ids in changes:
                    change[rank + 1] += (len(ids) - before) * count
                    before = len(ids)
                continue
            traced = model.trace_piece(piece)
            if traced is None:
                raise ConfigError(Message("{describe} has no merge list to cut",
                                          describe=model.describe()))
            initial, _final, steps = traced
            change[0] += len(initial) * count
            for step in steps:
                change[step.rank + 1] -= count
        columns.append(np.cumsum(change))
        if progress is not None:
            progress((index + 1) / len(texts))
    if not columns:
        return tuple(() for _ in range(len(rules) + 1))
    return tuple(map(tuple, np.stack(columns, axis=1).tolist()))
