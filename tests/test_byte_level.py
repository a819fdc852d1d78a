from tokenizers import pre_tokenizers

from bpelens.core import bytes_to_printable, bytes_to_unicode, printable_to_bytes
from bpelens.core.text.byte_level import hf_byte_order


def test_map_is_a_bijection_onto_printable_characters():
    table = bytes_to_unicode()
    assert len(set(table)) == 256
    assert all(ch.isprintable() and not ch.isspace() for ch in table)
    assert table[0x20] == "Ġ" and table[0x0A] == "Ċ" and table[ord("a")] == "a"


def test_round_trip_and_seed_002_spelling():
    assert bytes_to_printable("こんにちは".encode()) == "ãģĵãĤĵãģ«ãģ¡ãģ¯"
    data = bytes(range(256))
    assert printable_to_bytes(bytes_to_printable(data)) == data


def test_hf_base_order_is_the_order_of_hf_byte_level_alphabet():
    table = bytes_to_unicode()
    assert [table[b] for b in hf_byte_order()] == sorted(pre_tokenizers.ByteLevel.alphabet())
