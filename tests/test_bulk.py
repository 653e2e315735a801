"""Hypothesis properties for the bulk paths: every one agrees with the spec transcription.

The parser decodes whole blocks with stand-ins for the joints (``_bulk.py``).
These properties reach each of its paths: blocks cut at every size (the block
size is made tiny so that short inputs cross many block boundaries), long
fields cut into pieces for decoding, ``%26``, ``%3D`` and escapes of the
stand-ins themselves, bodies that already hold the stand-ins or every control
byte, other separators, and the serializer's and URLSearchParams' shortcuts.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import urlencoded
from tests import reference, reference_encoding, reference_html
from tests.strategies import form_bodies, pairs_with_surrogates
from urlencoded import Encoding
from urlencoded._core import _bulk, _short, _sparse
from urlencoded._core._form import _parser as _form

# Pieces that reach the stand-in logic: the stand-ins raw and escaped, the
# joints escaped, line breaks (no a2b_qp) and invalid escapes.
_STAND_IN_PIECES = st.one_of(
    st.sampled_from([b"\x1e", b"\x1f", b"%1E", b"%1e", b"%1F", b"%1f", b"%1", b"\x1d", b"%1D"]),
    st.sampled_from([b"%26", b"%3D", b"%3d", b"&", b"=", b"+", b"%2B", b"%25", b"%", b"%%"]),
    st.sampled_from([b"\n", b"\r", b"%0A", b"%zz", b"%C3%A9", b"%E6%97%A5", b"\xe6\x97\xa5"]),
    st.integers(0, 0x1F).map(lambda byte: bytes([byte])),
    st.sampled_from([b"a", b"name", b"value", b"x" * 40]),
)
stand_in_bodies = st.lists(_STAND_IN_PIECES, max_size=40).map(b"".join)
"""Bodies built to trip the bulk parser's checks."""

# Every byte a stand-in could be, so that none is free.
_ALL_CONTROLS = bytes([*range(0x20), 0x7F])


@contextmanager
def tiny_blocks(size: int) -> Iterator[None]:
    """Run the bulk parser with blocks of about *size* bytes."""
    with mock.patch.object(_bulk, "BLOCK", size):
        yield


@given(data=st.one_of(form_bodies, stand_in_bodies))
@example(b"a=%26&b=%3D=c&%3D=%26%26")
@example(b"a=\x1e&b=%1E%1f=\x1f")
@example(_ALL_CONTROLS + b"=%26&b=%41")
def test_parse_agrees_with_stand_ins(data: bytes) -> None:
    """Escapes of the joints and of the stand-ins decode into names and values, as the spec says."""
    assert urlencoded.parse(data) == reference.urlencoded_parse(data)
    assert urlencoded.parse_bytes(data) == reference.urlencoded_parse_to_bytes(data)


# Pieces of one long field: escapes and UTF-8 sequences, whole or cut short,
# raw or escaped, invalid escapes, a raw "=" or line break (no a2b_qp).
_FIELD_PIECES = st.one_of(
    st.sampled_from([b"%E6%97%A5", b"%E6%97", b"%A5", b"\xe6\x97\xa5", b"\xe6\x97", b"\xa5"]),
    st.sampled_from([b"%F0%9F%98%80", b"%F0%9F", b"%98%80", b"\xf0\x9f", b"%ef%bb%bf"]),
    st.sampled_from([b"%", b"%%", b"%4", b"%3D", b"%25", b"%zz", b"%2", b"+", b"\n", b"\r", b"="]),
    st.sampled_from([b"a", b"bc", b"xyz", b"%41", b"\x7f", b"\x00"]),
)
one_field = st.lists(_FIELD_PIECES, min_size=1, max_size=60).map(b"".join)
"""One sequence: no "&", so the parser decodes name and value in pieces."""


@given(data=st.one_of(form_bodies, stand_in_bodies, one_field), size=st.integers(1, 24))
@example(b"a=%41%42&b=%26%43", 3)
@example(b"q=" + b"%E6%97%A5" * 9, 4)
@example(b"q=%4", 2)
@example(b"q=ab%%%%%%%41%%", 4)
@example(b"q=%E6%97%A5%E6%97%A5abc%E6%97%A5", 3)
@example(b"q=ab\xe6\x97\xa5cd\xe6\x97", 2)
@example(b"%E6%97%A5abcd%E6%97", 4)
def test_blocks_agree(data: bytes, size: int) -> None:
    """Cutting the input into blocks and long fields into pieces changes no pair.

    A field longer than a block is decoded in pieces cut after an ASCII byte
    outside any escape: UTF-8 sequences and escapes, whole or cut short, meet
    those cuts in ``one_field``.
    """
    with tiny_blocks(size):
        assert urlencoded.parse(data) == reference.urlencoded_parse(data)
        assert urlencoded.parse_bytes(data) == reference.urlencoded_parse_to_bytes(data)


