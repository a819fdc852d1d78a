"""Opening the vendors' files against their reference libraries, in the same run: the six GGUF
vocabularies (next to ``tokenizers`` loading the same model's tokenizer.json), a GGUF model
file of gigabytes (sparse tensor data after a real header: it must open in about the time of
its header), Meta's Llama 3/4 rank files (next to ``llama_models``), Mistral's tekken.json
(next to ``mistral_common``), a Kimi-style tiktoken.model and CLIP's vocabulary; and
``inspect`` on a long text, streamed, against the report
made whole (peak memory of each, in a child process).

    python benchmarks/bench_formats.py [--inspect-bytes 1000000] [--only gguf,vendors,…]
"""

from __future__ import annotations

import os

os.environ["RAYON_NUM_THREADS"] = "1"
os.environ["TOKENIZERS_PARALLELISM"] = "false"

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bpelens.core import open_tokenizer

from shared_data import SHARED_DATA, require_shared_data

TOKENIZERS = SHARED_DATA / "tokenizers"
GGUF_PAIRS = {"llama-spm": "llama-spm", "gpt-2": "gpt2", "falcon": "falcon",
              "llama-bpe": "llama3", "qwen2": "qwen3", "bert-bge": "bert-base-uncased-minilm"}


def timed(function):
    started = time.perf_counter()
    result = function()
    return result, time.perf_counter() - started


def gguf() -> None:
    from tokenizers import Tokenizer

    print("GGUF vocabularies: BPE Lens opening the .gguf (first open, then from its disk "
          "cache) / tokenizers opening tokenizer.json")
    for name, hf in GGUF_PAIRS.items():
        path = TOKENIZERS / "gguf" / f"ggml-vocab-{name}.gguf"
        os.environ["BPELENS_CACHE"] = "0"
        _, first = timed(lambda p=path: open_tokenizer(p))
        os.environ.pop("BPELENS_CACHE")
        open_tokenizer(path)  # writes the cache entry
        _, cached = timed(lambda p=path: open_tokenizer(p))
        _, ref = timed(lambda h=hf: Tokenizer.from_file(str(TOKENIZERS / "hf" /
                                                            f"{h}.tokenizer.json")))
        print(f"  {name:10} {first:6.2f} s  cached {cached:5.2f} s   {ref:6.2f} s   ratio "
              f"{first / ref:5.1f} / {cached / ref:4.1f}")


def big_gguf() -> None:
    import numpy as np
    from gguf import GGUFReader, GGUFValueType, GGUFWriter

    source = GGUFReader(TOKENIZERS / "gguf" / "ggml-vocab-llama-spm.gguf")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "model.gguf"
        writer = GGUFWriter(path, "llama")
        for key, field in source.fields.items():
            if key.startswith("GGUF.") or key == "general.architecture":
                continue
            kind = field.types[0]
            writer.add_key_value(key, field.contents(), kind,
                                 sub_type=field.types[-1] if kind == GGUFValueType.ARRAY
                                 else None)
        for index in range(8):
            writer.add_tensor_info(f"blk.{index}.weight", (1 << 28,), np.dtype(np.float32),
                                   1 << 30)
        writer.write_header_to_file()
        writer.write_kv_data_to_file()
        writer.write_ti_data_to_file()
        writer.close()
        with path.open("r+b") as handle:
            handle.truncate((8 << 30) + path.stat().st_size)
        _, big = timed(lambda: open_tokenizer(path))
        _, small = timed(lambda: open_tokenizer(TOKENIZERS / "gguf" /
                                                "ggml-vocab-llama-spm.gguf"))
        print(f"a {path.stat().st_size / 2**30:.1f} GiB GGUF: {big:.2f} s; its vocabulary "
              f"alone: {small:.2f} s")


def vendors() -> None:
    import llama_models
    import mistral_common
    from llama_models.llama3.tokenizer import Tokenizer as Llama3
    from llama_models.llama4.tokenizer import Tokenizer as Llama4
    from mistral_common.tokens.tokenizers.tekken import Tekkenizer

    llama = Path(llama_models.__file__).parent
    for name, reference in (("llama3", Llama3), ("llama4", Llama4)):
        path = llama / name / "tokenizer.model"
        _, ours = timed(lambda p=path: open_tokenizer(p))
        _, ref = timed(lambda p=path, r=reference: r(p))
        print(f"{name} tokenizer.model: {ours:.2f} s, llama_models {ref:.2f} s")
    for path in sorted((Path(mistral_common.__file__).parent / "data").glob("tekken_*.json")):
        _, ours = timed(lambda p=path: open_tokenizer(p))
        _, ref = timed(lambda p=path: Tekkenizer.from_file(str(p)))
        print(f"{path.name}: {ours:.2f} s, Tekkenizer {ref:.2f} s")


