"""An output file checked before the work that fills it: a training or an extension that
runs for minutes must not end with "cannot write"."""

from __future__ import annotations

import os
from pathlib import Path

from .cli_i18n import translate
from .errors import CliError


def check_output_path(name: str, option: str = "-o") -> None:
    """A one-line error unless ``name`` can be written: not a folder, in a folder that
    exists and that this process may create files in (the file is written beside itself and
    then moved into place, so the folder is what must be writable)."""
    path = Path(name).expanduser()
    where = f"{option} {name}"
    if path.is_dir():
        raise CliError(translate("Cli", "{where}: is a folder; give a file name").format(
            where=where))
    folder = Path(os.path.realpath(path)).parent
    if not folder.exists():
        raise CliError(translate("Cli", "{where}: the folder {folder} does not exist").format(
            where=where, folder=folder))
    if not folder.is_dir():
        raise CliError(translate("Cli", "{where}: {folder} is not a folder").format(
            where=where, folder=folder))
    if not os.access(folder, os.W_OK | os.X_OK):
        raise CliError(translate("Cli", "{where}: cannot create files in {folder} "
                                 "(permission denied)").format(where=where, folder=folder))