@given(data=st.one_of(form_bodies, stand_in_bodies, one_field), size=st.integers(1, 24))
@example(b"q=" + b"%E6%97%A5" * 9, 4)
@example(b"a=%41%42&b=%26%43&" * 3, 5)
@example(b"&&=&a==%3D&", 2)
@example(b"q=ab%%%%%%%41%%", 4)
@example(b"?", 1)
def test_ascii_text_blocks_agree(data: bytes, size: int) -> None:
    """A long ASCII str is cut into blocks, and one long field into pieces, as a str."""
    ascii_data = bytes(byte & 0x7F for byte in data)
    with tiny_blocks(size), mock.patch.object(_form, "BLOCK", size):
        parsed = urlencoded.parse(ascii_data.decode("ascii"))
        params = urlencoded.URLSearchParams(ascii_data.decode("ascii"))
    assert parsed == reference.urlencoded_parse(ascii_data)
    # The constructor removes one leading "?" first (its step 1).
    query = ascii_data[1:] if ascii_data.startswith(b"?") else ascii_data
    assert list(params) == reference.urlencoded_parse(query)


def _strict_outcome(data: bytes, charset_field: str | None = None) -> object:
    """The pairs of a strict parse, or the (offset, position) of its DecodeError."""
    try:
        return urlencoded.parse(data, errors="strict", charset_field=charset_field)
    except urlencoded.DecodeError as error:
        return (error.offset, error.position)


@given(data=st.one_of(form_bodies, stand_in_bodies, one_field), size=st.integers(1, 24))
@example(b"a=%FF&b=1", 4)
@example(b"a=1&b=%C3%28&c=%FF", 5)
def test_blocks_strict_agree(data: bytes, size: int) -> None:
    """In strict mode each block decodes, or reports the offset the field-by-field path does."""
    # A charset field that no body names keeps UTF-8 but walks the fields one by one.
    expected = _strict_outcome(data, charset_field="\x7f-")
    with tiny_blocks(size):
        assert _strict_outcome(data) == expected


@given(
    data=st.one_of(form_bodies, stand_in_bodies),
    separator=st.sampled_from([";", "|", "\x1e", "\x1f", "%", "+", "\x00", "&"]),
    size=st.sampled_from([3, 11, 64 * 1024]),
)
@example(b"a=1;b=%3B;c", ";", 64 * 1024)
@example(b"a\x1eb=\x1f", "\x1e", 3)
def test_other_separators_agree(data: bytes, separator: str, size: int) -> None:
    """Any separator byte gives the pairs of the transcription that splits on it."""
    expected = reference_html.urlencoded_parse(data, separator=ord(separator))
    with tiny_blocks(size):
        assert urlencoded.parse(data, separator=separator) == expected
        as_bytes = urlencoded.parse_bytes(data, separator=separator)
    decoded = [
        (name.decode("utf-8", "replace"), value.decode("utf-8", "replace"))
        for name, value in as_bytes
    ]
    assert decoded == expected


def test_long_bodies_agree() -> None:
    """Bodies of many default-sized blocks, one long field and escape-dense text agree."""
    field = "日本語のテキスト %26 = &".encode()
    bodies = [
        b"&".join(b"f%d=%s" % (index, field) for index in range(2_000)),
        b"q=" + b"%E6%97%A5%3D" * 7_000 + b"&tail=%26",
        b"q=" + b"hello+world+caf%C3%A9+" * 4_000,
        b"&" * 70_000 + b"a=%26" + b"=" * 70_000,
    ]
    for body in bodies:
        assert urlencoded.parse(body) == reference.urlencoded_parse(body)
        assert urlencoded.parse(body.decode("utf-8")) == reference.urlencoded_parse(body)


