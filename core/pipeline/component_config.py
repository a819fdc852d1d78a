"""Checking a component's config object before reading its fields."""

from __future__ import annotations

from typing import Any

from ..errors import ConfigError


def check_type(config: Any, expected: str, what: str) -> dict[str, Any]:
    if not isinstance(config, dict):
        raise ConfigError(f"a {what} config must be an object, not {config!r}")
    kind = config.get("type", expected)
    if kind != expected:
        raise ConfigError(f"{what} field 'type' must be {expected!r}, not {kind!r}")
    return config
