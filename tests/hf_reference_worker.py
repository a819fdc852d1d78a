"""Run by tests in a subprocess: reads tokenizer.json documents (one JSON line each) on stdin
and answers, per document, what Hugging Face's `tokenizers` makes of it: the ids of the
texts given as argv[1], or the error. A subprocess because some malformed files make the
library abort the whole process (a Rust panic in a destructor)."""

import json
import sys

import tokenizers

texts = json.loads(sys.argv[1])
for line in sys.stdin:
    try:
        tokenizer = tokenizers.Tokenizer.from_str(line)
        tokenizer.no_padding()
        tokenizer.no_truncation()
        answer = {"ids": [tokenizer.encode(t, add_special_tokens=False).ids for t in texts]}
    except BaseException as exc:
        answer = {"error": f"{type(exc).__name__}: {str(exc)[:200]}"}
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()