@given(pairs=pairs_with_surrogates)
@example([("a\x01b", "\x02"), ("c", "d")])
@example([("\x02", "é\x01")])
@example([("\x00", "\udc80\x01")])
def test_serializer_stand_ins_agree(pairs: list[tuple[str, str]]) -> None:
    """Names and values holding the serializer's stand-ins are escaped one by one."""
    scalar = [
        (reference.to_scalar_value_string(name), reference.to_scalar_value_string(value))
        for name, value in pairs
    ]
    expected = reference.urlencoded_serialize(scalar)
    assert urlencoded.serialize(pairs) == expected
    assert urlencoded.serialize([list(pair) for pair in pairs]) == expected
    assert str(urlencoded.URLSearchParams(pairs)) == expected


@given(
    pairs=st.lists(
        st.tuples(
            st.text(st.characters(max_codepoint=0xFFFF, exclude_categories=("Cs",))), st.text()
        ),
        max_size=12,
    )
)
def test_bmp_sort_agrees(pairs: list[tuple[str, str]]) -> None:
    """sort() without surrogate pairs orders as the UTF-16 code unit sort does."""
    params = urlencoded.URLSearchParams(pairs)
    params.sort()
    assert list(params) == sorted(pairs, key=lambda pair: pair[0].encode("utf-16-be"))


@given(pairs=st.lists(st.tuples(st.text(), st.text()), max_size=8))
def test_list_init_agrees(pairs: list[tuple[str, str]]) -> None:
    """A list of pairs and any other iterable of them construct the same list."""
    from_list = urlencoded.URLSearchParams(pairs)
    assert list(from_list) == list(urlencoded.URLSearchParams(iter(pairs)))
    assert list(urlencoded.URLSearchParams([list(pair) for pair in pairs])) == pairs


@contextmanager
def sparse_counting() -> Iterator[None]:
    """Count a block's raw joints with finds, one per joint, however dense they are."""
    with mock.patch.object(_bulk, "_SPARSE", 0):
        yield


@given(data=st.one_of(form_bodies, stand_in_bodies), size=st.sampled_from([5, 64 * 1024]))
@example(b"a=%1E&b=%1f", 64 * 1024)
@example(b"a=%1E%1F&b", 64 * 1024)
@example(b"a=b=%1e&c", 64 * 1024)
def test_sparse_joint_count_agrees(data: bytes, size: int) -> None:
    """Counting the joints with finds proves, as a full count does, that no escape became one."""
    with sparse_counting(), tiny_blocks(size):
        assert urlencoded.parse(data) == reference.urlencoded_parse(data)
        assert urlencoded.parse_bytes(data) == reference.urlencoded_parse_to_bytes(data)


def test_sparse_joint_count_on_long_fields() -> None:
    """Fields of hundreds of escapes, with and without escaped stand-ins, take the find count."""
    value = b"%E6%97%A5" * 200
    bodies = [
        b"&".join(b"field%d=%s" % (index, value) for index in range(20)),
        b"a=" + value + b"%1E&b=" + value,
        b"a=" + value + b"%1f=" + value + b"&b",
        b"a=" + value + b"=x&b=" + value,
    ]
    for body in bodies:
        assert urlencoded.parse(body) == reference.urlencoded_parse(body)
        assert urlencoded.parse_bytes(body) == reference.urlencoded_parse_to_bytes(body)


@contextmanager
def sparse_path_always() -> Iterator[None]:
    """Try the sparse path (str.replace, finds) on every ASCII block, however short its fields."""
    first_field = mock.patch.object(_sparse, "_FIRST_FIELD", 0)
    field_shift = mock.patch.object(_sparse, "_FIELD_SHIFT", 0)
    with first_field, field_shift:
        yield


# ASCII fields that are mostly name=value with escapes, now and then one that
# the sparse path must leave to the general one.
_SPARSE_GOOD = st.sampled_from([b"%E6%97%A5", b"%C3%A9", b"%41", b"a", b"+", b"%2B", b"%25", b"~"])
_SPARSE_BAD = st.one_of(
    st.sampled_from([b"%1E", b"%1f", b"%26", b"%3D", b"%", b"%4", b"%G1", b"\x1e", b"\x1f"]),
    st.sampled_from([b"=", b"&", b"\n", b"%\n", b"%\r", b"%FF", b"%ED%A0%80"]),
)
_SPARSE_VALUES = st.lists(st.one_of(*[_SPARSE_GOOD] * 15, _SPARSE_BAD), max_size=8).map(b"".join)
sparse_bodies = st.lists(
    st.tuples(st.sampled_from([b"a", b"name", b"", b"%41"]), _SPARSE_VALUES).map(b"=".join),
    min_size=2,
    max_size=6,
).map(b"&".join)
"""ASCII bodies of name=value fields with escapes, for the sparse path."""


