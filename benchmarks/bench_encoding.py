"""Encoding, decoding and loading speed of BPE Lens against tiktoken and HF tokenizers, all
measured in the same run on the same text (the 26 NTREX-128 files in ../shared/data, ≈12 MB
in many scripts).

    python benchmarks/bench_encoding.py [--repeat 5] [--mb 12] [--skip-processes] [--skip-hf]

The machine is shared: ours and the reference are timed one after the other within each run
(interleaved), several runs, and each row gives the median speed ratio ours / reference
(>1 = we are faster) with its range over the runs. Rows:
  * encode o200k and cl100k, text never seen (a fresh tokenizer each run; its load timed
    apart) — target ≥ 0.5× tiktoken;
  * encode qwen3's and llama3's tokenizer.json, never seen — target: faster than HF tokenizers;
  * encode the same text again (the GUI re-encoding while the user types) — target ≥ 1×;
  * one 100 KB piece ("a" * 100000) — no quadratic blow-up;
  * decode;
  * a fresh process: load o200k and encode one line (the CLI's cold start), ours vs tiktoken;
    load qwen3's 151k-entry tokenizer.json, ours vs HF; peak memory of each;
  * `bpelens encode --jsonl` over every NTREX sentence, against the same batch in-process
    (the stream's own overhead, target ≈ 1×).
Every encode is checked id for id against the reference before it is timed.
"""

from __future__ import annotations

import os

os.environ["RAYON_NUM_THREADS"] = "1"
os.environ["TOKENIZERS_PARALLELISM"] = "false"
# As the bpelens command sets it (app/entry.py): no idle OpenBLAS threads in the process.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import gc
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from shared_data import SHARED_DATA, require_shared_data

TIKTOKEN_DIR = SHARED_DATA / "tokenizers" / "tiktoken"
O200K = TIKTOKEN_DIR / "o200k_base.tiktoken"
CL100K = TIKTOKEN_DIR / "cl100k_base.tiktoken"
QWEN3 = SHARED_DATA / "tokenizers" / "hf" / "qwen3.tokenizer.json"
LLAMA3 = SHARED_DATA / "tokenizers" / "hf" / "llama3.tokenizer.json"


def ntrex_text(megabytes: float) -> str:
    parts, size = [], 0
    for path in sorted((SHARED_DATA / "parallel" / "ntrex128").glob("*.txt")):
        text = path.read_text(encoding="utf-8").replace("\r", "")
        parts.append(text)
        size += len(text.encode("utf-8"))
        if size >= megabytes * 1e6:
            break
    return "".join(parts)


def tiktoken_o200k():
    import tiktoken
    from tiktoken.load import load_tiktoken_bpe

    from bpelens.core.formats.tiktoken_presets import PRESETS

    definition = PRESETS["o200k_base"]
    return tiktoken.Encoding("o200k_base", pat_str=definition.pattern,
                             mergeable_ranks=load_tiktoken_bpe(str(O200K)),
                             special_tokens=dict(definition.special_tokens))


def tiktoken_cl100k():
    import tiktoken
    from tiktoken.load import load_tiktoken_bpe

    from bpelens.core.formats.tiktoken_presets import PRESETS

    definition = PRESETS["cl100k_base"]
    return tiktoken.Encoding("cl100k_base", pat_str=definition.pattern,
                             mergeable_ranks=load_tiktoken_bpe(str(CL100K)),
                             special_tokens=dict(definition.special_tokens))


def ours_o200k():
    from bpelens.core import open_tokenizer

    return open_tokenizer(O200K)


def ours_cl100k():
    from bpelens.core import open_tokenizer

    return open_tokenizer(CL100K)


