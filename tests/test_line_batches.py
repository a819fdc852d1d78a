"""Standard input read as batches of complete lines (`bpelens encode --jsonl`)."""

import io
import os

from bpelens.app.cli import line_batches as lb


def test_every_line_comes_once_in_order_whatever_the_reads():
    data = b"".join(b'"line %d"\r\n' % i if i % 7 else b"\n" for i in range(20_000)) + b"tail"
    got = [line for batch in lb.line_batches(io.BytesIO(data)) for line in batch]
    assert got == data.split(b"\n")


def test_a_file_arrives_in_big_batches_and_a_pipe_line_by_line_when_slow(tmp_path):
    path = tmp_path / "lines.jsonl"
    path.write_bytes(b'"abc"\n' * 300_000)  # 1.8 MB
    with path.open("rb") as handle:
        sizes = [len(batch) for batch in lb.line_batches(handle)]
    assert sum(sizes) == 300_000
    assert len(sizes) <= 3 and max(sizes) > 100_000

    read, write = os.pipe()
    os.write(write, b'"first"\n"sec')
    with os.fdopen(read, "rb") as reader:
        batches = lb.line_batches(reader)
        assert next(batches) == [b'"first"']  # answered before the rest is written
        os.write(write, b'ond"\n')
        os.close(write)
        assert list(batches) == [[b'"second"']]


def test_empty_input_gives_nothing():
    assert list(lb.line_batches(io.BytesIO(b""))) == []