@given(
    data=st.one_of(sparse_bodies, form_bodies, stand_in_bodies),
    size=st.sampled_from([5, 64 * 1024]),
)
@example(b"a=%1E&b=%1f", 64 * 1024)
@example(b"a=%1E%1F&b", 64 * 1024)
@example(b"a=b=%1e&c", 64 * 1024)
@example(b"a=%41\x1e&b=%41", 64 * 1024)
@example(b"a=%41&&b=%41", 64 * 1024)
@example(b"&a=%41", 64 * 1024)
@example(b"a=%41&", 64 * 1024)
@example(b"a=%4&b=%", 64 * 1024)
@example(b"a=%\n&b=%41", 64 * 1024)
def test_sparse_path_agrees(data: bytes, size: int) -> None:
    """The sparse path gives the spec's pairs, or leaves the block to the general path."""
    with sparse_path_always(), tiny_blocks(size):
        expected = reference.urlencoded_parse(data)
        assert urlencoded.parse(data) == expected
        if data.isascii():
            assert urlencoded.parse(data.decode("ascii")) == expected
        try:
            strict = urlencoded.parse(data, errors="strict")
        except urlencoded.DecodeError:
            assert any("\ufffd" in name + value for name, value in expected)
        else:
            assert strict == expected


def test_sparse_path_takes_long_fields() -> None:
    """Twenty fields of 200 escaped characters are parsed by the sparse path, and rightly."""
    value = b"%E6%97%A5" * 200
    body = b"&".join(b"field%d=%s" % (index, value) for index in range(20))
    pairs = _sparse.parse_sparse(body, "replace")
    assert pairs == reference.urlencoded_parse(body)
    assert pairs == [(f"field{index}", "日" * 200) for index in range(20)]
    assert _sparse.parse_sparse(body, "strict", body.decode("ascii")) == pairs
    # One joint too many, from an escaped stand-in, sends the block the general way.
    assert _sparse.parse_sparse(body.replace(b"&field3", b"%1E&field3"), "replace") is None
    assert _sparse.parse_sparse(body.replace(b"&field3=", b"&field3%1F"), "replace") is None
    # So do a raw stand-in and a first field too short to be worth it.
    assert _sparse.parse_sparse(body.replace(b"&field3", b"\x1f&field3"), "replace") is None
    assert _sparse.parse_sparse(b"a=%41&" + body, "replace") is None


# Names and values that are mostly what the serializer writes as it is, with
# now and then a character it escapes or a joint inside a name or value.
_PLAIN_TEXT = st.text(
    st.one_of(
        st.sampled_from("abcXYZ019*-._ "),
        st.sampled_from("&=+~%\x01\x02é日\U0001f600"),
    ),
    max_size=6,
)


@given(pairs=st.lists(st.tuples(_PLAIN_TEXT, _PLAIN_TEXT), max_size=6))
@example([("a", "b=c")])
@example([("a=b", "c")])
@example([("a&b", ""), ("", "c")])
@example([("a b", "c d")])
def test_plain_serialization_agrees(pairs: list[tuple[str, str]]) -> None:
    """Pairs with nothing to escape are written as they are, and any other pair is escaped."""
    expected = reference.urlencoded_serialize(pairs)
    assert urlencoded.serialize(pairs) == expected
    assert urlencoded.serialize([list(pair) for pair in pairs]) == expected
    assert str(urlencoded.URLSearchParams(pairs)) == expected
    for encoding in ("windows-1252", "ISO-2022-JP"):
        legacy = reference_html.urlencoded_serialize(pairs, encoding)
        assert urlencoded.serialize(pairs, encoding=encoding) == legacy


# Text for each one-pass path of every encoding: ASCII with and without
# escapes, joints inside names and values, characters each encoding lacks
# (errors), three-byte ones, ISO-2022-JP's Roman characters, controls and
# joints, U+FFFD and lone surrogates.
_ENCODED_TEXT = st.text(
    st.one_of(
        st.sampled_from("abz09*-._ ~/%"),
        st.sampled_from("&=\x01\x02\x0e\x0f\x1b"),
        st.sampled_from("éÿŁЖ€日本語ｱ\u00a5\u203e\u2212\ufffd\U0001f600\udc80"),
        st.characters(),
    ),
    max_size=8,
)
_LEGACY_ENCODINGS = [
    "windows-1252",
    "ISO-8859-2",
    "windows-1251",
    "KOI8-U",
    "x-user-defined",
    "Shift_JIS",
    "EUC-JP",
    "ISO-2022-JP",
    "GBK",
    "gb18030",
    "Big5",
    "EUC-KR",
]


