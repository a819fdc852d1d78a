"""The protobuf schema of SentencePiece ``.model`` files, described in code for the protobuf
runtime (no generated ``_pb2`` module, no hand-written wire parser).

Followed: ``src/sentencepiece_model.proto`` of google/sentencepiece at commit
273449044caa593c2fd7eb7550cb3ab2cff93f1a (proto2). Only the messages and fields BPE Lens
reads are declared; the runtime keeps every other field as an unknown field and ignores it.
Field numbers and proto2 defaults are the schema's (``add_dummy_prefix``,
``remove_extra_whitespaces`` and ``escape_whitespaces`` default to true, ``byte_fallback``
to false, ``model_type`` to UNIGRAM, ``unk_surface`` to " ⁇ ").

Two declarations differ from the schema while reading the same bytes (same wire types):

* strings are declared ``bytes``, so that a piece that is not UTF-8 is reported by its index
  instead of being handed over as text or bytes depending on the runtime;
* enums (``ModelProto.SentencePiece.Type``, ``TrainerSpec.ModelType``) are declared
  ``int32``: proto2 enums are closed, so the runtime would silently read an unknown value as
  the default (a piece of type 9 as NORMAL); as plain integers they can be checked and named.

The message classes live in a private descriptor pool: importing the ``sentencepiece``
package (which registers its own ``sentencepiece_model.proto``) never clashes with them.
"""

from __future__ import annotations

import functools
from typing import Any

# ModelProto.SentencePiece.Type
NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE = 1, 2, 3, 4, 5, 6
PIECE_TYPES = {NORMAL: "NORMAL", UNKNOWN: "UNKNOWN", CONTROL: "CONTROL",
               USER_DEFINED: "USER_DEFINED", UNUSED: "UNUSED", BYTE: "BYTE"}
# TrainerSpec.ModelType
UNIGRAM, BPE, WORD, CHAR = 1, 2, 3, 4
MODEL_TYPES = {UNIGRAM: "UNIGRAM", BPE: "BPE", WORD: "WORD", CHAR: "CHAR"}

# (message, [(field, number, type, label, default)]); types and labels as in descriptor.proto.
_BOOL, _INT32, _FLOAT, _BYTES, _MESSAGE = "bool", "int32", "float", "bytes", "message"
_SCHEMA: list[tuple[str, list[tuple[str, int, str, str, str | None]]]] = [
    ("TrainerSpec", [
        ("model_type", 3, _INT32, "optional", "1"),
        ("vocab_size", 4, _INT32, "optional", "8000"),
        ("treat_whitespace_as_suffix", 24, _BOOL, "optional", "false"),
        ("byte_fallback", 35, _BOOL, "optional", "false"),
        ("unk_id", 40, _INT32, "optional", "0"),
        ("bos_id", 41, _INT32, "optional", "1"),
        ("eos_id", 42, _INT32, "optional", "2"),
        ("pad_id", 43, _INT32, "optional", "-1"),
        # " \xE2\x81\x87 " (U+2047 between spaces), C-escaped as descriptors spell bytes.
        ("unk_surface", 44, _BYTES, "optional", " \\342\\201\\207 "),
        ("unk_piece", 45, _BYTES, "optional", "<unk>"),
        ("bos_piece", 46, _BYTES, "optional", "<s>"),
        ("eos_piece", 47, _BYTES, "optional", "</s>"),
        ("pad_piece", 48, _BYTES, "optional", "<pad>"),
    ]),
    ("NormalizerSpec", [
        ("name", 1, _BYTES, "optional", None),
        ("precompiled_charsmap", 2, _BYTES, "optional", None),
        ("add_dummy_prefix", 3, _BOOL, "optional", "true"),
        ("remove_extra_whitespaces", 4, _BOOL, "optional", "true"),
        ("escape_whitespaces", 5, _BOOL, "optional", "true"),
    ]),
    ("ModelProto", [
        ("pieces", 1, "ModelProto.SentencePiece", "repeated", None),
        ("trainer_spec", 2, "TrainerSpec", "optional", None),
        ("normalizer_spec", 3, "NormalizerSpec", "optional", None),
        ("denormalizer_spec", 5, "NormalizerSpec", "optional", None),
    ]),
    ("ModelProto.SentencePiece", [
        ("piece", 1, _BYTES, "optional", None),
        ("score", 2, _FLOAT, "optional", None),
        ("type", 3, _INT32, "optional", "1"),
    ]),
]
_PACKAGE = "sentencepiece"


@functools.cache
def _classes() -> dict[str, Any]:
    from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

    field_proto = descriptor_pb2.FieldDescriptorProto
    scalar = {_BOOL: field_proto.TYPE_BOOL, _INT32: field_proto.TYPE_INT32,
              _FLOAT: field_proto.TYPE_FLOAT, _BYTES: field_proto.TYPE_BYTES}
    labels = {"optional": field_proto.LABEL_OPTIONAL, "repeated": field_proto.LABEL_REPEATED}
    file = descriptor_pb2.FileDescriptorProto(
        name="bpelens/sentencepiece_model.proto", package=_PACKAGE, syntax="proto2")
    messages: dict[str, Any] = {}
    for name, fields in _SCHEMA:
        outer, _, inner = name.partition(".")
        if inner:
            message = messages[outer].nested_type.add(name=inner)
        else:
            message = file.message_type.add(name=outer)
        messages[name] = message
        for field, number, kind, label, default in fields:
            entry = message.field.add(name=field, number=number, label=labels[label])
            if kind in scalar:
                entry.type = scalar[kind]
            else:
                entry.type = field_proto.TYPE_MESSAGE
                entry.type_name = f".{_PACKAGE}.{kind}"
            if default is not None:
                entry.default_value = default
    # Type names are resolved when the file joins the pool; only nesting needs the outer
    # message first.
    pool = descriptor_pool.DescriptorPool()
    pool.Add(file)
    return {name: message_factory.GetMessageClass(pool.FindMessageTypeByName(
        f"{_PACKAGE}.{name}")) for name, _ in _SCHEMA}


def parse_model_proto(data: bytes) -> Any:
    """A ``ModelProto`` message read from ``data``; ``google.protobuf.message.DecodeError``
    when the bytes are not a well-formed protobuf message."""
    message = _classes()["ModelProto"]()
    message.ParseFromString(data)
    return message


def decode_error_type() -> type[Exception]:
    from google.protobuf.message import DecodeError

    return DecodeError
