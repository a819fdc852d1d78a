"""The argument parser of every subcommand."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from dataclasses import dataclass

from bpelens.core import (
    DEFAULT_MIN_FREQUENCY,
    METRICS,
    TRAINERS,
    all_options,
    localize,
    preset_names,
)
from bpelens.resources import DEMO_TOKENIZERS

from . import SUBCOMMANDS
from .cli_i18n import translate
from .errors import OneLineParser
from .jobs_option import add_jobs

# render --scale: what the help states and render checks (one range for both).
SCALE_RANGE = (0.25, 8.0)

# The metrics a compare plot can show: compare's own keys (its JSON and CSV columns).
PLOT_METRICS = tuple(metric.key for metric in METRICS if metric.key != "sentences")


class DefaultSpecial(str):
    """render's --special when not given: "all" for a text's picture, while --view compare
    counts special-token strings as text unless told otherwise, as bpelens compare does."""


DEFAULT_SPECIAL = DefaultSpecial("all")


class EachTokenizer(argparse.Action):
    """render's -t: the last one given is ``tokenizer`` (a text's picture has one), and every
    one given, in order, is ``tokenizers`` (--view compare)."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        namespace.tokenizer = values
        namespace.tokenizers = [*(getattr(namespace, "tokenizers", None) or []), values]


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="bpelens",
        description=translate("CliHelp", "See how a BPE tokenizer turns text into token ids. With "
                                         "no subcommand, opens the window (its options are "
                                         "listed below the subcommands; it needs a display)."),
        epilog=translate("CliHelp", "bpelens COMMAND --help shows a command's options. Results are"
                                    " JSON on stdout; an error is one line on stderr with exit "
                                    "status 2."),
    )
    parser.add_argument("--version", action="version", version="bpelens 0.1.0")
    # The window's options, listed after the subcommands (from the window's own parser, so
    # the two never drift apart); the window parses them itself.
    from ..gui.launch import window_help

    plain_help = parser.format_help
    parser.format_help = lambda: plain_help() + "\n" + window_help()  # type: ignore[method-assign]
    sub = parser.add_subparsers(title=translate("CliHelp", "subcommands"), metavar="COMMAND",
                                parser_class=OneLineParser)

    presets = ", ".join(preset_names())
    demos = ", ".join(DEMO_TOKENIZERS)
    train = sub.add_parser(
        "train", help=translate("CliHelp", "train a BPE tokenizer on text files"),
        description=translate("CliHelp", "Train a byte- or character-level BPE tokenizer. Progress"
                                         " goes to stderr, a JSON summary to stdout."),
    )
    train.add_argument(
        "--corpus", action="append", metavar="[LANG=]FILE[@WEIGHT]",
        help=translate("CliHelp", "UTF-8 text file, one training text per line (repeatable); an "
                                  "optional exact weight after @, e.g. ja.txt@2 or en.txt@1/3; "
                                  "LANG= names its language (training by language: weights, dev "
                                  "sets, parity-aware BPE)"),
    )
    by_language = train.add_argument_group(
        translate("CliHelp", "training by language"),
        translate("CliHelp", "Per-language files (--corpus LANG=FILE) or a parallel corpus split "
                             "for you. Weight languages one way: LANG=FILE@WEIGHT, --byte-shares "
                             "or --temperature (all exact)."))
    by_language.add_argument("--dev", action="append", default=[], metavar="LANG=FILE",
                             help=translate("CliHelp", "a language's dev set: its token total is "
                                                       "followed merge by merge, and parity-aware "
                                                       "BPE balances on it (repeatable)"))
    by_language.add_argument("--parallel", metavar="CORPUS",
                             help=translate("CliHelp", "a parallel corpus (TSV, JSONL, folder or "
                                                       "archive of line-aligned files, or demo: "
                                                       "the bundled one) to split into training / "
                                                       "dev / evaluation"))
    by_language.add_argument("--split", metavar="TRAIN/DEV",
                             help=translate("CliHelp", "with --parallel: the first TRAIN sentences"
                                                       " of each language train, the next DEV are "
                                                       "the dev set (default 1500/200)"))
    by_language.add_argument("--languages", metavar="A,B,…",
                             help=translate("CliHelp", "with --parallel: the languages to train on"
                                                       " (default all)"))
    by_language.add_argument("--byte-shares", action="append", default=[], metavar="LANG=P",
                             help=translate("CliHelp", "target share of weighted bytes per "
                                                       "language (e.g. en=80 ja=5 …, normalized): "
                                                       "each line weighs 100000·p/B, B the "
                                                       "language's bytes"))
    by_language.add_argument("--temperature", type=float, metavar="ALPHA",
                             help=translate("CliHelp", "sample languages by q ∝ (bytes "
                                                       "share)^ALPHA (XLM; 0.3 flattens), used as "
                                                       "byte shares"))
    parity = train.add_argument_group(
        translate("CliHelp", "parity-aware BPE"),
        translate("CliHelp", "Foroutan et al. (ACL 2026), merges identical to Hugging Face's "
                  "ParityBpeTrainer: each merge, the language with the most dev-set tokens picks "
                  "its most frequent pair, merged in every language. Trains vocab-size − base − "
                  "special merges."))
    parity.add_argument("--parity-aware", choices=("base", "window"),
                        help=translate("CliHelp", "balance languages each merge (window: no "
                                                  "language takes more than ALPHA/L of the last W "
                                                  "merges)"))
    parity.add_argument("--global-merges", type=int, metavar="N",
                        help=translate("CliHelp", "hybrid: the first N merges chosen on the summed"
                                                  " counts"))
    parity.add_argument("--window-size", type=int, metavar="W",
                        help=translate("CliHelp", "window variant: W (default 100)"))
    parity.add_argument("--alpha", type=float, metavar="A",
                        help=translate("CliHelp", "window variant: alpha (default 2)"))
    parity.add_argument("--ratio", action="append", default=[], metavar="LANG=R",
                        help=translate("CliHelp", "target compression rate per language instead of"
                                                  " a dev set (the language furthest below its "
                                                  "target chooses)"))
    train.add_argument("--vocab-size", type=int, required=True, metavar="N",
                       help=translate("CliHelp", "target vocabulary size, base tokens and special "
                                                 "tokens included"))
    train.add_argument("--level", choices=("byte", "char"), default="byte",
                       help=translate("CliHelp", "base vocabulary: the 256 bytes (default) or the "
                                                 "characters seen"))
    train.add_argument("--pretokenizer", default="gpt2", metavar="NAME",
                       help=translate("CliHelp", "a regex preset ({presets}), whitespace, digits "
                                                 "or none (default gpt2)").format(presets=presets))
    train.add_argument("--normalizer", default=None, metavar="NAME",
                       help=translate("CliHelp", "none (default), nfc, nfkc, nfd, nfkd or "
                                                 "lowercase"))
    train.add_argument("--min-frequency", default=str(DEFAULT_MIN_FREQUENCY), metavar="K",
                       help=translate("CliHelp", "stop when the best pair occurs fewer than K "
                                                 "times (default {default_min_frequency})").format(
                           default_min_frequency=DEFAULT_MIN_FREQUENCY))
    train.add_argument("--tie-break", choices=("smallest-ids", "first-occurrence"),
                       default="smallest-ids",
                       help=translate("CliHelp", "equal counts: smallest (left id, right id) "
                                                 "(default), or the pair seen first in the corpus"))
    train.add_argument("--byte-order", choices=("value", "hf"), default="value",
                       help=translate("CliHelp", "byte-level base ids by byte value (default, as "
                                                 "tiktoken) or in Hugging Face's order"))
    train.add_argument("--end-of-word", nargs="?", const="</w>", default=None, metavar="MARKER",
                       help=translate("CliHelp", "character level: append an end-of-word marker to"
                                                 " every piece (default marker </w>)"))
    train.add_argument("--byte-fallback", action="store_true",
                       help=translate("CliHelp", "character level: 256 <0xNN> tokens spell "
                                                 "characters never seen"))
    train.add_argument("--special", action="append", default=[], metavar="TOKEN",
                       help=translate("CliHelp", "add a special token (repeatable); ids follow the"
                                                 " vocabulary"))
    train.add_argument("--trace-top", default="0", metavar="K",
                       help=translate("CliHelp", "also record, for each merge, the K most frequent"
                                                 " pairs when it was chosen, the corpus length in "
                                                 "tokens and the most frequent words, for the "
                                                 "app's training playback (0 to 1000; default 0: "
                                                 "no trace)"))
    trainers = train.add_argument_group(
        translate("CliHelp", "trainer"),
        translate("CliHelp", "How merges are chosen on one corpus; each trainer's own options "
                             "follow."))
    trainers.add_argument("--trainer", choices=tuple(TRAINERS), default="classic",
                          help="; ".join(f"{t.name}: {localize(t.summary)}"
                                         for t in TRAINERS.values()))
    for name, (option, owners) in all_options().items():
        trainers.add_argument(option.flag, dest=f"trainer_{name}", default=None,
                              metavar="N" if option.kind == "int" else "X",
                              help=f"{', '.join(owners)}: {localize(option.help)}")
    train.add_argument("--name", default="", help=translate("CliHelp", "a name stored in the file"))
    train.add_argument("-o", "--output", required=True, metavar="OUT.json",
                       help=translate("CliHelp", "where to write the tokenizer"))
    train.add_argument("--quiet", action="store_true", help=translate("CliHelp", "no progress on "
                                                                                 "stderr"))
    add_jobs(train, translate("CliHelp", "processes that count the corpus's pieces (default 0: "
                                         "one per core; 1: this process only). The tokenizer "
                                         "is the same; a corpus under 16 million characters is "
                                         "counted in this process, and merging is always done "
                                         "in it"))
    train.set_defaults(handler="train_command")

    def add_tokenizer(p: argparse.ArgumentParser, *, many: bool = False) -> None:
        help_text = translate("CliHelp", "a tokenizer file or folder, recognised by its "
                                         "content: tokenizer.json, a GGUF model (.gguf), "
                                         "*.tiktoken or Meta's tokenizer.model, Mistral's "
                                         "tekken.json, vocab.json + merges.txt, "
                                         "encoder.json + vocab.bpe, a SentencePiece model "
                                         "(.model, .model.v3), a model folder or Hugging Face "
                                         "cache entry, a file written by bpelens train, or a "
                                         "bundled demo by name ({demos})").format(demos=demos)
        if many:  # render: one tokenizer a picture, or several for --view compare
            p.add_argument("-t", "--tokenizer", action=EachTokenizer, required=True,
                           metavar="TOKENIZER",
                           help=help_text + translate("CliHelp", "; with --view compare, "
                                                      "repeat it for each tokenizer to "
                                                      "compare"))
        else:
            p.add_argument("-t", "--tokenizer", required=True, metavar="TOKENIZER",
                           help=help_text)
        p.add_argument("--encoding", metavar="NAME",
                       help=translate("CliHelp", "for a rank file (.tiktoken, Meta's "
                                                 "tokenizer.model): the encoding it belongs to "
                                                 "(e.g. o200k_harmony, llama3.0), when its name or "
                                                 "hash does not say"))
        p.add_argument("--pattern", metavar="REGEX",
                       help=translate("CliHelp", "for a rank file no encoding is known for: its "
                                                 "pre-tokenizer regex"))

    def add_special(p: argparse.ArgumentParser) -> None:
        p.add_argument("--special", choices=("all", "none"), default="all",
                       help=translate("CliHelp", "all: special-token strings in the text become "
                                                 "their ids (default); none: they are plain text"))

    def add_text(p: argparse.ArgumentParser) -> None:
        p.add_argument("--file", metavar="PATH",
                       help=translate("CliHelp", "read the text from this UTF-8 file (- for "
                                                 "standard input)"))
        p.add_argument("text", nargs="?", default=None, metavar="TEXT",
                       help=translate("CliHelp", "the text (default: all of standard input)"))

    encode = sub.add_parser(
        "encode", help=translate("CliHelp", "text → ids, tokens with byte and character spans "
                                            "(JSON)"),
        description=translate("CliHelp", "Encode TEXT (or --file PATH, or standard input) and "
                                         "print one JSON object: ids, and each token's bytes, "
                                         "text, byte and character span."),
    )
    add_tokenizer(encode)
    add_special(encode)
    detail = encode.add_mutually_exclusive_group()
    detail.add_argument("--trace", action="store_true", help=translate("CliHelp", "include every "
                                                                                  "merge step"))
    detail.add_argument("--ids-only", action="store_true",
                        help=translate("CliHelp", "just {\"ids\": [...]}: the fastest, smallest "
                                                  "answer"))
    encode.add_argument("--add-special-tokens", action="store_true",
                        help=translate("CliHelp", "add the tokens the tokenizer puts around a text"
                                                  " (BOS, [CLS] …)"))
    encode.add_argument("--jsonl", action="store_true",
                        help=translate("CliHelp", "read one JSON string per line (\"text\"), write "
                                                  "one JSON object per line, in order (an error "
                                                  "object for a bad line)"))
    add_text(encode)
    encode.set_defaults(handler="encode_command")

    decode = sub.add_parser("decode", help=translate("CliHelp", "ids → text (JSON)"),
                            description=translate("CliHelp", "Decode token ids: bytes are joined, "
                                                             "then decoded once."))
    add_tokenizer(decode)
    decode.add_argument("--errors", choices=("strict", "replace"), default="strict",
                        help=translate("CliHelp", "strict: bytes that are not UTF-8 are an error "
                                                  "(default); replace: they become U+FFFD"))
    decode.add_argument("--file", metavar="PATH",
                        help=translate("CliHelp", "read the ids from this file (as on standard "
                                                  "input; - for standard input)"))
    decode.add_argument("ids", nargs="*", metavar="ID",
                        help=translate("CliHelp", "token ids (spaces or commas between them, [ ] "
                                                  "allowed); none: read them from --file or "
                                                  "standard input (also {\"ids\": [...]} as "
                                                  "encode writes)"))
    decode.set_defaults(handler="decode_command")

    export = sub.add_parser(
        "export", help=translate("CliHelp", "save a BPE tokenizer as tokenizer.json or .tiktoken"),
        description=translate("CliHelp", "Write a BPE tokenizer in another library's format: "
                                         "tokenizer.json (Hugging Face tokenizers) or a .tiktoken "
                                         "rank file plus OUT.json with its pattern and special "
                                         "tokens (tiktoken). Takes tokenizers trained in BPE Lens,"
                                         " vocabulary + merges BPE (tokenizer.json, vocab.json + "
                                         "merges.txt) and rank files; what a format cannot hold is"
                                         " refused."),
    )
    add_tokenizer(export)
    export.add_argument("--format", choices=("tokenizer.json", "tiktoken"), required=True)
    export.add_argument("-o", "--output", required=True, metavar="OUT")
    export.set_defaults(handler="export_command")

    compare = sub.add_parser(
        "compare", help=translate("CliHelp", "languages × tokenizers on a parallel corpus: tokens,"
                                             " ratios, Gini"),
        description=translate("CliHelp", "Encode every sentence of a parallel corpus with each "
                                         "tokenizer and compare languages: tokens, ratio to a "
                                         "reference language (corpus level T_l/T_ref and the mean "
                                         "of per-sentence ratios), bytes and characters per token,"
                                         " byte-fallback and split-character shares, distinct "
                                         "tokens, and per tokenizer the Gini coefficient of the "
                                         "per-language token totals, G = sum_i sum_j |x_i - x_j| /"
                                         " (2 n^2 mean(x)). Progress goes to stderr."),
    )
    compare.add_argument(
        "--corpus", required=True, metavar="PATH",
        help=translate("CliHelp", "a folder or .tar.gz/.tar.xz archive of line-aligned files named"
                                  " by language (eng_Latn.devtest, newstest2019-ref.jpn.txt, "
                                  "ja.txt), a .tsv whose header names the languages (optional id "
                                  "column), a .jsonl of {\"lang\", \"id\", \"text\"} objects, or "
                                  "demo "
                                  "(the bundled 12-language corpus)"))
    compare.add_argument(
        "-t", "--tokenizer", action="append", required=True, metavar="TOKENIZER",
        help=translate("CliHelp", "a tokenizer to compare (repeatable): any file or folder encode "
                                  "takes, a bundled demo ({demos}), or FILE@ENCODING for a "
                                  ".tiktoken file whose encoding is not recognised; the JSON names"
                                  " each as given").format(demos=demos))
    compare.add_argument("--reference", metavar="LANG",
                         help=translate("CliHelp", "the language ratios are taken to (default: "
                                                   "English when the corpus has it, else the first"
                                                   " language)"))
    compare.add_argument("--languages", metavar="L1,L2,…",
                         help=translate("CliHelp", "compare only these languages (codes or names, "
                                                   "comma-separated; the reference is added); "
                                                   "default: all"))
    compare.add_argument("--special", choices=("all", "none"), default="none",
                         help=translate("CliHelp", "none: special-token strings in the sentences "
                                                   "are plain text (default); all: they become "
                                                   "control tokens"))
    compare.add_argument("--add-special-tokens", action="store_true",
                         help=translate("CliHelp", "count the tokens the tokenizer's "
                                                   "post-processor adds around each sentence (BOS,"
                                                   " EOS …); by default only the text's own"))
    compare.add_argument("--format", choices=("json", "csv", "table"), default="json",
                         help=translate("CliHelp", "json (default), csv (a row per tokenizer × "
                                                   "language) or a table for a terminal"))
    compare.add_argument("--quiet", action="store_true", help=translate("CliHelp", "no progress on"
                                                                                   " stderr"))
    add_jobs(compare, translate("CliHelp", "processes that encode the corpus (default 0: one "
                                           "per core; 1: this process only). The counts are "
                                           "the same; a corpus under 4 million characters is "
                                           "counted in this process"))
    compare.set_defaults(handler="compare_command")

    sample = sub.add_parser(
        "sample", help=translate("CliHelp", "the sampled segmentations of a word: Unigram "
                                            "subword regularization or BPE-dropout"),
        description=translate("CliHelp", "A Unigram model: every segmentation of WORD with the "
                                         "probability sentencepiece's sampling gives it "
                                         "(enable_sampling, alpha, nbest_size), and the counts"
                                         " of --samples draws. A BPE: the segmentations "
                                         "BPE-dropout draws with --dropout P, counted."),
    )
    add_tokenizer(sample)
    sample.add_argument("word", metavar="WORD", help=translate("CliHelp", "one word (one piece"
                                                                         " for the tokenizer)"))
    sample.add_argument("--alpha", type=float, default=0.1,
                        help=translate("CliHelp", "Unigram: probability ∝ exp(alpha · score) "
                                                  "(default 0.1; 0: all equally likely)"))
    sample.add_argument("--nbest", type=int, default=-1, metavar="N",
                        help=translate("CliHelp", "Unigram: sample among the N best, up to 512 "
                                                  "(default -1: among all; 1: the best)"))
    sample.add_argument("--dropout", type=float, default=0.1, metavar="P",
                        help=translate("CliHelp", "BPE: the dropout probability (default 0.1)"))
    sample.add_argument("--samples", type=int, default=1000, metavar="N",
                        help=translate("CliHelp", "draws (default 1000)"))
    sample.add_argument("--seed", type=int, default=0)
    sample.set_defaults(handler="sample_command")

    canon = sub.add_parser(
        "canon", help=translate("CliHelp", "are ids what encoding their own text gives? "
                                           "(decode → encode drift)"),
        description=translate("CliHelp", "Decode ids, encode the text again and mark every "
                                         "span whose ids differ, with the reason: a merge the "
                                         "encoding applies, a character's bytes split across "
                                         "tokens, a special token spelled as text. Ids as "
                                         "arguments, or a JSONL file of {\"ids\": [...]} or "
                                         "{\"prompt_ids\": [...], \"completion_ids\": [...]} "
                                         "rows, streamed."),
    )
    add_tokenizer(canon)
    canon.add_argument("ids", nargs="*", metavar="ID", help=translate(
        "CliHelp", "token ids (commas or spaces between them)"))
    canon.add_argument("--jsonl", metavar="FILE", help=translate(
        "CliHelp", "a file of rows to check, one JSON object per line"))
    canon.add_argument("--examples", type=int, default=20, metavar="N", help=translate(
        "CliHelp", "non-canonical rows to list (default 20)"))
    canon.set_defaults(handler="canon_command")

    sweep = sub.add_parser(
        "sweep", help=translate("CliHelp", "a BPE cut at many vocabulary sizes, measured per "
                                           "language"),
        description=translate("CliHelp", "Cut each tokenizer's merges at each size and measure, "
                                         "per language of a parallel corpus: tokens, the ratio to"
                                         " the reference language, bytes per token, Rényi "
                                         "efficiency (alpha 2.5) and the share of words kept "
                                         "whole; per size, the Gini coefficient of the languages'"
                                         " token totals and their sum (the trade-off curve). Each "
                                         "piece is traced once for all sizes."),
    )
    sweep.add_argument("-t", "--tokenizer", action="append", required=True, metavar="TOKENIZER",
                       help=translate("CliHelp", "a BPE tokenizer (repeatable: a curve each), as "
                                                 "compare takes them"))
    sweep.add_argument("--corpus", default="demo", metavar="PATH",
                       help=translate("CliHelp", "a parallel corpus, as compare takes it "
                                                 "(default demo)"))
    sweep.add_argument("--sizes", default="1000:64000:x2", metavar="FROM:TO:xF",
                       help=translate("CliHelp", "vocabulary sizes: FROM:TO:xFACTOR, FROM:TO:+STEP "
                                                 "or a list with commas (default "
                                                 "1000:64000:x2)"))
    sweep.add_argument("--reference", metavar="LANG",
                       help=translate("CliHelp", "the language ratios are taken to (default: "
                                                 "English when the corpus has it, else the first "
                                                 "language)"))
    sweep.add_argument("--languages", metavar="L1,L2,…",
                       help=translate("CliHelp", "only these languages (the reference is added); "
                                                 "default: all"))
    sweep.add_argument("--quiet", action="store_true", help=translate("CliHelp", "no progress on "
                                                                                 "stderr"))
    add_jobs(sweep, translate("CliHelp", "processes that sweep the languages, one language each "
                                         "at a time (default 0: one per core; 1: this process "
                                         "only). The sweep is the same; a corpus under a million "
                                         "characters, or a single language, is swept in this "
                                         "process"))
    sweep.set_defaults(handler="sweep_command")

    inspect = sub.add_parser(
        "inspect", help=translate("CliHelp", "the layers (codepoints, bytes, pieces, tokens) and "
                                             "merge steps"),
        description=translate("CliHelp", "Show how TEXT is tokenized, readable in a terminal."),
    )
    add_tokenizer(inspect)
    add_special(inspect)
    inspect.add_argument("--json", action="store_true", help=translate("CliHelp", "the same, as "
                                                                                  "JSON"))
    add_text(inspect)
    inspect.set_defaults(handler="inspect_command")

    audit = sub.add_parser(
        "audit", help=translate("CliHelp", "which vocabulary tokens can ever come out (glitch "
                                           "tokens)"),
        description=translate("CliHelp", "Classify every token: reachable (its own text encodes to"
                                         " exactly it), whole_piece_only (only as a whole piece, "
                                         "never inside a longer one), in_context (its own text "
                                         "gives other tokens, but a text found — the witness — "
                                         "contains it), unreachable (no text tried contains it), "
                                         "undecodable (not UTF-8 alone), special, byte_fallback. "
                                         "JSON on stdout: vocab_size, counts, and one object per "
                                         "token."),
    )
    add_tokenizer(audit)
    audit.add_argument("--format", choices=("json", "table"), default="json",
                       help=translate("CliHelp", "json (default) or a summary table with the "
                                                 "unreachable tokens"))
    audit.add_argument("--quiet", action="store_true", help=translate("CliHelp", "no progress on "
                                                                                 "stderr"))
    audit.add_argument("--no-context", dest="context", action="store_false",
                       help=translate("CliHelp", "do not look for a text that contains the tokens"
                                                 " their own text does not give (they are then "
                                                 "all unreachable)"))
    add_jobs(audit, translate("CliHelp", "processes that encode the tokens' texts (default 1: "
                                         "this process only; 0: one per core). The result is "
                                         "the same; starting them pays on machines with many "
                                         "cores. A vocabulary under 50,000 tokens, or a "
                                         "tokenizer not opened from a file, is audited in this "
                                         "process"), default=1)
    audit.set_defaults(handler="audit_command")

    diff = sub.add_parser(
        "diff", help=translate("CliHelp", "two tokenizers compared: vocabulary, ids, merges, a "
                                          "text's cuts"),
        description=translate("CliHelp", "Compare two tokenizers: tokens shared (same or other id)"
                                         " and only in one, the longest run of ids from 0 that "
                                         "mean the same bytes, the merges' shared prefix and first"
                                         " difference, and, given TEXT, where each cuts it (byte "
                                         "offsets). JSON on stdout, or a table with --format "
                                         "table."),
    )
    diff.add_argument("-t", "--tokenizer", action="append", required=True, metavar="TOKENIZER",
                      help=translate("CliHelp", "give it twice: the left and the right tokenizer "
                                                "(a file, folder, bundled demo, or FILE@ENCODING)"))
    diff.add_argument("text", nargs="?", help=translate("CliHelp", "a text to cut with both "
                                                                   "(optional)"))
    diff.add_argument("--format", choices=("json", "table"), default="json",
                      help=translate("CliHelp", "json (default) or table: a row per fact, a "
                                                "column per tokenizer, for reading"))
    diff.set_defaults(handler="diff_command")

    chat = sub.add_parser(
        "chat", help=translate("CliHelp", "a conversation through the model's chat template: "
                                          "text, ids, tokens per message and role"),
        description=translate("CliHelp", "Render a conversation with the tokenizer's chat "
                                         "template (tokenizer_config.json, chat_template.jinja, "
                                         "a GGUF's own) in a sandbox, then tokenize it: the "
                                         "text with its special tokens, the ids, tokens per "
                                         "message and per role, and the template's overhead. "
                                         "JSON on stdout, or a table with --format table."),
    )
    add_tokenizer(chat)
    chat.add_argument("--messages", required=True, metavar="CONVERSATION.json",
                      help=translate("CliHelp", "a JSON list of {\"role\", \"content\"} "
                                                "messages, or an object with \"messages\" (and "
                                                "\"tools\")"))
    chat.add_argument("--template", metavar="NAME", default="default",
                      help=translate("CliHelp", "which of the model's templates (default: "
                                                "\"default\"), or chatml: a generic ChatML "
                                                "template, for a model without one"))
    chat.add_argument("--add-generation-prompt", action="store_true",
                      help=translate("CliHelp", "end with the start of the assistant's turn"))
    chat.add_argument("--format", choices=("json", "table"), default="json",
                      help=translate("CliHelp", "json (default) or table: a row per message"))
    chat.add_argument("--turns", action="store_true",
                      help=translate("CliHelp", "check that each turn's rendering extends the one "
                                                "before, text and ids (and each generation "
                                                "prompt the turn it is answered by); the first "
                                                "that does not is shown"))
    chat.set_defaults(handler="chat_command")

    extend = sub.add_parser(
        "extend", help=translate("CliHelp", "continued BPE training: new merges on top of a "
                                            "tokenizer.json"),
        description=translate("CliHelp", "Learn up to N new merges from a corpus on top of an "
                                         "existing BPE tokenizer.json (its own pre-tokenizer and "
                                         "segmentation), keeping every existing id, and write the "
                                         "extended tokenizer.json. A one-line JSON summary on "
                                         "stdout."),
    )
    extend.add_argument("-t", "--tokenizer", required=True, metavar="TOKENIZER.JSON",
                        help=translate("CliHelp", "a Hugging Face BPE tokenizer.json (or a BPE "
                                                  "trained in BPE Lens)"))
    extend.add_argument("--corpus", action="append", required=True, metavar="FILE",
                        help=translate("CliHelp", "UTF-8 text, one text per line (repeatable)"))
    extend.add_argument("--add", type=int, required=True, metavar="N",
                        help=translate("CliHelp", "how many merges to learn at most"))
    extend.add_argument("--min-frequency", type=int, default=2, metavar="K",
                        help=translate("CliHelp", "stop when the best pair occurs fewer than K "
                                                  "times (default 2)"))
    extend.add_argument("-o", "--output", required=True, metavar="OUT.json",
                        help=translate("CliHelp", "where to write the extended tokenizer.json"))
    extend.add_argument("--compare", metavar="CORPUS",
                        help=translate("CliHelp", "a parallel corpus (a file, folder, or demo): "
                                                  "tokens per language before and after, in the "
                                                  "summary's \"languages\""))
    extend.add_argument("--languages", metavar="L1,L2,…",
                        help=translate("CliHelp", "with --compare: the languages to count (default"
                                                  " all)"))
    extend.set_defaults(handler="extend_command")
    render = sub.add_parser(
        "render", help=translate("CliHelp", "a picture of a view for slides: SVG (vector) or PNG"),
        description=translate("CliHelp", "Draw the layers view, the shaped text or a frame of the "
                                         "merge playback of a text, whole, as an SVG (real chips "
                                         "and text, one group per token) or a PNG; headless. A "
                                         "one-line JSON summary on stdout."),
    )
    add_tokenizer(render, many=True)
    add_special(render)
    render.add_argument("--text", metavar="TEXT", help=translate("CliHelp", "the text to draw "
                                                                            "(every view but "
                                                                            "compare)"))
    render.add_argument("--view", choices=("layers", "shaped", "playback", "compare"),
                        default="layers",
                        help=translate("CliHelp", "what to draw (default layers); compare: a "
                                                  "plot of the tokenizers compared on a "
                                                  "parallel corpus"))
    render.add_argument("--step", type=int, metavar="N",
                        help=translate("CliHelp", "playback: the frame after N merge steps "
                                                  "(default: the last)"))
    render.add_argument("--order", choices=("text", "piece"), default="text",
                        help=translate("CliHelp", "playback: the whole text, each rank everywhere "
                                                  "at once (default), or one piece at a time"))
    render.add_argument("--piece", type=int, metavar="N",
                        help=translate("CliHelp", "with --order piece: the piece to play (1 is "
                                                  "the first; default: the first that merges)"))
    render.add_argument("--fps", type=float, default=1.5, metavar="F",
                        help=translate("CliHelp", "animation: steps a second (default 1.5)"))
    render.add_argument("--hold-first", type=float, default=1.0, metavar="S",
                        help=translate("CliHelp", "animation: seconds the first frame stays "
                                                  "(default 1)"))
    render.add_argument("--hold-last", type=float, default=2.5, metavar="S",
                        help=translate("CliHelp", "animation: seconds the last frame stays "
                                                  "(default 2.5)"))
    render.add_argument("-o", "--output", required=True, metavar="OUT.svg|OUT.png",
                        help=translate("CliHelp", "the picture; its suffix says the format. With "
                                                  "--view playback, OUT.gif or OUT.apng is the "
                                                  "whole playback animated"))
    render.add_argument("--frames", action="store_true",
                        help=translate("CliHelp", "with --view playback: every step as numbered "
                                                  "PNG files in the folder -o names (made if "
                                                  "missing)"))
    render.add_argument("--scale", type=float, default=1, metavar="S",
                        help=translate("CliHelp", "pixels per point, from {low:g} to {high:g} "
                                                  "(2 or 3 for slides; default 1)").format(
                                                      low=SCALE_RANGE[0], high=SCALE_RANGE[1]))
    render.add_argument("--theme", choices=("light", "dark", "contrast"), default="light",
                        help=translate("CliHelp", "light (default), dark, or high contrast for "
                                                  "projectors"))
    render.add_argument("--width", type=int, default=1200, metavar="PX",
                        help=translate("CliHelp", "where lines wrap, in points (default 1200)"))
    compared = render.add_argument_group(
        translate("CliHelp", "--view compare"),
        translate("CliHelp", "A plot of bpelens compare's results, drawn as the window draws "
                             "it, at a slide's size: several -t, a corpus, a plot and a metric. "
                             "Special-token strings count as text unless --special all is "
                             "given (as in bpelens compare)."))
    compared.add_argument("--corpus", default="demo", metavar="PATH",
                          help=translate("CliHelp", "the parallel corpus, as bpelens compare "
                                                    "takes it (default demo, the bundled one)"))
    compared.add_argument("--plot", choices=("bars", "heatmap", "lorenz"), default="bars",
                          help=translate("CliHelp", "bars (default): a metric per language "
                                                    "and tokenizer; heatmap: the ratios to the "
                                                    "reference; lorenz: each tokenizer's Lorenz "
                                                    "curve and Gini"))
    compared.add_argument("--metric", metavar="NAME",
                          help=translate("CliHelp", "the metric, named as in bpelens compare's "
                                                    "JSON and CSV: {metrics} (default ratio; a "
                                                    "heatmap takes ratio or "
                                                    "mean_sentence_ratio)").format(
                              metrics=", ".join(PLOT_METRICS)))
    compared.add_argument("--reference", metavar="LANG",
                          help=translate("CliHelp", "the language ratios are taken to (default:"
                                                    " English when the corpus has it)"))
    compared.add_argument("--languages", metavar="L1,L2,…",
                          help=translate("CliHelp", "only these languages (default all)"))
    compared.add_argument("--size", default="1920x1080", metavar="WxH",
                          help=translate("CliHelp", "the plot's size in points, fonts and lines "
                                                    "sized for it (default 1920x1080; --scale 2 "
                                                    "makes a 3840x2160 PNG)"))
    render.set_defaults(handler="render_command", special=DEFAULT_SPECIAL)
    # Commands that define their own parser: one module and one line in SUBCOMMANDS each.
    shared = SharedOptions(add_tokenizer, add_special, add_text)
    for name in SUBCOMMANDS:
        if name not in sub.choices:
            module = importlib.import_module(f"{__package__}.{name}_command")
            module.add_parser(sub, shared)
    parser.commands = dict(sub.choices)  # type: ignore[attr-defined]
    return parser


@dataclass(frozen=True)
class SharedOptions:
    """The options several commands take, for a command module's ``add_parser(sub, shared)``:
    ``shared.tokenizer(p)`` (-t and its rank-file options), ``shared.special(p)``,
    ``shared.text(p)`` (TEXT or --file)."""

    tokenizer: Callable[..., None]
    special: Callable[[argparse.ArgumentParser], None]
    text: Callable[[argparse.ArgumentParser], None]
