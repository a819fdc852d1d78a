"""The rules of the layout, checked: ``core/`` never loads Qt (every module, every subpackage),
the public names are listed consistently, the app uses only them, and core modules import each
other without cycles."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import bpelens.core

from conftest import HANG_SECONDS

CORE = Path(bpelens.core.__file__).parent
APP = CORE.parent / "app"
GUI_PACKAGES = ("PySide6", "shiboken6", "pyqtgraph")

# Imports every module of the `core` folder given as argv[1] (installed as bpelens.core) and
# prints the Qt modules that are loaded afterwards.
IMPORT_ALL = f"""
import importlib, pathlib, sys
folder = pathlib.Path(sys.argv[1])
for path in sorted(folder.rglob("*.py")):
    parts = path.relative_to(folder).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    importlib.import_module(".".join(("bpelens", "core", *parts)))
print(sorted(m for m in sys.modules if m.split(".")[0] in {GUI_PACKAGES!r}))
"""


def module_name(path: Path) -> str:
    parts = path.relative_to(CORE).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(("bpelens", "core", *parts))


def qt_loaded_by_core(core: Path, root: Path | None = None) -> str:
    """What importing every module of ``core`` loads (with ``root`` first on the path)."""
    env = dict(os.environ)
    if root is not None:
        env["PYTHONPATH"] = str(root)
    run = subprocess.run([sys.executable, "-c", IMPORT_ALL, str(core)], capture_output=True,
                         text=True, timeout=HANG_SECONDS, cwd=root or CORE, env=env)
    assert run.returncode == 0, run.stderr
    return run.stdout.strip()


def test_importing_every_core_module_loads_no_qt():
    assert len(list(CORE.rglob("*.py"))) > 60  # the walk really sees the subpackages
    assert qt_loaded_by_core(CORE) == "[]"


def test_a_qt_import_planted_deep_in_core_is_caught(tmp_path: Path):
    """The check above, on a copy of core/ with one import planted in a format reader."""
    package = tmp_path / "bpelens"
    shutil.copytree(CORE, package / "core", ignore=shutil.ignore_patterns("__pycache__"))
    (package / "__init__.py").write_text("")
    planted = package / "core" / "formats" / "hf_json.py"
    planted.write_text(planted.read_text("utf-8") + "\nimport PySide6.QtCore  # planted\n",
                       encoding="utf-8")
    loaded = qt_loaded_by_core(package / "core", tmp_path)
    assert "PySide6.QtCore" in loaded
    # and without the planted line the same copy is clean: the copy itself is what ran
    planted.write_text(planted.read_text("utf-8").replace("import PySide6.QtCore", "pass"),
                       encoding="utf-8")
    assert qt_loaded_by_core(package / "core", tmp_path) == "[]"


def test_no_core_file_imports_qt_even_lazily():
    for path in CORE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert name.split(".")[0] not in GUI_PACKAGES, f"{path}: imports {name}"


def _type_checking_imports() -> dict[str, str]:
    tree = ast.parse((CORE / "__init__.py").read_text("utf-8"))
    block = next(node for node in tree.body if isinstance(node, ast.If)
                 and getattr(node.test, "id", "") == "TYPE_CHECKING")
    return {alias.name: (node.module or "") for node in block.body
            if isinstance(node, ast.ImportFrom) for alias in node.names}


def test_the_public_names_are_listed_alike_and_exist():
    exports = bpelens.core._EXPORTS
    assert sorted(bpelens.core.__all__) == sorted(exports)
    assert len(set(bpelens.core.__all__)) == len(bpelens.core.__all__)
    assert _type_checking_imports() == exports
    for name, module in exports.items():
        assert getattr(bpelens.core, name) is not None, name
        assert (CORE / (module.replace(".", "/") + ".py")).exists(), module


def test_the_app_imports_only_public_names_of_the_engine():
    public = set(bpelens.core.__all__)
    wrong = []
    for path in APP.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("bpelens.core"):
                if node.module != "bpelens.core":
                    wrong.append(f"{path.name}: from {node.module}")
                wrong += [f"{path.name}: {a.name}" for a in node.names if a.name not in public]
            elif isinstance(node, ast.Import):
                wrong += [f"{path.name}: import {a.name}" for a in node.names
                          if a.name.startswith("bpelens.core")]
    assert wrong == []


def _top_level_imports(path: Path) -> set[str]:
    """Core modules ``path`` imports when it is loaded (not in functions, not for typing)."""
    own = module_name(path)
    package = own if path.name == "__init__.py" else own.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.parse(path.read_text("utf-8")).body:
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level > 1:
                base = base[: len(base) - (node.level - 1)]
            target = ".".join([*base, node.module] if node.module else base) \
                if node.level else (node.module or "")
            for alias in node.names:
                found.add(f"{target}.{alias.name}")  # may be a module (from . import x)
                found.add(target)
    return found


def test_core_modules_import_each_other_without_cycles():
    modules = {module_name(p): p for p in CORE.rglob("*.py") if p.name != "__init__.py"}
    graph = {m: {t for t in _top_level_imports(p) if t in modules and t != m}
             for m, p in modules.items()}
    assert sum(map(len, graph.values())) > 100  # the walk really finds the imports
    state: dict[str, int] = {}

    def visit(m: str, trail: list[str]) -> None:
        state[m] = 1
        for t in sorted(graph[m]):
            if state.get(t) == 1:
                pytest.fail("import cycle: " + " → ".join([*trail[trail.index(t):], t]))
            if t not in state:
                visit(t, [*trail, t])
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [m])


def _all_imports(path: Path) -> set[str]:
    """Every module ``path`` names in an import, in functions too (absolute names)."""
    own = module_name(path)
    package = own if path.name == "__init__.py" else own.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - max(node.level - 1, 0)]
            found.add(".".join([*base, node.module] if node.module else base)
                      if node.level else node.module or "")
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return found


def test_only_formats_reads_files_formats():
    """Parsing a file's components is formats/'s job: the stages, models and results never
    import it, not even inside a function (they used to, for Hugging Face's fields)."""
    lower = ("text", "models", "pipeline", "fast", "results", "training", "playback")
    checked = 0
    for folder in lower:
        for path in (CORE / folder).rglob("*.py"):
            checked += 1
            upward = {m for m in _all_imports(path) if m.startswith("bpelens.core.formats")}
            assert not upward, f"{path.relative_to(CORE)} imports {sorted(upward)}"
    assert checked > 40


def test_every_kind_a_model_gives_is_a_declared_token_kind():
    from typing import get_args

    from bpelens.core import TokenKind, load_tokenizer

    from conftest import SHARED_DATA

    declared = set(get_args(TokenKind))
    tokenizers = [load_tokenizer(p) for p in sorted((APP.parent / "resources" / "tokenizers")
                                                    .glob("*.json"))]
    if SHARED_DATA.is_dir():
        from bpelens.core import open_tokenizer

        folder = SHARED_DATA / "tokenizers"
        tokenizers += [open_tokenizer(folder / p) for p in (
            "hf/bert-base-uncased-minilm.tokenizer.json", "hf/pegasus-unigram.tokenizer.json",
            "hf/llama-spm.tokenizer.json", "tiktoken/cl100k_base.tiktoken",
            "sentencepiece/botchan_en_bpe_1000.model")]
    seen: set[str] = set()
    for tokenizer in tokenizers:
        ids = [i for i in range(0, tokenizer.vocab_size, 7) if tokenizer.model.has_id(i)]
        seen |= {tokenizer.token_kind(i) for i in [*ids, *tokenizer.specials.by_id]}
    assert seen <= declared
    assert {"merged", "byte", "special"} <= seen


def test_translated_words_are_literal_calls():
    """The catalogue's extractor reads translate("Context", "words") and self.tr("words")
    calls: words passed through an alias (t = lambda s: translate("X", s)) are never
    extracted, so they stay English in every language."""
    wrong = []
    for path in APP.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Lambda) and any(
                    isinstance(call, ast.Call) and getattr(call.func, "id", "") == "translate"
                    and not all(isinstance(a, ast.Constant) for a in call.args)
                    for call in ast.walk(node.body)):
                wrong.append(f"{path.relative_to(APP)}:{node.lineno}")
    assert not wrong


