"""Parallel corpora: TSV, JSONL, folders and archives of line-aligned files, read whole or
refused with a one-line CorpusError naming the file, the line and the language.

Every corpus here is written by the test itself in tmp_path, except the NTREX-128 tests, which
read ../shared/data (and skip, saying so, when it is absent).
"""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path

import pytest

from bpelens.core import (
    CorpusError,
    ParallelCorpus,
    compare,
    open_parallel_corpus,
    parse_tsv_corpus,
)
from bpelens.core.corpora import corpus_text, jsonl_corpus, line_files, tsv_corpus

from conftest import SHARED_DATA, needs_shared_data

NTREX = SHARED_DATA / "parallel" / "ntrex128"
NTREX_ARCHIVE = NTREX / "NTREX-128.tar.xz"
NTREX_LANGUAGES = 26
NTREX_SENTENCES = 1997

EN = ["The weather is nice today.", "I like cats.", "Where is the station?"]
JA = ["今日は天気がいいです。", "猫が好きです。", "駅はどこですか？"]
DE = ["Das Wetter ist heute schön.", "Ich mag Katzen.", "Wo ist der Bahnhof?"]


def write(path: Path, data: bytes | str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def lines(sentences: list[str], newline: str = "\n") -> str:
    return "".join(s + newline for s in sentences)


def refused(path: Path) -> str:
    """The message of the CorpusError opening ``path`` raises; it must be one line."""
    with pytest.raises(CorpusError) as caught:
        open_parallel_corpus(path)
    message = str(caught.value)
    assert "\n" not in message and "\r" not in message, message
    return message


@pytest.fixture
def constructions(monkeypatch) -> list[ParallelCorpus]:
    """Every ParallelCorpus a reader builds (to check that an error builds none)."""
    made: list[ParallelCorpus] = []
    real = ParallelCorpus

    def spy(*args, **kwargs):
        corpus = real(*args, **kwargs)
        made.append(corpus)
        return corpus

    for module in (tsv_corpus, jsonl_corpus, line_files):
        monkeypatch.setattr(module, "ParallelCorpus", spy)
    return made


def same_corpus(a: ParallelCorpus, b: ParallelCorpus) -> None:
    assert a.languages == b.languages
    assert a.ids == b.ids
    assert {k: tuple(v) for k, v in a.texts.items()} == {k: tuple(v) for k, v in b.texts.items()}
    assert dict(a.names) == dict(b.names)


# -- TSV ------------------------------------------------------------------------------------
def columns(*values: list[str]) -> list[list[str]]:
    return [list(row) for row in zip(*values, strict=True)]


def tsv(rows: list[list[str]], newline: str = "\n") -> str:
    return "".join("\t".join(row) + newline for row in rows)


def test_tsv_with_an_id_column(tmp_path):
    ids = ["s1", "s2", "s3"]
    path = write(tmp_path / "c.tsv", tsv([["id", "en", "ja"], *columns(ids, EN, JA)]))
    corpus = open_parallel_corpus(path)
    assert corpus.languages == ("en", "ja")
    assert corpus.ids == tuple(ids)
    assert len(corpus) == 3
    assert corpus.sentences("en") == EN
    assert corpus.sentences("ja") == JA
    assert corpus.notes == ()


def test_tsv_without_an_id_column_numbers_the_rows(tmp_path):
    path = write(tmp_path / "c.tsv", tsv([["en", "ja"], *columns(EN, JA)]))
    corpus = open_parallel_corpus(path)
    assert corpus.languages == ("en", "ja")
    assert corpus.ids == ("1", "2", "3")
    assert corpus.sentences("ja") == JA


def test_tsv_keeps_the_header_order_wherever_the_id_column_is(tmp_path):
    rows = [["ja", "id", "en", "de"], *([j, str(n), e, d] for n, (e, j, d)
                                         in enumerate(zip(EN, JA, DE, strict=True), start=10))]
    corpus = open_parallel_corpus(write(tmp_path / "c.tsv", tsv(rows)))
    assert corpus.languages == ("ja", "en", "de")
    assert corpus.ids == ("10", "11", "12")
    assert corpus.sentences("de") == DE
    assert corpus.sentences("en") == EN


def test_tsv_crlf_and_a_byte_order_mark_read_as_plain_lines(tmp_path):
    rows = [["id", "en", "ja"], *columns(["1", "2", "3"], EN, JA)]
    plain = open_parallel_corpus(write(tmp_path / "plain.tsv", tsv(rows)))
    windows = open_parallel_corpus(write(tmp_path / "windows.tsv",
                                         b"\xef\xbb\xbf" + tsv(rows, "\r\n").encode()))
    same_corpus(plain, windows)
    assert windows.languages == ("en", "ja")  # not "\ufeffid" / "ja\r"
    assert all("\r" not in s and "\ufeff" not in s
               for language in windows.languages for s in windows.sentences(language))


def test_tsv_blank_lines_at_the_end_are_no_rows(tmp_path):
    body = tsv([["en", "ja"], *columns(EN, JA)])
    for tail in ("\n\n\n", "\r\n\r\n", "\n  \n\t\n"):
        corpus = open_parallel_corpus(write(tmp_path / "c.tsv", body + tail))
        assert len(corpus) == 3
        assert corpus.sentences("en") == EN


def test_tsv_a_sentence_may_hold_line_separators_other_than_newline(tmp_path):
    odd = ["one\u2028two", "form\x0cfeed", "next\x85line"]
    corpus = open_parallel_corpus(write(tmp_path / "c.tsv", tsv([["en", "ja"],
                                                                 *columns(odd, JA)])))
    assert corpus.sentences("en") == odd


def test_parse_tsv_corpus_reads_bytes(tmp_path):
    data = tsv([["en", "ja"], *columns(EN, JA)]).encode()
    corpus = parse_tsv_corpus(data, "somewhere", name="mine")
    assert corpus.name == "mine"
    assert corpus.sentences("ja") == JA


def test_tsv_ragged_row_names_the_file_and_its_line(tmp_path, constructions):
    rows = [["id", "en", "ja"], ["1", EN[0], JA[0]], ["2", EN[1], JA[1]], ["3", EN[2]],
            ["4", "x", "y"]]
    path = write(tmp_path / "ragged.tsv", tsv(rows))
    message = refused(path)
    assert "ragged.tsv" in message
    assert "line 4" in message
    assert "2 fields" in message
    # A row with a field too many is refused too.
    rows[3] = ["3", EN[2], JA[2], "extra"]
    message = refused(write(path, tsv(rows)))
    assert "line 4" in message and "4 fields" in message
    assert constructions == []


def test_tsv_ragged_row_line_number_counts_crlf_and_bom(tmp_path):
    rows = [["en", "ja"], [EN[0], JA[0]], [EN[1]]]
    message = refused(write(tmp_path / "r.tsv", b"\xef\xbb\xbf" + tsv(rows, "\r\n").encode()))
    assert "r.tsv" in message and "line 3" in message


def test_tsv_duplicate_language_column(tmp_path, constructions):
    path = write(tmp_path / "dup.tsv", tsv([["en", "ja", "en"], ["a", "b", "c"]]))
    message = refused(path)
    assert "dup.tsv" in message and "line 1" in message and "'en'" in message
    assert constructions == []


def test_tsv_duplicate_id(tmp_path, constructions):
    rows = [["id", "en"], ["a", "x"], ["b", "y"], ["c", "z"], ["b", "w"]]
    message = refused(write(tmp_path / "ids.tsv", tsv(rows)))
    assert "ids.tsv" in message
    assert "line 5" in message and "line 3" in message and "'b'" in message
    assert constructions == []


@pytest.mark.parametrize("content", [b"", b"\n\n", b"\xef\xbb\xbf", b"\r\n  \r\n"])
def test_tsv_empty_file(tmp_path, content, constructions):
    message = refused(write(tmp_path / "empty.tsv", content))
    assert "empty.tsv" in message and "empty" in message
    assert constructions == []


@pytest.mark.parametrize("content", ["en\tja\n", "id\ten\tja", "en\tja\r\n\r\n"])
def test_tsv_header_only(tmp_path, content, constructions):
    message = refused(write(tmp_path / "header.tsv", content))
    assert "header.tsv" in message and "no sentences" in message
    assert constructions == []


@pytest.mark.parametrize(("data", "line"), [
    (b"en\tja\nhello\t\xff\n", 2),
    (b"\xef\xbb\xbfen\tja\r\na\tb\r\nc\td\r\ne\t\xe3\x81\r\n", 4),  # a cut character
    (b"en\tja\na\tb\n\n\nc\t\x80d", 5),  # blank lines count; no newline at the end
    (b"e\xc0n\tja\na\tb\n", 1),
])
def test_tsv_undecodable_bytes_name_the_file_and_the_right_line(tmp_path, data, line,
                                                                constructions):
    message = refused(write(tmp_path / "bad.tsv", data))
    assert "bad.tsv" in message
    assert f"line {line}:" in message
    assert "UTF-8" in message
    assert constructions == []


# -- JSONL ----------------------------------------------------------------------------------
def jsonl(rows: list[dict]) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def test_jsonl_rows_sharing_an_id_are_parallel(tmp_path):
    rows = []
    for n, (e, j, d) in enumerate(zip(EN, JA, DE, strict=True), start=1):
        rows += [{"lang": "ja", "id": f"s{n}", "text": j}, {"lang": "en", "id": f"s{n}", "text": e},
                 {"lang": "de", "id": n, "text": d, "source": "ignored"}]
    rows.reverse()  # ids and languages keep the order they first appear in
    corpus = open_parallel_corpus(write(tmp_path / "c.jsonl", jsonl(rows)))
    assert corpus.languages == ("de", "en", "ja")
    # German used numbers as ids: they are other ids than "s1"… (no silent matching)
    assert set(corpus.ids) == {"s1", "s2", "s3", "1", "2", "3"}
    en_rows = corpus.shared_rows(["en", "ja"])
    assert [corpus.ids[i] for i in en_rows] == ["s3", "s2", "s1"]
    assert corpus.sentences("en", en_rows) == EN[::-1]
    assert corpus.sentences("ja", en_rows) == JA[::-1]


def test_jsonl_parallel_by_id_in_any_order(tmp_path):
    rows = [{"lang": "en", "id": str(n), "text": e} for n, e in enumerate(EN)]
    rows += [{"lang": "ja", "id": str(n), "text": j} for n, j in reversed(list(enumerate(JA)))]
    text = jsonl(rows).replace("\n", "\r\n", 2) + "\n   \n"
    corpus = open_parallel_corpus(write(tmp_path / "c.jsonl", "\ufeff" + text))
    assert corpus.languages == ("en", "ja")
    assert corpus.ids == ("0", "1", "2")
    assert corpus.sentences("ja") == JA
    assert corpus.notes == ()


def test_jsonl_missing_ids_are_noted_and_comparisons_use_the_shared_ones(tmp_path):
    from bpelens.app.demo_data import load_demo

    ids = ["a", "b", "c", "d", "e"]
    en = [f"Sentence number {i} in English." for i in ids]
    ja = [f"日本語の文 {i} です。" for i in ids]
    fr = [f"Phrase {i} en français." for i in ids]
    lacking = {"ja": {"b"}, "fr": {"d", "e"}}
    rows = [{"lang": lang, "id": i, "text": t}
            for lang, texts in (("en", en), ("ja", ja), ("fr", fr))
            for i, t in zip(ids, texts, strict=True) if i not in lacking.get(lang, ())]
    corpus = open_parallel_corpus(write(tmp_path / "c.jsonl", jsonl(rows)))
    assert corpus.ids == tuple(ids)
    assert corpus.missing("en") == 0 and corpus.missing("ja") == 1 and corpus.missing("fr") == 2
    assert len(corpus.notes) == 2
    ja_note = next(n for n in corpus.notes if n.startswith("ja"))
    fr_note = next(n for n in corpus.notes if n.startswith("fr"))
    assert "b" in ja_note and "1" in ja_note
    assert "d" in fr_note and "e" in fr_note and "2" in fr_note
    assert not any(n.startswith("en") for n in corpus.notes)

    def shared(languages):
        return tuple(n for n, i in enumerate(ids)
                     if not any(i in lacking.get(lang, ()) for lang in languages))

    for languages in (["en"], ["en", "ja"], ["en", "fr"], ["ja", "fr"], ["en", "ja", "fr"]):
        assert corpus.shared_rows(languages) == shared(languages), languages
    with pytest.raises(CorpusError):
        corpus.sentences("ja")  # it lacks one: choose rows first

    tokenizer = load_demo("demo-multilingual-byte")
    result = compare(corpus, [("demo", tokenizer)], languages=["ja"], reference="en")
    rows_used = shared(["en", "ja"])
    assert result.sentences == len(rows_used) == 4
    assert result.corpus_rows == rows_used
    for language, texts in (("en", en), ("ja", ja)):
        picked = [texts[i] for i in rows_used]
        row = result.row("demo", language)
        assert row.chars == sum(map(len, picked))
        assert row.bytes == sum(len(t.encode()) for t in picked)
        assert list(result.sentence_tokens("demo", language)) == [
            len(tokenizer.encode_ids(t, special="none")) for t in picked]
    everything = compare(corpus, [("demo", tokenizer)])
    assert everything.corpus_rows == shared(["en", "ja", "fr"]) == (0, 2)


@pytest.mark.parametrize(("line", "what"), [
    ('{"lang": "en", "id": "3", "text": "no end"', "not JSON"),
    ('{"lang": "en", "id": "3", "text": "x",}', "not JSON"),
    ('{"lang": "en", "id": "3", "text": NaN}', "NaN"),
    ('["en", "3", "x"]', "list"),
    ('"just a string"', "str"),
])
def test_jsonl_bad_json_line(tmp_path, line, what, constructions):
    good = jsonl([{"lang": "en", "id": "1", "text": "a"}, {"lang": "ja", "id": "1", "text": "b"}])
    path = write(tmp_path / "bad.jsonl", good + "\n" + line + "\n" + good)
    message = refused(path)
    assert "bad.jsonl" in message and "line 4" in message and what in message
    assert constructions == []


@pytest.mark.parametrize(("row", "words"), [
    ({"lang": "en", "id": "2"}, ["'text'"]),
    ({"id": "2", "text": "x"}, ["'lang'"]),
    ({"text": "x"}, ["'lang'", "'id'"]),
])
def test_jsonl_missing_keys(tmp_path, row, words, constructions):
    rows = [{"lang": "en", "id": "1", "text": "a"}, row]
    message = refused(write(tmp_path / "keys.jsonl", jsonl(rows)))
    assert "keys.jsonl" in message and "line 2" in message
    for word in words:
        assert word in message
    assert constructions == []


@pytest.mark.parametrize(("row", "key"), [
    ({"lang": "en", "id": True, "text": "x"}, '"id"'),
    ({"lang": "en", "id": False, "text": "x"}, '"id"'),
    ({"lang": "en", "id": 1.5, "text": "x"}, '"id"'),
    ({"lang": "en", "id": None, "text": "x"}, '"id"'),
    ({"lang": "en", "id": ["1"], "text": "x"}, '"id"'),
    ({"lang": "en", "id": "1", "text": 5}, '"text"'),
    ({"lang": "en", "id": "1", "text": None}, '"text"'),
    ({"lang": "en", "id": "1", "text": ["x"]}, '"text"'),
    ({"lang": 7, "id": "1", "text": "x"}, '"lang"'),
    ({"lang": "  ", "id": "1", "text": "x"}, '"lang"'),
])
def test_jsonl_wrong_types(tmp_path, row, key, constructions):
    rows = [{"lang": "ja", "id": "0", "text": "a"}, {"lang": "ja", "id": "9", "text": "b"}, row]
    message = refused(write(tmp_path / "types.jsonl", jsonl(rows)))
    assert "types.jsonl" in message and "line 3" in message and key in message
    assert constructions == []


def test_jsonl_integer_ids_are_accepted(tmp_path):
    rows = [{"lang": "en", "id": 1, "text": "a"}, {"lang": "ja", "id": 1, "text": "b"}]
    corpus = open_parallel_corpus(write(tmp_path / "c.jsonl", jsonl(rows)))
    assert corpus.ids == ("1",)
    assert corpus.sentences("ja") == ["b"]


def test_jsonl_duplicate_language_and_id(tmp_path, constructions):
    rows = [{"lang": "en", "id": "1", "text": "a"}, {"lang": "ja", "id": "1", "text": "b"},
            {"lang": "en", "id": "2", "text": "c"}, {"lang": "en", "id": "1", "text": "d"}]
    message = refused(write(tmp_path / "dup.jsonl", jsonl(rows)))
    assert "dup.jsonl" in message and "line 4" in message and "line 1" in message
    assert "en" in message and "'1'" in message
    assert constructions == []


def test_jsonl_lone_surrogate_escape(tmp_path, constructions):
    good = '{"lang": "en", "id": "1", "text": "fine"}\n'
    path = write(tmp_path / "sur.jsonl", good + '{"lang": "ja", "id": "1", "text": "a\\ud800b"}\n')
    message = refused(path)
    assert "sur.jsonl" in message and "line 2" in message and "surrogate" in message
    assert constructions == []


@pytest.mark.parametrize("row", [
    '{"lang": "e\\ud800n", "id": "2", "text": "x"}',
    '{"lang": "ja", "id": "\\udc00", "text": "x"}',
], ids=["lang", "id"])
def test_jsonl_lone_surrogate_escape_in_a_language_or_an_id(tmp_path, row, constructions):
    good = '{"lang": "ja", "id": "1", "text": "fine"}\n'
    message = refused(write(tmp_path / "sur.jsonl", good + row + "\n"))
    assert "sur.jsonl" in message and "line 2" in message
    message.encode("utf-8")  # the message itself is text a terminal can show
    assert constructions == []


def test_jsonl_surrogate_pair_escape_is_one_character(tmp_path):
    data = '{"lang": "en", "id": "1", "text": "smile \\ud83d\\ude00"}\n'
    corpus = open_parallel_corpus(write(tmp_path / "pair.jsonl", data))
    assert corpus.sentences("en") == ["smile 😀"]


@pytest.mark.parametrize("content", [b"", b"\n\n  \n", b"\xef\xbb\xbf\r\n"])
def test_jsonl_empty_file(tmp_path, content, constructions):
    message = refused(write(tmp_path / "empty.jsonl", content))
    assert "empty.jsonl" in message and "no sentences" in message
    assert constructions == []


def test_jsonl_undecodable_bytes(tmp_path):
    good = '{"lang": "en", "id": "1", "text": "a"}\n'
    path = write(tmp_path / "b.jsonl", (good * 2).encode() + b'{"lang": "en", "id": "2", '
                 b'"text": "\xe9t\xe9"}\n')
    message = refused(path)
    assert "b.jsonl" in message and "line 3" in message


# -- folders of line-aligned files ----------------------------------------------------------
def folder_of(root: Path, files: dict[str, str | bytes]) -> Path:
    for name, content in files.items():
        write(root / name, content)
    return root


def test_flores_style_folder(tmp_path):
    root = folder_of(tmp_path / "devtest", {
        "jpn_Jpan.devtest": lines(JA), "eng_Latn.devtest": lines(EN),
        "deu_Latn.devtest": lines(DE)})
    corpus = open_parallel_corpus(root)
    assert corpus.name == "devtest"
    assert corpus.languages == ("deu_Latn", "eng_Latn", "jpn_Jpan")
    assert corpus.ids == ("1", "2", "3")
    assert corpus.sentences("eng_Latn") == EN
    assert corpus.sentences("jpn_Jpan") == JA
    assert corpus.default_reference() == "eng_Latn"
    assert corpus.language_name("jpn_Jpan") == "Japanese"
    assert corpus.notes == ()


def test_ntrex_style_folder(tmp_path):
    root = folder_of(tmp_path / "ntrex", {
        "newstest2019-ref.jpn.txt": lines(JA), "newstest2019-src.eng.txt": lines(EN),
        "newstest2019-ref.deu.txt": lines(DE)})
    corpus = open_parallel_corpus(root)
    assert set(corpus.languages) == {"deu", "eng", "jpn"}
    assert corpus.sentences("eng") == EN
    assert corpus.sentences("jpn") == JA
    assert corpus.sentences("deu") == DE
    assert corpus.default_reference() == "eng"


def test_plain_code_folder(tmp_path):
    root = folder_of(tmp_path / "plain", {"ja.txt": lines(JA), "en.txt": lines(EN),
                                          "de.txt": lines(DE), "zh-CN.txt": lines(JA)})
    corpus = open_parallel_corpus(root)
    assert set(corpus.languages) == {"ja", "en", "de", "zh-CN"}
    assert corpus.sentences("en") == EN
    assert corpus.sentences("zh-CN") == JA
    assert corpus.default_reference() == "en"


def test_folder_crlf_files_and_no_final_newline(tmp_path):
    root = folder_of(tmp_path / "crlf", {
        "en.txt": lines(EN, "\r\n"), "ja.txt": "\ufeff" + lines(JA, "\r\n"),
        "de.txt": "\r\n".join(DE)})
    corpus = open_parallel_corpus(root)
    assert corpus.sentences("en") == EN
    assert corpus.sentences("ja") == JA
    assert corpus.sentences("de") == DE


def test_folder_keeps_empty_lines_as_sentences(tmp_path):
    en = ["one", "", "three"]
    corpus = open_parallel_corpus(folder_of(tmp_path / "f", {"en.txt": lines(en),
                                                             "ja.txt": lines(JA)}))
    assert corpus.sentences("en") == en


def test_folder_skips_what_is_not_sentences_and_says_so(tmp_path):
    root = folder_of(tmp_path / "f", {
        "en.txt": lines(EN), "ja.txt": lines(JA), "README.md": "# about\n",
        "LICENSE": "some licence\nline two\n", "DOCUMENT_IDS.tsv": "a\nb\nc\n",
        "README.txt": "more words\n", ".hidden.txt": "x\n"})
    corpus = open_parallel_corpus(root)
    assert set(corpus.languages) == {"en", "ja"}
    assert len(corpus.notes) == 1
    note = corpus.notes[0]
    for name in ("README.md", "LICENSE", "DOCUMENT_IDS.tsv", "README.txt"):
        assert name in note
    assert ".hidden" not in note


def test_folder_languages_tsv_names_the_languages(tmp_path):
    root = folder_of(tmp_path / "f", {
        "newstest2019-src.eng.txt": lines(EN), "newstest2019-ref.jpn.txt": lines(JA),
        "newstest2019-ref.xyz.txt": lines(DE),
        "LANGUAGES.tsv": "jpn\tJapanisch\nxyz Made-up Tongue\nfra\tFrench\n"})
    corpus = open_parallel_corpus(root)
    assert set(corpus.languages) == {"eng", "jpn", "xyz"}
    assert corpus.language_name("jpn") == "Japanisch"
    assert corpus.language_name("xyz") == "Made-up Tongue"
    assert corpus.language_name("eng") == "English"  # not in the file: the code table
    assert corpus.label("xyz") == "Made-up Tongue (xyz)"
    assert corpus.find_language("made-up tongue") == "xyz"
    assert corpus.find_language("Japanisch") == "jpn"
    assert "fra" not in corpus.names  # no such file
    assert corpus.notes == ()  # LANGUAGES.tsv is read, not skipped


def test_folder_unaligned_line_counts_name_the_odd_file(tmp_path, constructions):
    root = folder_of(tmp_path / "f", {
        "newstest2019-src.eng.txt": lines(EN), "newstest2019-ref.jpn.txt": lines(JA),
        "newstest2019-ref.deu.txt": lines(DE[:2]), "newstest2019-ref.fra.txt": lines(EN)})
    message = refused(root)
    assert "newstest2019-ref.deu.txt" in message and "(deu)" in message
    assert "2 lines" in message and "3" in message
    assert "jpn.txt" not in message and "fra.txt" not in message
    assert constructions == []


def test_folder_two_unaligned_files_are_both_named(tmp_path):
    root = folder_of(tmp_path / "f", {"en.txt": lines(EN), "ja.txt": lines([*JA, "余分"])})
    message = refused(root)
    assert "en.txt" in message and "ja.txt" in message
    assert "3" in message and "4" in message


@pytest.mark.parametrize("bad", ["zz.txt", "aa.txt"])
def test_folder_undecodable_bytes_name_the_file_language_and_line(tmp_path, bad,
                                                                  constructions):
    files: dict[str, str | bytes] = {"en.txt": lines(EN, "\r\n"), "ja.txt": lines(JA)}
    files[bad] = b"first\r\nsecond\r\nth\xffird\r\n"
    message = refused(folder_of(tmp_path / "f", files))
    language = bad.split(".")[0]
    assert bad in message and f"({language})" in message and "line 3" in message
    assert constructions == []


def test_folder_second_file_of_one_language_gets_a_key_of_its_own(tmp_path):
    second = ["El tiempo es bueno hoy.", "Me gustan los gatos.", "¿Dónde está la estación?"]
    first = ["Hace buen tiempo hoy.", "Me gustan los gatos.", "¿Dónde queda la estación?"]
    root = folder_of(tmp_path / "f", {
        "newstest2019-src.eng.txt": lines(EN), "newstest2019-ref.jpn.txt": lines(JA),
        "newstest2019-ref.deu.txt": lines(DE), "newstest2019-ref-2.spa.txt": lines(second),
        "newstest2019-ref.spa.txt": lines(first), "LANGUAGES.tsv": "spa\tSpanish\n"})
    corpus = open_parallel_corpus(root)
    assert set(corpus.languages) == {"eng", "jpn", "deu", "spa", "spa:newstest2019-ref-2"}
    assert corpus.sentences("spa") == first  # the file named like the others keeps the code
    assert corpus.sentences("spa:newstest2019-ref-2") == second
    assert "Spanish" in corpus.language_name("spa:newstest2019-ref-2")
    assert corpus.language_name("spa:newstest2019-ref-2") != corpus.language_name("spa")


def test_folder_with_two_splits_of_every_language_is_refused(tmp_path, constructions):
    files = {}
    for code, sentences in (("eng_Latn", EN), ("jpn_Jpan", JA), ("deu_Latn", DE)):
        files[f"{code}.dev"] = lines(sentences)
        files[f"{code}.devtest"] = lines(sentences[:2])
    message = refused(folder_of(tmp_path / "flores", files))
    assert "flores" in message and "split" in message
    assert ".dev" in message and ".devtest" in message
    assert constructions == []


def test_folder_without_sentence_files(tmp_path, constructions):
    message = refused(folder_of(tmp_path / "nothing", {"README.md": "hi\n",
                                                       "notes.tsv": "a\tb\n"}))
    assert "nothing" in message and "no files of sentences" in message
    empty = tmp_path / "empty"
    empty.mkdir()
    assert "no files of sentences" in refused(empty)
    assert constructions == []


def test_folder_of_empty_files(tmp_path, constructions):
    message = refused(folder_of(tmp_path / "f", {"en.txt": "", "ja.txt": ""}))
    assert "empty" in message
    assert constructions == []


def test_an_error_builds_no_corpus_but_success_builds_one(tmp_path, constructions):
    good = folder_of(tmp_path / "good", {"en.txt": lines(EN), "ja.txt": lines(JA)})
    corpus = open_parallel_corpus(good)
    assert constructions == [corpus]
    constructions.clear()
    # The bad file sorts last: the others were read (and decoded) before it.
    bad = folder_of(tmp_path / "bad", {"en.txt": lines(EN), "ja.txt": lines(JA),
                                       "zu.txt": b"a\nb\n\xfe\n"})
    refused(bad)
    assert constructions == []


def test_unknown_paths_and_formats(tmp_path):
    assert "no such file" in refused(tmp_path / "missing.tsv")
    message = refused(write(tmp_path / "corpus.docx", b"PK\x03\x04"))
    assert "corpus.docx" in message and ".tsv" in message and ".jsonl" in message


# -- size limits ----------------------------------------------------------------------------
def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path, monkeypatch):
    monkeypatch.setitem(corpus_text.read_corpus_file.__kwdefaults__, "limit", 64)
    small = tsv([["en", "ja"], ["a", "b"]])
    assert open_parallel_corpus(write(tmp_path / "small.tsv", small)).sentences("en") == ["a"]
    big = write(tmp_path / "big.tsv", small + tsv([["x" * 30, "y" * 30]] * 3))
    opened: list[Path] = []
    real_open = Path.open

    def watch(self, *args, **kwargs):
        opened.append(self)
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", watch)
    message = refused(big)
    assert "big.tsv" in message and "bytes" in message
    assert big not in opened  # its size said no before anything was read


