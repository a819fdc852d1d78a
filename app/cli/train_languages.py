"""`bpelens train` by language: ``--corpus LANG=FILE[@WEIGHT]``, ``--dev LANG=FILE``, a
parallel corpus split for the user, exact language weights, parity-aware settings.

Everything is checked before any text is read: languages named twice, a dev or ratio for a
language that is not trained, weights given two ways at once.
"""

from __future__ import annotations

import argparse
import math
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from bpelens.core import (
    ConfigError,
    LanguageCorpus,
    ParityConfig,
    SplitSizes,
    TrainingError,
    byte_shares,
    normalized_shares,
    parse_language_values,
    parse_weight,
    read_language_file,
    split_parallel,
    temperature_shares,
    weights_for_shares,
)

from ..parallel_corpora import open_corpus
from .cli_i18n import translate


def by_language(args: argparse.Namespace) -> bool:
    """Whether the command asks for training by language (any LANG=FILE, a parallel corpus,
    or an option that only makes sense by language)."""
    return bool(args.parallel or args.parity_aware or args.dev or args.byte_shares
                or args.temperature is not None or args.ratio
                or any(_language_spec(spec) for spec in args.corpus or ()))


def _language_spec(spec: str) -> tuple[str, str] | None:
    """``LANG=FILE[@WEIGHT]`` → (LANG, FILE[@WEIGHT]); None for a plain file (an existing file
    whose name holds '=' is a file)."""
    name, sep, rest = spec.partition("=")
    if not sep or Path(spec).exists() or "/" in name or not name:
        return None
    return name, rest


def _file_and_weight(spec: str, option: str, language: str) -> tuple[Path, Fraction | None]:
    if "@" in spec and not Path(spec).exists():
        name, _, weight = spec.rpartition("@")
        return Path(name), parse_weight(weight, where=f"{option} {language}={spec}")
    return Path(spec), None


def _check_file(path: Path, option: str, language: str) -> None:
    if str(path) in ("", "."):
        raise ConfigError(translate("Cli", "{option} {language}=: no file given (expected {option}"
                                           " {language}=FILE)").format(
                              option=option, language=language))
    if path.is_dir():
        raise ConfigError(translate("Cli", "{option} {language}={path}: is a folder, not a text "
                                           "file").format(
                              option=option, language=language, path=path))
    if not path.is_file():
        raise ConfigError(translate("Cli", "{option} {language}={path}: no such file").format(
                              option=option, language=language, path=path))


def _split_sizes(value: str) -> SplitSizes:
    train, _, dev = value.replace(",", "/").partition("/")
    try:
        return SplitSizes(int(train), int(dev or 0))
    except ValueError:
        raise ConfigError(translate("Cli", "--split {value}: expected TRAIN/DEV sentence counts, "
                                           "e.g. --split 1500/200").format(
                              value=repr(value))) from None


def languages_from_args(args: argparse.Namespace) -> list[LanguageCorpus]:
    """The training languages with their lines, dev lines and exact weights."""
    if args.parallel and args.corpus:
        raise ConfigError(translate("Cli", "give either --parallel CORPUS or --corpus LANG=FILE, "
                                           "not both"))
    if args.parallel:
        if args.dev:
            raise ConfigError(translate("Cli", "--dev comes from --parallel's split (--split "
                                               "TRAIN/DEV); give one or the other"))
        corpus = open_corpus(args.parallel)
        wanted = [x for x in args.languages.split(",") if x] if args.languages else None
        if wanted is not None and len(set(wanted)) != len(wanted):
            twice = next(x for x in wanted if wanted.count(x) > 1)
            raise ConfigError(translate("Cli", "--languages: {twice} is given twice").format(
                                  twice=twice))
        try:
            languages = split_parallel(corpus, _split_sizes(args.split or "1500/200"), wanted)
        except TrainingError as exc:
            raise TrainingError(translate("Cli", "--split {split}: {error}").format(
                                    split=args.split or '1500/200', error=exc)) from None
        weights: dict[str, Fraction] = {}
    else:
        if not args.corpus:
            raise ConfigError(translate("Cli", "give the training text: --corpus LANG=FILE "
                                               "(repeatable) or --parallel CORPUS"))
        if args.split or args.languages:
            raise ConfigError(translate("Cli", "--split and --languages choose from a --parallel "
                                               "corpus"))
        files: dict[str, list[Path]] = {}
        weights = {}
        for spec in args.corpus:
            pair = _language_spec(spec)
            if pair is None:
                raise ConfigError(translate("Cli", "--corpus {spec}: name its language, e.g. "
                                                   "--corpus LANG={spec} (training by language "
                                                   "needs LANG=FILE for every file)").format(
                                      spec=spec))
            name, rest = pair
            path, weight = _file_and_weight(rest, "--corpus", name)
            _check_file(path, "--corpus", name)
            files.setdefault(name, []).append(path)
            if weight is not None:
                if weights.get(name, weight) != weight:
                    raise ConfigError(translate("Cli", "--corpus {spec}: {name} has another weight"
                                                       " already").format(
                                          spec=spec, name=name))
                weights[name] = weight
        dev_files: dict[str, Path] = {}
        for spec in args.dev or ():
            pair = _language_spec(spec)
            if pair is None:
                raise ConfigError(translate("Cli", "--dev {spec}: expected LANG=FILE, e.g. --dev "
                                                   "ja=dev.ja").format(
                                      spec=spec))
            name, rest = pair
            if name not in files:
                raise ConfigError(translate("Cli", "--dev {spec}: {name} is not a training "
                                                   "language ({languages})").format(
                                      spec=spec, name=name, languages=', '.join(files)))
            if name in dev_files:
                raise ConfigError(translate("Cli", "--dev: {name} is given twice").format(
                                      name=name))
            _check_file(Path(rest), "--dev", name)
            dev_files[name] = Path(rest)
        languages = []
        for name, paths in files.items():
            lines = [line for path in paths
                     for line in read_language_file(name, path, option="--corpus")]
            dev = (read_language_file(name, dev_files[name], option="--dev")
                   if name in dev_files else [])
            languages.append(LanguageCorpus(name, lines, dev))
    return _weighted(languages, weights, args)


