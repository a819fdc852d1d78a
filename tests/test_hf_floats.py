"""Scores in tokenizer.json read exactly as Hugging Face's ``tokenizers`` reads them (serde_json
without ``float_roundtrip``, which is not correctly rounded), so a Unigram model whose
segmentations tie in exact arithmetic breaks the tie as Hugging Face does."""

from __future__ import annotations

import json
import random
import re
from decimal import Decimal
from pathlib import Path

import pytest
from tokenizers import Tokenizer as HFTokenizer

from bpelens.core import open_tokenizer
from bpelens.core.formats import hf_floats
from bpelens.core.formats.hf_floats import serde_float

from conftest import SHARED_DATA, needs_shared_data


def unigram_doc(scores: list[str]) -> str:
    """A Unigram tokenizer.json whose pieces t0, t1 … have these scores, spelled as given."""
    pieces = ",".join(f'["t{i}",{s}]' for i, s in enumerate(scores))
    return ('{"version":"1.0","truncation":null,"padding":null,"added_tokens":[],'
            '"normalizer":null,"pre_tokenizer":null,"post_processor":null,"decoder":null,'
            f'"model":{{"type":"Unigram","unk_id":0,"vocab":[["<unk>",-100.0],{pieces}],'
            '"byte_fallback":false}}')


def hf_scores(path: Path) -> list[float]:
    """The doubles HF holds: it writes them back shortest-round-trip, which float() reads
    exactly."""
    written = json.loads(HFTokenizer.from_file(str(path)).to_str())
    return [float(score) for _, score in written["model"]["vocab"]]


def numbers(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out = ["-0.0", "0.1", "-1e-400", "123456789012345678901234.5", "1.8446744073709551615",
           "-18446744073709551616.25", "9.999999999999999999999e-5", "-2.5E+3", "1e300"]
    while len(out) < count:
        digits = "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 24)))
        point = rng.randint(1, len(digits))
        whole = digits[:point].lstrip("0") or "0"
        sign = "-" if rng.random() < 0.7 else ""
        text = f"{sign}{whole}.{digits[point:] or '0'}"
        if rng.random() < 0.3:
            text += f"e{rng.randint(-30, 30)}"
        out.append(text)
    return out


def test_generated_numbers_read_as_hugging_face_reads_them(tmp_path):
    spelled = numbers(3000, seed=11)
    path = tmp_path / "scores.json"
    path.write_text(unigram_doc(spelled), encoding="utf-8")
    expected = hf_scores(path)[1:]
    ours = [serde_float(s) for s in spelled]
    assert ours == expected
    # and correct rounding (Python's float) is not what HF does on these
    assert sum(float(s) != e for s, e in zip(spelled, expected, strict=True)) > 50


ODD = ["1.", ".5", "01.5", "-", "", "+1.5", "1_0.5", "\u0661.\u0665", "0", "-0", "007", "5",
       "-0.0", "1.0000000000000000001", "1234567890123456789.5", "12345678901234567890.5",
       "18446744073709551615.0", "-9999999999999999999.9", "0.00000000000000000001", "1.5 "]


def test_the_short_way_reads_as_the_digit_by_digit_way() -> None:
    # Numbers of at most 19 digits without an exponent skip the digit-by-digit reading.
    def read(reader, text: str):
        try:
            value = reader(text)
        except ValueError:
            return "refused"
        return (value, str(value))  # str: -0.0 is not 0.0

    # What json.loads gives its parse_float: valid JSON numbers only.
    for text in [*(t for t in ODD if re.fullmatch(JSON_NUMBER, t)), *numbers(3000, seed=5),
                 *numbers(3000, seed=7)]:
        assert read(hf_floats.json_float, text) == read(serde_float, text), text


JSON_NUMBER = r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?"


@needs_shared_data
def test_every_score_of_a_real_unigram_file():
    path = SHARED_DATA / "tokenizers" / "hf" / "pegasus-unigram.tokenizer.json"
    spelled = [s for _, s in json.loads(path.read_text("utf-8"), parse_float=str)["model"][
        "vocab"]]
    ours = [serde_float(s) if isinstance(s, str) else float(s) for s in spelled]
    assert ours == hf_scores(path)


# x + y against xy, where the decimals tie exactly and one way of reading them does not:
# found by search; HF's pick differs from what correctly rounded scores give.
TIES = [("-10.04180092082237733", "-8.93527088648284726", "-18.97707180730522459"),
        ("-12.43060016610733911", "-1.59794360152551818", "-14.02854376763285729"),
        ("-7.54239971027862537", "-10.01308336550780452", "-17.55548307578642989"),
        ("-6.36058899698686544", "-8.60781632644562073", "-14.96840532343248617")]


@pytest.mark.parametrize(("x", "y", "xy"), TIES)
def test_a_tie_in_exact_arithmetic_breaks_as_in_hugging_face(tmp_path, x, y, xy):
    assert Decimal(x) + Decimal(y) == Decimal(xy)
    # the file exposes the difference: correct rounding and HF's reading disagree on the tie
    assert (float(x) + float(y) == float(xy)) != (
        serde_float(x) + serde_float(y) == serde_float(xy))
    path = tmp_path / "tie.json"
    path.write_text(unigram_doc([x, y, xy]).replace('"t0"', '"x"').replace('"t1"', '"y"')
                    .replace('"t2"', '"xy"'), encoding="utf-8")
    expected = HFTokenizer.from_file(str(path)).encode("xy").ids
    assert open_tokenizer(path).encode_ids("xy") == expected