def test_folder_total_over_the_limit_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(line_files, "MAX_TOTAL_BYTES", 100)
    root = folder_of(tmp_path / "f", {"en.txt": lines(EN), "ja.txt": lines(JA),
                                      "de.txt": lines(DE)})
    message = refused(root)
    assert str(root) in message and "bytes" in message


# -- archives -------------------------------------------------------------------------------
def pack(folder: Path, archive: Path, *, prefix: str = "") -> Path:
    mode = {".gz": "w:gz", ".xz": "w:xz", ".bz2": "w:bz2", ".tar": "w"}[archive.suffix]
    with tarfile.open(archive, mode) as tar:
        if prefix:
            info = tarfile.TarInfo(prefix.rstrip("/"))
            info.type = tarfile.DIRTYPE
            tar.addfile(info)
        for path in sorted(folder.rglob("*"), reverse=True):  # an order of its own
            if path.is_file():
                tar.add(path, arcname=prefix + str(path.relative_to(folder)))
    return archive


@pytest.fixture
def ntrex_like(tmp_path) -> Path:
    second = ["Segunda versión uno.", "Segunda versión dos.", "Segunda versión tres."]
    return folder_of(tmp_path / "corpus", {
        "newstest2019-src.eng.txt": lines(EN, "\r\n"),
        "newstest2019-ref.jpn.txt": lines(JA, "\r\n"),
        "newstest2019-ref.deu.txt": lines(DE, "\r\n"),
        "newstest2019-ref.spa.txt": lines(EN[::-1], "\r\n"),
        "newstest2019-ref-2.spa.txt": lines(second, "\r\n"),
        "LANGUAGES.tsv": "jpn\tJapanese (from the file)\nspa\tSpanish\n",
        "README.md": "about\n", "LICENSE.md": "licence\n"})


