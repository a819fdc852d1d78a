"""Settings of parity-aware BPE (Foroutan et al., ACL 2026; seed 000 §6).

Each merge, one language chooses: the one whose dev set needs the most tokens (``base``), the
same through a moving window that keeps any language from taking more than α/L of the last W
merges (``window``), or, with target compression ``ratio``s instead of a dev set, the one
furthest below its target. The chosen language's most frequent pair is merged in every
language. The first ``global_merges`` merges are chosen on the summed counts (hybrid).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from bpelens.core.messages import Message

from ..errors import ConfigError

ParityVariant = Literal["base", "window"]
PARITY_VARIANTS: tuple[ParityVariant, ...] = ("base", "window")


@dataclass(frozen=True)
class ParityConfig:
    variant: ParityVariant = "base"
    global_merges: int = 0
    window_size: int = 100
    alpha: float = 2.0
    # Target compression rate per language, in the order of the languages; None: a dev set
    # (or, lacking one, the training text) decides.
    ratio: Sequence[float] | None = None

    def validate(self, languages: int) -> None:
        if self.variant not in PARITY_VARIANTS:
            raise ConfigError(Message("unknown parity-aware variant {variant!r}; choose base or "
                                      "window", variant=self.variant))
        if not isinstance(self.global_merges, int) or self.global_merges < 0:
            raise ConfigError(Message("global merges must be 0 or more, not {global_merges!r}",
                                      global_merges=self.global_merges))
        if self.variant == "window":
            if not isinstance(self.window_size, int) or self.window_size < 1:
                raise ConfigError(Message("window size must be a positive integer, not "
                                          "{window_size!r}", window_size=self.window_size))
            if not math.isfinite(self.alpha) or self.alpha <= 0:
                raise ConfigError(Message("alpha must be a positive number, not {alpha!r}",
                                          alpha=self.alpha))
        if self.ratio is not None:
            if len(self.ratio) != languages:
                raise ConfigError(Message("{ratio_count} ratios for {languages} languages: give "
                                          "one per training language", ratio_count=len(self.ratio),
                                          languages=languages))
            for value in self.ratio:
                if not math.isfinite(value) or value <= 0:
                    raise ConfigError(Message("ratio {value!r} must be a positive number",
                                              value=value))

    def to_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, "global_merges": self.global_merges,
                "window_size": self.window_size, "alpha": self.alpha,
                "ratio": list(self.ratio) if self.ratio is not None else None}
