"""The inputs of bench_corners.py: each query shape, in UTF-8 and in a legacy encoding.

A shape is a query string (ASCII: every byte of the encoding above 0x7F is
percent-encoded); the other inputs of a row (bytes, pairs, text, a text/plain
body, a nested mapping, a URL) are derived from it, once per shape and
encoding, when a row first asks for them.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Callable
from functools import cached_property
from typing import Any

import urlencoded

MB = 1_000_000

# UTF-8 and one encoding of each legacy family of the Encoding Standard.
ENCODINGS = [
    "UTF-8",
    "windows-1252",
    "iso-8859-2",
    "windows-1251",
    "shift_jis",
    "euc-jp",
    "iso-2022-jp",
    "gbk",
    "gb18030",
    "big5",
    "euc-kr",
]

JAPANESE = "日本語のテキスト"
# Per encoding: a short word for "café" and a text in the encoding's script
# (CJK for UTF-8 and the CJK encodings), both written the same by the
# Encoding Standard's encoder and Python's codec of that name.
SCRIPTS: dict[str, tuple[str, str]] = {
    "UTF-8": ("café", JAPANESE),
    "windows-1252": ("café", "Crème brûlée à la française, naïve "),
    "iso-8859-2": ("café", "Zażółć gęślą jaźń, łódź "),
    "windows-1251": ("кафе", "Съешь же ещё этих мягких булок "),
    "shift_jis": ("カフェ", JAPANESE),
    "euc-jp": ("カフェ", JAPANESE),
    "iso-2022-jp": ("カフェ", JAPANESE),
    "gbk": ("咖啡", "中文的文本测试"),
    "gb18030": ("咖啡", "中文的文本测试"),
    "big5": ("咖啡", "中文的文字測試"),
    "euc-kr": ("카페", "한국어 텍스트 "),
}

# bench_core's 2 KB form value (UTF-8) and 1 MB value's unit.
FORM_VALUE_UTF8 = "Jane+Doe%2C+12+Rue+de+la+Paix%2C+75002+Paris+%E2%80%93+caf%C3%A9+ok"
UNIT_UTF8 = "hello+world+caf%C3%A9+au+lait+a%2Fb%2Fc+na%C3%AFve+"
REDIRECT = "redirect=https%3A%2F%2Fexample.com%2Faccount%2Forders%3Fpage%3D2%26sort%3Ddate&lang=en"


def escape(text: str, encoding: str) -> str:
    """*text* encoded in *encoding* and percent-encoded as a form does (space as ``+``)."""
    return urllib.parse.quote_plus(text, safe="", encoding=encoding)


def _repeat(unit: str, size: int, prefix: str = "") -> str:
    return prefix + unit * max(1, (size - len(prefix)) // len(unit))


def _cafe(encoding: str, size: int) -> str:
    return f"q={escape(SCRIPTS[encoding][0], encoding)}+au+lait&x"


def _utm(encoding: str, size: int) -> str:
    term = escape(SCRIPTS[encoding][1][:8], encoding)
    return (
        "utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale"
        f"&utm_term={term}&utm_content=footer_link"
    )


def _form(encoding: str, size: int) -> str:
    if encoding == "UTF-8":
        value = FORM_VALUE_UTF8
    else:
        word, text = SCRIPTS[encoding]
        value = (
            "Jane+Doe%2C+12+Rue+de+la+Paix%2C+75002+Paris+"
            f"{escape(text[:2], encoding)}+{escape(word, encoding)}+ok"
        )
    return "&".join(f"field_{i:02}={value}" for i in range(26))


def _cjk(encoding: str, size: int) -> str:
    text = SCRIPTS[encoding][1]
    value = escape((text * (200 // len(text) + 1))[:200], encoding)
    return "&".join(f"field{i}={value}" for i in range(20))


def _value(encoding: str, size: int) -> str:
    if encoding == "UTF-8":
        unit = UNIT_UTF8
    else:
        word, text = SCRIPTS[encoding]
        unit = (
            f"hello+world+{escape(word, encoding)}+au+lait+a%2Fb%2Fc+{escape(text[:3], encoding)}+"
        )
    return _repeat(unit, size, "q=")


def _escaped_fields(encoding: str, size: int) -> str:
    text = SCRIPTS[encoding][1]
    value = escape((text * 3)[:20], encoding)
    fields: list[str] = []
    length = 0
    while length < size:
        fields.append(f"k{len(fields)}={value}")
        length += len(fields[-1]) + 1
    return "&".join(fields)


# key -> (title, builder(encoding, size of the large shapes)).
SHAPES: dict[str, tuple[str, Callable[[str, int], str]]] = {
    "a=1": ("a=1", lambda encoding, size: "a=1"),
    "a=%20": ("a=%20", lambda encoding, size: "a=%20"),
    "cafe": ("q=caf%C3%A9+au+lait&x", _cafe),
    "utm": ("utm_* query, one escaped value", _utm),
    "redirect": ("redirect=https%3A%2F%2F...&lang=en", lambda encoding, size: REDIRECT),
    "ascii100": (
        "100 ASCII pairs",
        lambda encoding, size: "&".join(f"field{i}=value{i}" for i in range(100)),
    ),
    "form2k": ("2 kB form, 26 escaped fields", _form),
    "cjk20x200": ("20 fields x 200 escaped chars", _cjk),
    "value1mb": ("one 1 MB value", _value),
    "ab1mb": ("1 MB of a=b&", lambda encoding, size: _repeat("a=b&", size)),
    "a41_1mb": ("1 MB of a=%41&", lambda encoding, size: _repeat("a=%41&", size)),
    "esc1mb": ("1 MB of escaped non-ASCII values", _escaped_fields),
}
LARGE = {"value1mb", "ab1mb", "a41_1mb", "esc1mb"}


class Inputs:
    """One shape in one encoding, and what each path takes of it."""

    def __init__(self, shape: str, encoding: str, size: int = MB) -> None:
        self.shape = shape
        self.encoding = encoding
        self.query = SHAPES[shape][1](encoding, size)

    @cached_property
    def body(self) -> bytes:
        return self.query.encode("ascii")

    @cached_property
    def chunks(self) -> list[bytes]:
        """The body in 64 KiB chunks, as a server reads it."""
        step = 1 << 16
        return [self.body[start : start + step] for start in range(0, len(self.body), step)]

    @cached_property
    def pairs(self) -> list[tuple[str, str]]:
        return urlencoded.parse(self.query, encoding=self.encoding)

    @cached_property
    def text(self) -> str:
        """The decoded query as one string: what the encoding paths escape."""
        return "&".join(f"{name}={value}" for name, value in self.pairs)

    @cached_property
    def text_plain(self) -> bytes:
        return urlencoded.serialize_text_plain(self.pairs, encoding=self.encoding)

    @cached_property
    def nested(self) -> dict[str, Any]:
        return dict(urlencoded.parse_nested(self.query, encoding=self.encoding, **UNLIMITED_NESTED))

    @cached_property
    def url(self) -> str:
        return "https://example.com/search?" + self.query

    @cached_property
    def search_params(self) -> urlencoded.URLSearchParams:
        return urlencoded.URLSearchParams(self.pairs)


# The large shapes pass the default limits of the streaming and nested parsers.
UNLIMITED: dict[str, Any] = {"max_fields": None, "max_field_size": None, "max_body_size": None}
UNLIMITED_NESTED: dict[str, Any] = {**UNLIMITED, "max_keys": None, "max_list_index": None}