@pytest.mark.parametrize("suffix", [".tar.gz", ".tar.xz", ".tar.bz2", ".tar"])
@pytest.mark.parametrize("prefix", ["", "NTREX-128/"])
def test_archive_gives_the_same_corpus_as_the_folder(tmp_path, ntrex_like, suffix, prefix):
    folder = open_parallel_corpus(ntrex_like)
    archive = pack(ntrex_like, tmp_path / f"corpus{suffix}", prefix=prefix)
    packed = open_parallel_corpus(archive)
    same_corpus(folder, packed)
    assert packed.name == "corpus"
    assert folder.language_name("jpn") == packed.language_name("jpn") == \
        "Japanese (from the file)"
    assert "spa:newstest2019-ref-2" in packed.languages
    assert len(packed.notes) == 1
    assert "README.md" in packed.notes[0] and "LICENSE.md" in packed.notes[0]


@pytest.mark.parametrize("content", [
    b"this is not an archive at all\n" * 20,
    b"\x1f\x8b\x08\x00" + b"\x00" * 50,  # a gzip header and nothing sensible after it
    b"",
], ids=["text", "gzip-header-only", "empty"])
def test_corrupt_archive_is_a_corpus_error(tmp_path, content, constructions):
    message = refused(write(tmp_path / "broken.tar.gz", content))
    assert "broken.tar.gz" in message
    assert constructions == []


