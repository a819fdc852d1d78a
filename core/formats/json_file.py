"""Reading a JSON tokenizer file, with errors that name the file and the place."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..errors import TokenizerFileError


def parse_json_file(path: Path) -> Any:
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as exc:
        raise TokenizerFileError(str(path), f"cannot read ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise TokenizerFileError(str(path), f"not UTF-8 at byte {exc.start}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise TokenizerFileError(
            str(path), f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