def best(repeat: int, run: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def row(label: str, size_mb: float, ours: list[float], ref: list[float], ref_name: str) -> None:
    """Times of the same runs, ours and the reference's: medians, and the median and range of
    the per-run speed ratio."""
    ratios = sorted(r / o for o, r in zip(ours, ref, strict=True))
    print(f"{label:<44} ours {size_mb / statistics.median(ours):7.2f} MB/s   {ref_name} "
          f"{size_mb / statistics.median(ref):7.2f} MB/s   ratio {statistics.median(ratios):5.2f}× "
          f"({ratios[0]:.2f}–{ratios[-1]:.2f}, {len(ratios)} runs)")


def never_seen(args: argparse.Namespace, text: str, size_mb: float, name: str,
               open_ours: Callable[[], object], encode_ref: Callable[[], list[int]],
               ref_name: str, **options: object) -> None:
    """A fresh tokenizer each run (its load timed apart), then the reference, in turn."""
    want = encode_ref()
    assert open_ours().encode_ids(text, **options) == want, f"{name} ids differ from {ref_name}"
    load, ours, ref = [], [], []
    for _ in range(args.repeat):
        gc.collect()
        start = time.perf_counter()
        tokenizer = open_ours()
        tokenizer.encode_ids("warm", **options)  # what opening leaves lazy, not the text
        load.append(time.perf_counter() - start)
        ours.append(timed(partial(tokenizer.encode_ids, text, **options)))
        ref.append(timed(encode_ref))
    row(f"encode {name}, never seen", size_mb, ours, ref, ref_name)
    print(f"{'':<44} (opening ours, apart: median {statistics.median(load):.3f} s)")


def in_process(args: argparse.Namespace) -> None:
    text = ntrex_text(args.mb)
    size_mb = len(text.encode("utf-8")) / 1e6
    print(f"text: {size_mb:.1f} MB, {len(text):,} characters")
    ref = tiktoken_o200k()
    want = ref.encode_ordinary(text)
    never_seen(args, text, size_mb, "o200k", ours_o200k, lambda: ref.encode_ordinary(text),
               "tiktoken", special="none")
    cl100k = tiktoken_cl100k()
    never_seen(args, text, size_mb, "cl100k", ours_cl100k,
               lambda: cl100k.encode_ordinary(text), "tiktoken", special="none")

    ours = ours_o200k()
    ours.encode_ids(text, special="none")
    warm_ours, warm_tik = [], []
    for _ in range(args.repeat):
        warm_ours.append(timed(lambda: ours.encode_ids(text, special="none")))
        warm_tik.append(timed(lambda: ref.encode_ordinary(text)))
    row("encode o200k, seen before", size_mb, warm_ours, warm_tik, "tiktoken")

    one_piece = "a" * 100_000
    assert ours.encode_ids(one_piece) == ref.encode_ordinary(one_piece)
    piece_ours, piece_tik = [], []
    for _ in range(args.repeat):
        fresh = ours_o200k()
        fresh.encode_ids("warm")
        piece_ours.append(timed(partial(fresh.encode_ids, one_piece)))
        piece_tik.append(timed(lambda: ref.encode_ordinary(one_piece)))
    print(f"{'one 100 KB piece':<44} ours {statistics.median(piece_ours):8.3f} s      "
          f"tiktoken {statistics.median(piece_tik):8.3f} s")

    if not args.skip_hf:
        compare_hf(args, text, size_mb)

    assert ours.decode_bytes(want) == ref.decode_bytes(want)
    dec_ours, dec_tik = [], []
    for _ in range(args.repeat):
        dec_ours.append(timed(lambda: ours.decode_bytes(want)))
        dec_tik.append(timed(lambda: ref.decode_bytes(want)))
    row("decode o200k", size_mb, dec_ours, dec_tik, "tiktoken")


def compare_hf(args: argparse.Namespace, text: str, size_mb: float) -> None:
    """The same vocabulary on both sides: qwen3's tokenizer.json (151k tokens), llama3's."""
    from tokenizers import Tokenizer as HFTokenizer

    from bpelens.core import open_tokenizer

    for name, path in (("qwen3", QWEN3), ("llama3", LLAMA3)):
        hf = HFTokenizer.from_file(str(path))
        never_seen(args, text, size_mb, name, lambda path=path: open_tokenizer(path),
                   lambda hf=hf: hf.encode(text, add_special_tokens=False).ids, "HF")
    ours = open_tokenizer(QWEN3)
    hf = HFTokenizer.from_file(str(QWEN3))
    ours.encode_ids(text)
    warm_ours, warm_hf = [], []
    for _ in range(args.repeat):
        warm_ours.append(timed(lambda: ours.encode_ids(text)))
        warm_hf.append(timed(lambda: hf.encode(text, add_special_tokens=False)))
    row("encode qwen3, seen before", size_mb, warm_ours, warm_hf, "HF")


def _process(code: str, env: dict[str, str]) -> tuple[float, int]:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, env=env,
                   stdout=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    return elapsed, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss


def jsonl_stream(args: argparse.Namespace, env: dict[str, str], folder: Path) -> None:
    """`bpelens encode --jsonl` over every NTREX sentence, against the same batch encoded
    in-process (and, for scale, each line encoded alone)."""
    import json

    from bpelens.core import open_tokenizer

    lines = [line for p in sorted((SHARED_DATA / "parallel" / "ntrex128").glob("*.txt"))
             for line in p.read_text(encoding="utf-8").splitlines() if line.strip()]
    batch = folder / "lines.jsonl"
    batch.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines),
                     encoding="utf-8")
    command = [sys.executable, "-m", "bpelens.app", "encode", "-t", str(O200K), "--jsonl"]
    streamed = []
    for _ in range(args.repeat):
        with batch.open("rb") as stdin:
            start = time.perf_counter()
            subprocess.run(command, stdin=stdin, stdout=subprocess.DEVNULL, env=env, check=True)
            streamed.append(time.perf_counter() - start)

    def in_process() -> None:
        open_tokenizer(O200K).encode_batch_ids(lines)

    def one_by_one() -> None:
        encode = open_tokenizer(O200K).encode_ids
        for line in lines:
            encode(line)

    engine = best(args.repeat, in_process)
    alone = best(1, one_by_one)
    size_mb = sum(len(line.encode("utf-8")) for line in lines) / 1e6
    print(f"{'encode --jsonl, ' + format(len(lines), ',') + ' lines':<44} process "
          f"{min(streamed):6.2f} s   engine alone {engine:6.2f} s   overhead "
          f"{min(streamed) / engine:5.2f}×   ({size_mb / min(streamed):.1f} MB/s; each line "
          f"alone in-process {alone:.2f} s)")