def test_truncated_archive_is_a_corpus_error(tmp_path, ntrex_like, constructions):
    whole = pack(ntrex_like, tmp_path / "whole.tar.xz").read_bytes()
    cut = write(tmp_path / "cut.tar.xz", whole[: len(whole) * 2 // 3])
    message = refused(cut)
    assert "cut.tar.xz" in message
    assert constructions == []


def test_archive_member_over_the_limit_is_refused_before_it_is_read(tmp_path, monkeypatch,
                                                                    constructions):
    root = folder_of(tmp_path / "f", {"en.txt": lines(EN), "ja.txt": lines(JA),
                                      "de.txt": "long line\n" * 100})
    archive = pack(root, tmp_path / "c.tar.gz")
    monkeypatch.setattr(line_files, "MAX_FILE_BYTES", 200)
    extracted: list[str] = []
    real = tarfile.TarFile.extractfile

    def watch(self, member):
        extracted.append(member.name if isinstance(member, tarfile.TarInfo) else member)
        return real(self, member)

    monkeypatch.setattr(tarfile.TarFile, "extractfile", watch)
    message = refused(archive)
    assert "de.txt" in message and "c.tar.gz" in message and "1,000 bytes" in message
    assert "de.txt" not in extracted
    assert constructions == []


def test_archive_total_over_the_limit_is_refused(tmp_path, monkeypatch):
    files = {f"{code}.txt": lines([f"{code} sentence number {i}" for i in range(40)])
             for code in ("en", "ja", "de")}
    sizes = [len(content.encode()) for content in files.values()]
    limit = sum(sizes) - 100
    assert max(sizes) < limit  # each member fits, all of them together do not
    root = folder_of(tmp_path / "f", files)
    monkeypatch.setattr(line_files, "MAX_TOTAL_BYTES", limit)
    compressed = pack(root, tmp_path / "c.tar.xz")
    assert compressed.stat().st_size < limit  # the archive itself is small
    message = refused(compressed)
    assert f"{compressed}:" in message and "bytes" in message
    assert refused(root).startswith(f"{root}:")
    uncompressed = pack(root, tmp_path / "c.tar")
    assert f"{uncompressed}:" in refused(uncompressed)


def test_archive_undecodable_member_names_member_language_and_line(tmp_path):
    root = folder_of(tmp_path / "f", {"en.txt": lines(EN),
                                      "ja.txt": "一\n".encode() + b"\xe4\xba\n" + "三\n".encode()})
    message = refused(pack(root, tmp_path / "c.tar.xz", prefix="set/"))
    assert "c.tar.xz" in message and "set/ja.txt" in message and "(ja)" in message
    assert "line 2" in message


def test_archive_skips_links_and_folders(tmp_path):
    archive = tmp_path / "c.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        for name, sentences in (("d/en.txt", EN), ("d/ja.txt", JA)):
            data = lines(sentences).encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        link = tarfile.TarInfo("d/de.txt")
        link.type = tarfile.SYMTYPE
        link.linkname = "/etc/passwd"
        tar.addfile(link)
    corpus = open_parallel_corpus(archive)
    assert set(corpus.languages) == {"en", "ja"}
    assert corpus.sentences("ja") == JA


# -- choosing languages ---------------------------------------------------------------------
def corpus_of(languages: list[str], names: dict[str, str] | None = None) -> ParallelCorpus:
    return ParallelCorpus(name="t", source="test", languages=tuple(languages), ids=("1",),
                          texts={lang: (f"{lang} text",) for lang in languages},
                          names=names or {})


@pytest.mark.parametrize(("languages", "expected"), [
    (["fr", "en", "ja"], "en"),
    (["fra", "eng", "jpn"], "eng"),
    (["deu_Latn", "eng_Latn", "jpn_Jpan"], "eng_Latn"),
    (["ja", "EN"], "EN"),
    (["de", "en-GB"], "en-GB"),
    (["ja", "ko", "zh"], "ja"),
    (["kor", "jpn"], "kor"),
])
def test_default_reference(languages, expected):
    assert corpus_of(languages).default_reference() == expected


def test_default_reference_by_the_corpus_own_names():
    corpus = corpus_of(["xx", "yy"], names={"yy": "English"})
    assert corpus.default_reference() == "yy"


def test_find_language_by_code_or_name():
    corpus = corpus_of(["eng", "jpn", "zho-CN", "srp_Cyrl"], names={"zho-CN": "Chinese (PRC)"})
    assert corpus.find_language("JPN") == "jpn"
    assert corpus.find_language(" eng ") == "eng"
    assert corpus.find_language("Japanese") == "jpn"
    assert corpus.find_language("english") == "eng"
    assert corpus.find_language("zho-cn") == "zho-CN"
    assert corpus.find_language("chinese (prc)") == "zho-CN"
    assert corpus.find_language("Serbian (Cyrillic)") == "srp_Cyrl"
    assert corpus.find_language("Klingon") is None
    assert corpus.find_language("ja") is None  # a code the corpus does not use


def test_check_languages():
    corpus = corpus_of(["eng", "jpn", "deu"])
    assert corpus.check_languages(["Japanese", "deu", "jpn"]) == ["jpn", "deu"]
    with pytest.raises(CorpusError) as caught:
        corpus.check_languages(["jpn", "Klingon"])
    message = str(caught.value)
    assert "'Klingon'" in message and "\n" not in message
    for code in corpus.languages:
        assert code in message
    with pytest.raises(CorpusError) as caught:
        corpus.check_languages(["xx"], what="reference language")
    assert str(caught.value).startswith("reference language 'xx'")


# -- NTREX-128, the real thing --------------------------------------------------------------
def ntrex_files() -> dict[str, Path]:
    """Language code → file, from the file names (read by the test, not by BPE Lens)."""
    out = {}
    for path in sorted(NTREX.glob("newstest2019-*.txt")):
        out[path.name.split(".")[1]] = path
    return out


def read_lines(data: bytes) -> list[str]:
    text = data.decode("utf-8")
    assert text.endswith("\n")
    return [line.removesuffix("\r") for line in text[:-1].split("\n")]


def languages_tsv() -> dict[str, str]:
    out = {}
    for line in (NTREX / "LANGUAGES.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip():
            code, name = line.split(None, 1)
            out[code] = name.strip()
    return out


@pytest.fixture(scope="module")
def ntrex_folder() -> ParallelCorpus:
    if not NTREX.is_dir():
        pytest.skip(f"the NTREX-128 folder is not here ({NTREX})")
    return open_parallel_corpus(NTREX)


@needs_shared_data
def test_ntrex_folder(ntrex_folder):
    corpus = ntrex_folder
    files = ntrex_files()
    assert len(files) == NTREX_LANGUAGES
    assert set(corpus.languages) == set(files)
    assert len(corpus.languages) == NTREX_LANGUAGES
    assert "eng" in corpus.languages and corpus.default_reference() == "eng"
    assert len(corpus) == NTREX_SENTENCES
    assert corpus.ids == tuple(str(i) for i in range(1, NTREX_SENTENCES + 1))
    for language, path in files.items():
        expected = read_lines(path.read_bytes())
        assert len(expected) == NTREX_SENTENCES
        assert corpus.sentences(language) == expected, language
    names = languages_tsv()
    for language in corpus.languages:
        if language in names:
            assert corpus.language_name(language) == names[language]
    assert corpus.language_name("mya") == names["mya"] == "Myanmar"  # the file, not the table
    assert corpus.find_language("Chinese (Traditional)") == "zho-TW"
    assert len(corpus.notes) == 1
    for skipped in ("DOCUMENT_IDS.tsv", "LICENSE.md", "NTREX-128.tar.xz"):
        assert skipped in corpus.notes[0]


@needs_shared_data
def test_ntrex_archive(ntrex_folder):
    if not NTREX_ARCHIVE.is_file():
        pytest.skip(f"the NTREX-128 archive is not here ({NTREX_ARCHIVE})")
    corpus = open_parallel_corpus(NTREX_ARCHIVE)
    members: dict[str, bytes] = {}
    with tarfile.open(NTREX_ARCHIVE) as tar:
        for member in tar:
            if member.isfile() and member.name.endswith(".txt"):
                members[member.name.rsplit("/", 1)[-1]] = tar.extractfile(member).read()
    assert len(members) == 129
    assert len(corpus.languages) == 129
    assert len(corpus) == NTREX_SENTENCES
    assert corpus.default_reference() == "eng"
    spanish = [code for code in corpus.languages if code.startswith("spa")]
    assert sorted(spanish) == ["spa", "spa-MX", "spa:newstest2019-ref-2"]
    assert corpus.sentences("spa") == read_lines(members["newstest2019-ref.spa.txt"])
    assert corpus.sentences("spa:newstest2019-ref-2") == \
        read_lines(members["newstest2019-ref-2.spa.txt"])
    assert corpus.sentences("spa") != corpus.sentences("spa:newstest2019-ref-2")
    for name, data in members.items():
        if name == "newstest2019-ref-2.spa.txt":
            continue
        assert corpus.sentences(name.split(".")[1]) == read_lines(data), name
    for language in ntrex_folder.languages:  # the folder's files are copies of members
        assert corpus.sentences(language) == ntrex_folder.sentences(language)
    names = languages_tsv()
    assert all(corpus.language_name(code) == name for code, name in names.items()
               if code in corpus.languages)
    assert corpus.language_name("eng-GB") == "English (British)"
