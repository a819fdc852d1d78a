"""Configured like Hugging Face (GPT-2 regex, HF's base-id order), training learns the same
merges as tokenizers' BpeTrainer."""

import json
import os

from hypothesis import given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer as HFTokenizer
from tokenizers import models, pre_tokenizers, trainers

from bpelens.core import TrainingConfig, bytes_to_printable, train

from conftest import SHARED_DATA, needs_shared_data

os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


def hf_merges(lines: list[str], vocab_size: int) -> list[tuple[str, str]]:
    tok = HFTokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size, min_frequency=0, show_progress=False,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    tok.train_from_iterator(lines, trainer)
    merges = json.loads(tok.to_str())["model"]["merges"]
    return [tuple(m) if isinstance(m, list) else tuple(m.split(" ")) for m in merges]


def our_merges(lines: list[str], vocab_size: int) -> list[tuple[str, str]]:
    result = train(lines, TrainingConfig(vocab_size=vocab_size, level="byte", byte_order="hf",
                                         pretokenizer="gpt2", min_frequency=0))
    table = result.tokenizer.model.token_bytes
    return [(bytes_to_printable(table[m.left_id]), bytes_to_printable(table[m.right_id]))
            for m in result.merges]


text_lines = st.lists(
    st.text(alphabet=st.sampled_from(list("aabbcdel  \n\t'sDÉé猫ね1234.,!🙂\u00a0\u3000")),
            min_size=1, max_size=30),
    min_size=1, max_size=12,
)


@given(text_lines, st.integers(257, 330))
@settings(max_examples=60, deadline=None)
def test_merges_identical_to_hf_on_generated_corpora(lines, vocab_size):
    assert our_merges(lines, vocab_size) == hf_merges(lines, vocab_size)


@needs_shared_data
def test_merges_identical_to_hf_on_real_multilingual_text():
    lines: list[str] = []
    for name in ("newstest2019-src.eng.txt", "newstest2019-ref.jpn.txt",
                 "newstest2019-ref.hin.txt", "newstest2019-ref.arb.txt"):
        path = SHARED_DATA / "parallel" / "ntrex128" / name
        text = path.read_text(encoding="utf-8").replace("\r", "")
        lines += text.splitlines(keepends=True)[:400]
    assert our_merges(lines, 2000) == hf_merges(lines, 2000)