def processes(args: argparse.Namespace) -> None:
    here = str(Path(__file__).resolve().parent)
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "BPELENS_CACHE_DIR": cache, "PYTHONPATH": here}
        line = "Tokenizers split text into pieces: 東京, नमस्ते, مرحبا 👋"
        cases = {
            "o200k: load + encode one line": (
                f"from bpelens.core import open_tokenizer\n"
                f"print(open_tokenizer({str(O200K)!r}).encode_ids({line!r}))",
                f"from bench_encoding import tiktoken_o200k\n"
                f"print(tiktoken_o200k().encode({line!r}))", "tiktoken"),
            "qwen3 tokenizer.json: load + encode one line": (
                f"from bpelens.core import open_tokenizer\n"
                f"print(open_tokenizer({str(QWEN3)!r}).encode_ids({line!r}))",
                f"from tokenizers import Tokenizer\n"
                f"print(Tokenizer.from_file({str(QWEN3)!r}).encode({line!r}).ids)", "HF"),
        }
        for label, (ours_code, ref_code, ref_name) in cases.items():
            _process(ours_code, env)  # fills the cache, as the first open on a machine does
            ours_times = [_process(ours_code, env)[0] for _ in range(args.repeat)]
            ref_times = [_process(ref_code, env)[0] for _ in range(args.repeat)]
            print(f"{label:<44} ours {min(ours_times):6.3f} s   {ref_name} "
                  f"{min(ref_times):6.3f} s   ratio {min(ref_times) / min(ours_times):5.2f}×")
        jsonl_stream(args, env, Path(cache))
        encode_1mb = (f"from bpelens.core import open_tokenizer\n"
                      f"from bench_encoding import ntrex_text\nt = ntrex_text(1)\n"
                      f"open_tokenizer({str(O200K)!r}).encode_ids(t)")
        with tempfile.TemporaryDirectory() as empty:
            # The first bulk encode on a machine builds the pair table (then cached on disk).
            print(f"{'peak RSS, o200k + encode 1 MB, ours, 1st use':<44} "
                  f"{_peak_rss(encode_1mb, {**env, 'BPELENS_CACHE_DIR': empty}):8.1f} MB")
        for label, code in {
            "peak RSS, o200k loaded, ours": "from bpelens.core import open_tokenizer\n"
            f"open_tokenizer({str(O200K)!r}).encode_ids('hello')",
            "peak RSS, o200k loaded, tiktoken": "from bench_encoding import tiktoken_o200k\n"
            "tiktoken_o200k().encode('hello')",
            "peak RSS, o200k + encode 1 MB, ours": encode_1mb,
            "peak RSS, o200k + encode 1 MB, tiktoken": "from bench_encoding import "
            "ntrex_text, tiktoken_o200k\nt = ntrex_text(1)\ntiktoken_o200k().encode(t)",
        }.items():
            print(f"{label:<44} {_peak_rss(code, env):8.1f} MB")


def _peak_rss(code: str, env: dict[str, str]) -> float:
    """Peak resident memory of a fresh process running ``code``, in MB."""
    out = subprocess.run(["/usr/bin/time", "-f", "%M", sys.executable, "-c", code], env=env,
                         capture_output=True, text=True, check=True)
    return int(out.stderr.strip().splitlines()[-1]) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--mb", type=float, default=12.0)
    parser.add_argument("--skip-processes", action="store_true")
    parser.add_argument("--skip-hf", action="store_true",
                        help="leave out qwen3 and llama3 against HF tokenizers (slow)")
    args = parser.parse_args()
    require_shared_data()
    in_process(args)
    if not args.skip_processes:
        processes(args)


if __name__ == "__main__":
    main()