@pytest.mark.parametrize("encoding", ["UTF-8", *_LEGACY_ENCODINGS])
@given(pairs=st.lists(st.tuples(_ENCODED_TEXT, _ENCODED_TEXT), min_size=1, max_size=5))
@example(pairs=[("a", "日"), ("b", "x")])
@example(pairs=[("a", "\u00a5"), ("b", "c")])
@example(pairs=[("\u00e9", "\ufffd"), ("&", "=")])
@example(pairs=[("日", ""), ("", "本")])
@example(pairs=[("a\x0e", "b")])
def test_serialize_in_each_encoding_agrees(encoding: str, pairs: list[tuple[str, str]]) -> None:
    """Each one-pass path (ASCII, UTF-8, a stateless encoder with or without errors,
    ISO-2022-JP's joints) writes what the spec writes pair by pair."""
    scalar = [
        (reference.to_scalar_value_string(name), reference.to_scalar_value_string(value))
        for name, value in pairs
    ]
    expected = reference_html.urlencoded_serialize(scalar, encoding)
    assert urlencoded.serialize(pairs, encoding=encoding) == expected
    assert urlencoded.serialize([list(pair) for pair in pairs], encoding=encoding) == expected
    assert urlencoded.serialize(dict(pairs), encoding=encoding) == (
        reference_html.urlencoded_serialize(
            [
                (reference.to_scalar_value_string(name), reference.to_scalar_value_string(value))
                for name, value in dict(pairs).items()
            ],
            encoding,
        )
    )


def test_plain_serialization_refuses_pairs_of_other_sizes() -> None:
    """A one- or three-item pair whose joined text looks like a pair is still refused."""
    for pairs in ([("a=b",)], [("a", "b", "c"), ("d",)], [("a", "b"), "cd"]):
        try:
            urlencoded.serialize(pairs)  # type: ignore[arg-type]
        except TypeError:
            continue
        raise AssertionError(f"{pairs!r} was serialized")


# Queries mostly of what the serializer writes as it is, long enough (over 64
# bytes) now and then to be checked by one deletion, with now and then a
# character it escapes.
_PLAIN_QUERIES = st.lists(
    st.one_of(
        st.sampled_from(["a", "b", "Z", "0", "*", "-", ".", "_", "+", "=", "&", " ", "name=value"]),
        st.sampled_from(["~", "%20", "%41", "é", "&&", "=="]),
    ),
    max_size=40,
).map("".join)
_CHANGES = st.lists(
    st.tuples(
        st.sampled_from(["append", "set", "delete", "sort", "copy"]), _PLAIN_TEXT, _PLAIN_TEXT
    ),
    max_size=6,
)


@given(query=_PLAIN_QUERIES, changes=_CHANGES)
@example("a=1&" * 20, [("append", "b", "~")])
@example("a=1&" * 20, [("set", "a", "x y")])
@example("a=1&" * 20 + "b", [("delete", "b", ""), ("append", "c", "é")])
def test_plain_query_serialization_agrees(query: str, changes: list[tuple[str, str, str]]) -> None:
    """A query of plain pairs, changed in any way, serializes as the spec says."""
    params = urlencoded.URLSearchParams(query)
    assert str(params) == reference.urlencoded_serialize(list(params))
    for change, name, value in changes:
        if change == "append":
            params.append(name, value)
        elif change == "set":
            params.set(name, value)
        elif change == "delete":
            params.delete(name)
        elif change == "sort":
            params.sort()
        else:
            params = params.copy()
        assert str(params) == reference.urlencoded_serialize(list(params))


def test_plain_query_is_known_plain() -> None:
    """A long query of plain pairs is serialized without a look, until a pair to escape arrives."""
    params = urlencoded.URLSearchParams("&".join(f"name{i}=value+{i}" for i in range(50)))
    assert params._plain is params._list
    params.set("name5", "x")
    params.append("z", "1")
    params.sort()
    assert params._plain is params._list
    assert str(params) == reference.urlencoded_serialize(list(params))
    params.append("t", "~")
    assert params._plain is None
    assert str(params).endswith("&t=%7E")


