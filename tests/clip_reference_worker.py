"""Run by tests in the reference venv (transformers): CLIP's tokenizer built, as transformers
builds it, from the vocabulary CLIP's simple_tokenizer.py derives from bpe_simple_vocab's
merges. Reads {"vocab_gz": path, "texts": [...]} on stdin; writes each text's ids without and
with the special tokens around."""

import gzip
import json
import sys

from transformers import CLIPTokenizer

request = json.loads(sys.stdin.read())
with gzip.open(request["vocab_gz"]) as packed:
    lines = packed.read().decode("utf-8").split("\n")
merges = [tuple(line.split()) for line in lines[1 : 49152 - 256 - 2 + 1]]
# simple_tokenizer.py: GPT-2's byte symbols in its table's order, each again with </w>, one
# token per merge, then the two special tokens.
printable = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1),
             *range(ord("®"), ord("ÿ") + 1)]
rest = [b for b in range(256) if b not in printable]
symbols = [chr(b) for b in printable] + [chr(256 + n) for n in range(len(rest))]
vocab = [*symbols, *(s + "</w>" for s in symbols), *("".join(m) for m in merges),
         "<|startoftext|>", "<|endoftext|>"]
tokenizer = CLIPTokenizer(vocab={token: i for i, token in enumerate(vocab)}, merges=merges)
answers = [{"plain": tokenizer(text, add_special_tokens=False)["input_ids"],
            "around": tokenizer(text)["input_ids"]} for text in request["texts"]]
sys.stdout.write(json.dumps(answers))