def _weighted(languages: list[LanguageCorpus], weights: dict[str, Fraction],
              args: argparse.Namespace) -> list[LanguageCorpus]:
    ways = [name for name, given in (("LANG=FILE@WEIGHT", weights),
                                     ("--byte-shares", args.byte_shares),
                                     ("--temperature", args.temperature is not None)) if given]
    if len(ways) > 1:
        raise ConfigError(translate("Cli", "weight the languages one way: {ways}, not both").format(
                              ways=' or '.join(ways)))
    names = [language.name for language in languages]
    totals = {language.name: language.train_bytes for language in languages}
    if args.byte_shares:
        values = parse_language_values(args.byte_shares, "--byte-shares")
        weights = weights_for_shares(totals, normalized_shares(values))
    elif args.temperature is not None:
        weights = weights_for_shares(totals, temperature_shares(totals, args.temperature),
                                     where="--temperature")
    unknown = [name for name in weights if name not in names]
    if unknown:
        raise ConfigError(translate("Cli", "weight for {language}, which is not a training "
                                           "language").format(
                              language=unknown[0]))
    return [replace(language, weight=weights.get(language.name, Fraction(1)))
            for language in languages]


def parity_from_args(args: argparse.Namespace, names: list[str]) -> ParityConfig | None:
    """Parity-aware settings, or None for classic training (which refuses them)."""
    only_parity = [option for option, given in (
        ("--global-merges", args.global_merges is not None),
        ("--window-size", args.window_size is not None),
        ("--alpha", args.alpha is not None), ("--ratio", bool(args.ratio))) if given]
    if not args.parity_aware:
        if only_parity:
            raise ConfigError(translate("Cli", "{option} applies to parity-aware training: add "
                                               "--parity-aware base or --parity-aware window")
                              .format(option=only_parity[0]))
        return None
    if args.parity_aware == "base" and (args.window_size is not None or args.alpha is not None):
        raise ConfigError(translate("Cli", "--window-size and --alpha apply to --parity-aware "
                                           "window"))
    if args.global_merges is not None and args.global_merges < 0:
        raise ConfigError(translate("Cli", "--global-merges {value}: expected 0 or more").format(
                              value=args.global_merges))
    if args.window_size is not None and args.window_size < 1:
        raise ConfigError(translate("Cli", "--window-size {value}: expected a whole number of 1 or"
                                           " more").format(
                              value=args.window_size))
    if args.alpha is not None and not (math.isfinite(args.alpha) and args.alpha > 0):
        raise ConfigError(translate("Cli", "--alpha {value}: expected a positive number (default "
                                           "2)").format(
                              value=args.alpha))
    ratio = None
    if args.ratio:
        values = parse_language_values(args.ratio, "--ratio")
        missing = [name for name in names if name not in values]
        extra = [name for name in values if name not in names]
        if extra:
            raise ConfigError(translate("Cli", "--ratio {language}: not a training language "
                                               "({languages})").format(
                                  language=extra[0], languages=', '.join(names)))
        if missing:
            raise ConfigError(translate("Cli", "--ratio: no ratio for {languages} (give LANG=R for"
                                               " every training language)").format(
                                  languages=', '.join(missing)))
        ratio = []
        for name in names:
            try:
                value = float(values[name])
            except ValueError:
                value = math.nan
            if not math.isfinite(value) or value <= 0:
                raise ConfigError(translate("Cli", "--ratio {name}={value}: expected a positive "
                                                   "number").format(
                                      name=name, value=values[name]))
            ratio.append(value)
    config = ParityConfig(
        variant=args.parity_aware, global_merges=args.global_merges or 0,
        window_size=args.window_size if args.window_size is not None else 100,
        alpha=args.alpha if args.alpha is not None else 2.0, ratio=ratio)
    config.validate(len(names))
    return config


def check_dev_sets(languages: list[LanguageCorpus], parity: ParityConfig | None) -> None:
    """Dev sets for every language or none: a language without one would count 0 tokens,
    never choose in parity-aware training, and make the dev-set Gini meaningless."""
    with_dev = [language.name for language in languages if language.dev]
    if parity is not None and parity.ratio is not None and with_dev:
        raise TrainingError(translate("Cli", "--ratio replaces the dev sets (given both, the dev "
                                             "sets would choose, as in HF): leave out --dev, or "
                                             "with --parallel give --split TRAIN/0"))
    without = [language.name for language in languages if not language.dev]
    if with_dev and without:
        raise TrainingError(translate("Cli", "--dev: no dev set for {languages} (give one for "
                                             "every training language, or none to follow the "
                                             "training text)").format(
                                languages=', '.join(without)))


def shares_summary(languages: list[LanguageCorpus]) -> dict[str, float]:
    """Each language's share of the weighted training bytes, rounded for the JSON summary."""
    totals = {language.name: language.train_bytes for language in languages}
    weights = {language.name: language.weight for language in languages}
    return {name: round(float(share), 6) for name, share in byte_shares(totals, weights).items()}