_NAME_TEXT = st.text(st.sampled_from("ab%C3\U0001f600\uff61+=&é"), max_size=4)


@given(
    query=st.lists(
        st.sampled_from(["a", "b", "=", "&", "+", "%C3", "%F0%9F%98%80", "%EF%BD%A1"]),
        max_size=12,
    ).map("".join),
    added=st.lists(st.tuples(_NAME_TEXT, _NAME_TEXT), max_size=4),
    use_set=st.booleans(),
)
@example("b=1&a=2", [("\U0001f600", "x"), ("\uff61", "y")], False)
@example("%F0%9F%98%80=1&b=2", [("\uff61", "y")], True)
def test_sort_after_ascii_query_agrees(
    query: str, added: list[tuple[str, str]], use_set: bool
) -> None:
    """Names parsed from an ASCII query, then appended or set, sort in UTF-16 code unit order."""
    params = urlencoded.URLSearchParams(query)
    expected = list(params)
    for name, value in added:
        if use_set:
            params.set(name, value)
            first = [index for index, pair in enumerate(expected) if pair[0] == name]
            if first:
                expected[first[0]] = (name, value)
                expected = [
                    pair
                    for index, pair in enumerate(expected)
                    if pair[0] != name or index == first[0]
                ]
            else:
                expected.append((name, value))
        else:
            params.append(name, value)
            expected.append((name, value))
    clone = params.copy()
    params.sort()
    clone.sort()
    ordered = sorted(expected, key=lambda pair: pair[0].encode("utf-16-be", "surrogatepass"))
    assert list(params) == ordered
    assert list(clone) == ordered


# Values mostly of characters from U+0800 to U+FFFF (three UTF-8 bytes each),
# now and then one that is not: ASCII, two or four bytes, the joint U+0001,
# a lone surrogate.
_WIDE_TEXT = st.text(
    st.one_of(
        st.characters(min_codepoint=0x800, max_codepoint=0xFFFF, exclude_categories=("Cs",)),
        st.sampled_from("日本語\uffff\u0800"),
        st.sampled_from("a \x01é\U0001f600\udc80%"),
    ),
    max_size=6,
)


@given(pairs=st.lists(st.tuples(_PLAIN_TEXT, _WIDE_TEXT), max_size=6))
@example([("a", "日本"), ("b", "語")])
@example([("a b", "日"), ("c", "")])
@example([("a", "日\x01本")])
@example([("a", "日\U0001f600"), ("b", "a")])
@example([("a", "\udc80日")])
@example([("a=b", "日")])
def test_three_byte_values_agree(pairs: list[tuple[str, str]]) -> None:
    """Values of three-byte characters are escaped together, and any other value is not."""
    scalar = [(name, reference.to_scalar_value_string(value)) for name, value in pairs]
    expected = reference.urlencoded_serialize(scalar)
    assert urlencoded.serialize(pairs) == expected
    assert urlencoded.serialize([list(pair) for pair in pairs]) == expected
    assert str(urlencoded.URLSearchParams(pairs)) == expected


# --- Short inputs (_short.py) ------------------------------------------------------------


@given(data=st.one_of(form_bodies, stand_in_bodies).filter(lambda data: len(data) <= _short.SHORT))
@example(b"a=%20")
@example(b"q=caf%C3%A9+au+lait&x")
@example(b"redirect=https%3A%2F%2Fexample.com%3Fa%3Db%26c&lang=en")
@example(b"a=%1E&%1f=b")
@example(b"a=\x1e&b")
@example(b"a=%3D%zz&b==c")
@example(b"a=b=c&&=d&e%")
@example(b"%25%32%35")
@example(b"a=%\n&b=%41")
@example(b"%")
def test_short_path_agrees(data: bytes) -> None:
    """Short inputs, as bytes and as str, give the transcription's pairs (text and
    percent-decoded bytes), and the short paths either give them too or decline."""
    expected = reference.urlencoded_parse(data)
    assert urlencoded.parse(data) == expected
    expected_bytes = reference.urlencoded_parse_to_bytes(data)
    assert urlencoded.parse_bytes(data) == expected_bytes
    found_bytes = _short.parse_short_bytes(data)
    assert found_bytes is None or found_bytes == expected_bytes
    if data.isascii():
        text = data.decode("ascii")
        assert urlencoded.parse(text) == expected
        if "%" in text:
            found = _short.parse_short(text)
            assert found is None or found == expected
        else:
            assert _short.split_plain_short(text) == expected


