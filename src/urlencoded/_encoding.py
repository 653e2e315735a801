"""TEMPORARY STUB (UTF-8 only) — replaced by the full Encoding Standard module."""

from __future__ import annotations

from ._errors import UnknownEncodingError

__all__ = ["UTF_8", "Encoding", "decode", "encode_or_fail", "get_encoding", "get_output_encoding"]


class Encoding:
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"<Encoding {self.name}>"


UTF_8 = Encoding("UTF-8")
_ASCII_WHITESPACE = "\t\n\f\r "


def get_encoding(label: str | Encoding) -> Encoding:
    if isinstance(label, Encoding):
        return label
    if not isinstance(label, str):
        raise TypeError(f"encoding label must be str or Encoding, not {type(label).__name__}")
    if label.strip(_ASCII_WHITESPACE).lower() in ("utf-8", "utf8", "unicode-1-1-utf-8"):
        return UTF_8
    raise UnknownEncodingError(label)


def get_output_encoding(encoding: str | Encoding) -> Encoding:
    return get_encoding(encoding)


def encode_or_fail(encoding: Encoding, text: str) -> list[bytes | int]:
    return [text.encode("utf-8")]


def decode(encoding: Encoding, data: bytes, *, fatal: bool = False) -> str:
    return data.decode("utf-8", "strict" if fatal else "replace")