# The fast object's own package, the tokenizer that holds it, and the walk (which shares its
# cache of each piece's spans) are the only code that reaches into ``tokenizer.fast``.
REACHES_INTO_FAST = {"pipeline/tokenizer.py", "pipeline/walk.py"}


def _reaches_into_fast(path: Path) -> list[int]:
    """Lines of ``path`` that read an attribute of some tokenizer's ``fast``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr == "fast":
            owner = node.value
            name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
            if name in ("tokenizer", "tok", "self") and (
                    name != "self" or path.name == "tokenizer.py"):
                found.append(node.lineno)
    return found


def test_only_the_fast_package_reaches_into_the_fast_object():
    reaching = {}
    for path in [*CORE.rglob("*.py"), *APP.rglob("*.py")]:
        relative = path.relative_to(CORE).as_posix() if path.is_relative_to(CORE) else None
        if relative is not None and (relative.startswith("fast/")
                                     or relative in REACHES_INTO_FAST):
            continue
        lines = _reaches_into_fast(path)
        if lines:
            reaching[str(path)] = lines
    assert not reaching, f"reaching into tokenizer.fast: {reaching}"
    assert _reaches_into_fast(CORE / "pipeline" / "walk.py")  # the check sees a real one


def test_the_fast_paths_read_no_stages_type():
    # What a stage lets them do is what it declares (pipeline/capabilities.py), never what
    # class it is.
    for path in (CORE / "fast").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for needle in ("type(normalizer)", "type(decoder)", "type(pretokenizer)",
                       "isinstance(model,", "isinstance(normalizer,", "isinstance(decoder,",
                       "isinstance(pre", "pretokenizer.position_sensitive",
                       "pretokenizer.cuts_at_newlines", "pre.spells_bytes",
                       "normalizer.is_identity", "UnicodeForm", "ByteLevelDecoder",
                       "VocabBPEModel"):
            assert needle not in text, f"{path.name} reads {needle}"