# --- Legacy encodings (parse_encoded_whole) ----------------------------------------------

# Bytes where the legacy decoders differ from their codecs or from each other,
# escaped and raw: leads, trails, ISO-2022-JP's escapes, gb18030's four bytes.
_LEGACY_BYTES = st.sampled_from(
    [0x0E, 0x0F, 0x1B, 0x24, 0x28, 0x30, 0x35, 0x39, 0x40, 0x42, 0x49, 0x4A, 0x5C, 0x7E,
     0x7F, 0x80, 0x81, 0x82, 0x8E, 0x8F, 0x93, 0xA0, 0xA1, 0xA2, 0xB7, 0xC1, 0xE0, 0xF4,
     0xFA, 0xFD, 0xFE, 0xFF]
)  # fmt: skip
_LEGACY_PIECES = st.one_of(
    st.lists(_LEGACY_BYTES, min_size=1, max_size=4).map(
        lambda b: b"".join(b"%%%02X" % x for x in b)
    ),
    st.lists(_LEGACY_BYTES, min_size=1, max_size=4).map(bytes),
    st.sampled_from([b"%1B%24B%21%21", b"\x1b$B!!\x1b(B", b"%1B(J%5C", b"%1B(I!", b"%93%FA"]),
    st.sampled_from([b"%A1%C1", b"%8F%A2%B7", b"%81%35%F4%37", b"%A4%A2", b"%82%A0"]),
    _STAND_IN_PIECES,
)
legacy_bodies = st.lists(_LEGACY_PIECES, max_size=24).map(b"".join)


def _legacy_pairs(data: bytes, name: str, fatal: bool) -> list[tuple[str, str]] | None:
    """The transcription's pairs of *data* decoded with *name*; None for a fatal error."""
    decode = (
        reference_encoding.reference_decode_fatal if fatal else reference_encoding.reference_decode
    )
    pairs = []
    for raw_name, raw_value in reference.urlencoded_parse_to_bytes(data):
        field, value = decode(name, raw_name), decode(name, raw_value)
        if field is None or value is None:
            return None
        pairs.append((field, value))
    return pairs


@given(
    data=st.one_of(legacy_bodies, form_bodies),
    name=st.sampled_from(reference_encoding.DECODER_NAMES),
    size=st.sampled_from([3, 11, 64 * 1024]),
)
@example(b"a=%93%FA&b=%82&c=%82%A0", "Shift_JIS", 64 * 1024)
@example(b"a=%81%30&=%81%30%81%30", "gb18030", 64 * 1024)
@example(b"a=%1B%24B%21%21&b=%21", "ISO-2022-JP", 64 * 1024)
@example(b"a=\x1b$B!!&b=c", "ISO-2022-JP", 64 * 1024)
@example(b"a=%A1%C1&%8F%A2%B7", "EUC-JP", 3)
@example(b"a=%1E%1F\x1e&b", "Big5", 64 * 1024)
@example(b"q=%93%FA&a=%3D%zz&b==c", "Shift_JIS", 64 * 1024)
@example(b"%1B$B%21%21=%23", "ISO-2022-JP", 64 * 1024)
@example(b"a\x1b$B!!=b", "ISO-2022-JP", 64 * 1024)
def test_legacy_blocks_agree(data: bytes, name: str, size: int) -> None:
    """parse with any encoding, in blocks of any size, decodes each name and value as
    the transcription's decoder does; strict mode fails exactly where it fails, or at
    a raw byte 0x80-0xFF (a documented deviation)."""
    with tiny_blocks(size):
        replaced = _legacy_pairs(data, name, False)
        assert urlencoded.parse(data, encoding=name) == replaced
        if data.isascii():
            # An ASCII str is the bytes it spells; a short one takes _short.py's path.
            assert urlencoded.parse(data.decode("ascii"), encoding=name) == replaced
            assert urlencoded.parse(data, encoding=Encoding(name)) == replaced
        refused = name != "UTF-8" and not data.isascii()
        expected = None if refused else _legacy_pairs(data, name, True)
        if expected is None:
            with pytest.raises(urlencoded.DecodeError):
                urlencoded.parse(data, encoding=name, errors="strict")
        else:
            assert urlencoded.parse(data, encoding=name, errors="strict") == expected
