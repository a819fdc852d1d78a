"""Run by tests in the reference venv (transformers, which needs a newer `regex` than BPE
Lens pins): reads one JSON request per line on stdin and answers what `apply_chat_template`
makes of it — the rendered text and the ids — or the error."""

import json
import sys

from transformers import PreTrainedTokenizerFast

loaded = {}
for line in sys.stdin:
    request = json.loads(line)
    try:
        key = (request["tokenizer_file"], json.dumps(request["special_tokens"]))
        if key not in loaded:
            loaded[key] = PreTrainedTokenizerFast(tokenizer_file=request["tokenizer_file"],
                                                  **request["special_tokens"])
        tokenizer = loaded[key]
        options = {"chat_template": request["template"],
                   "add_generation_prompt": request["add_generation_prompt"]}
        if request.get("tools") is not None:
            options["tools"] = request["tools"]
        text = tokenizer.apply_chat_template(request["messages"], tokenize=False, **options)
        ids = tokenizer.apply_chat_template(request["messages"], tokenize=True,
                                            return_dict=False, **options)
        answer = {"text": text, "ids": list(ids)}
    except Exception as exc:
        answer = {"error": f"{type(exc).__name__}: {str(exc)[:200]}"}
    sys.stdout.write(json.dumps(answer, ensure_ascii=False) + "\n")
    sys.stdout.flush()