def kimi_and_clip() -> None:
    """A Kimi-style folder (cl100k's ranks as tiktoken.model beside a tokenization_kimi.py
    with Kimi's pattern) against tiktoken building the same Encoding; CLIP's vocabulary
    (BPELENS_CLIP_VOCAB, as .ci/run fetches it) against tokenizers loading it as
    tokenizer.json."""
    import shutil

    import tiktoken
    from tiktoken.load import load_tiktoken_bpe

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from test_remote_code_rank_files import KIMI_MODULE, KIMI_PATTERN

    with tempfile.TemporaryDirectory() as folder:
        model = Path(folder)
        shutil.copyfile(TOKENIZERS / "tiktoken" / "cl100k_base.tiktoken",
                        model / "tiktoken.model")
        (model / "tokenization_kimi.py").write_text(KIMI_MODULE, encoding="utf-8")
        (model / "tokenizer_config.json").write_text(
            '{"auto_map": {"AutoTokenizer": ["tokenization_kimi.TikTokenTokenizer", null]}}',
            encoding="utf-8")
        os.environ["BPELENS_CACHE"] = "0"
        _, ours = timed(lambda: open_tokenizer(model / "tiktoken.model"))
        os.environ.pop("BPELENS_CACHE")
        _, ref = timed(lambda: tiktoken.Encoding(
            "kimi", pat_str=KIMI_PATTERN, special_tokens={},
            mergeable_ranks=load_tiktoken_bpe(str(model / "tiktoken.model"))))
        print(f"Kimi-style tiktoken.model: {ours:.2f} s, tiktoken {ref:.2f} s")
    clip = os.environ.get("BPELENS_CLIP_VOCAB")
    if not clip or not Path(clip).is_file():
        print("CLIP: BPELENS_CLIP_VOCAB names no file; skipped")
        return
    from tokenizers import Tokenizer

    from bpelens.core import save_hf_json

    os.environ["BPELENS_CACHE"] = "0"
    loaded, ours = timed(lambda: open_tokenizer(clip))
    os.environ.pop("BPELENS_CACHE")
    with tempfile.TemporaryDirectory() as folder:
        exported = Path(folder) / "tokenizer.json"
        save_hf_json(loaded, exported)
        _, ref = timed(lambda: Tokenizer.from_file(str(exported)))
    print(f"CLIP bpe_simple_vocab_16e6.txt.gz: {ours:.2f} s, tokenizers (as tokenizer.json) "
          f"{ref:.2f} s")


CHILD = """
import sys, resource
from bpelens.app.cli.inspect_command import render, render_lines
from bpelens.core import open_tokenizer, piece_traces
tokenizer = open_tokenizer(sys.argv[1])
text = open(sys.argv[2], encoding="utf-8").read()
out = open("/dev/null", "w")
if sys.argv[3] == "whole":
    out.write(render(tokenizer, tokenizer.encode(text, trace=True)))
else:
    encoding = tokenizer.encode(text)
    for line in render_lines(tokenizer, encoding, None, piece_traces(tokenizer, encoding)):
        out.write(line + "\\n")
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""


def inspect(size: int) -> None:
    ntrex = SHARED_DATA / "parallel" / "ntrex128"
    text = "".join(p.read_text(encoding="utf-8") for p in sorted(ntrex.glob("*.txt")))
    data = text.encode("utf-8")[:size].decode("utf-8", "ignore")
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False,
                                     encoding="utf-8") as handle:
        handle.write(data)
    tokenizer = str(TOKENIZERS / "tiktoken" / "o200k_base.tiktoken")
    for mode in ("whole", "streamed"):
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", CHILD, tokenizer, handle.name, mode],
                              capture_output=True, text=True, check=True)
        print(f"inspect {size:,} bytes, {mode}: {time.perf_counter() - started:.1f} s, peak "
              f"{done.stdout.strip()} MB")
    os.unlink(handle.name)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--inspect-bytes", type=int, default=1_000_000)
    parser.add_argument("--only", default="gguf,big_gguf,vendors,kimi_and_clip,inspect",
                        help="which parts, comma-separated")
    args = parser.parse_args()
    require_shared_data()
    parts = {"gguf": gguf, "big_gguf": big_gguf, "vendors": vendors,
             "kimi_and_clip": kimi_and_clip, "inspect": lambda: inspect(args.inspect_bytes)}
    for name in args.only.split(","):
        parts[name]()
    print(f"(this process: peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} "
          "MB)")


if __name__ == "__main__":
    main()
