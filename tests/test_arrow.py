"""urlencoded.arrow: every column function gives, row for row, what parse and serialize give.

The properties build columns of every Arrow string and binary type, with
nulls, empty rows, ``%`` at row ends, ``+``, escapes of the joints and of the
bytes the column paths join with, invalid UTF-8 (raw and escaped) and legacy
encodings, cut into chunks and slices, and compare each row with
:func:`urlencoded.parse` (and the spec transcription in ``tests/reference.py``).
"""

from __future__ import annotations

import io
import pickle
import subprocess
import sys
from typing import Any, Optional

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import urlencoded
from tests import reference
from tests.strategies import form_bodies, scalar_pairs, scalar_text, surrogates
from urlencoded import arrow
from urlencoded.arrow._columns import SEPARATORS

Rows = list[Optional[bytes]]

# Pieces that reach the column paths' own checks: the bytes they join with, raw
# and escaped, "%" at a row's end, and every joint of the parser.
_COLUMN_PIECES = st.one_of(
    st.sampled_from([b"\x1f", b"\x1e", b"\x00", b"\x7f", b"%1F", b"%1e", b"%00", b"%7F"]),
    st.sampled_from([b"%", b"%4", b"&", b"=", b"+", b"%2B", b"%26", b"%3D", b"?", b"#"]),
    st.sampled_from([b"%FF", b"\xff", b"%C3", b"%C3%A9", b"\xc3\xa9", b"%93%FA", b"\x1b$B"]),
    st.sampled_from([b"a", b"q", b"utm_source", b" ", b"\t", b"\n"]),
)
column_bodies = st.one_of(
    form_bodies, st.lists(_COLUMN_PIECES, max_size=12).map(b"".join), st.binary(max_size=40)
)
rows = st.lists(st.one_of(st.none(), column_bodies), max_size=12)

BINARY_TYPES = [pa.binary(), pa.large_binary(), pa.binary_view()]
STRING_TYPES = [pa.string(), pa.large_string(), pa.string_view()]
LEGACY = ["Shift_JIS", "windows-1252", "EUC-JP", "ISO-2022-JP", "UTF-16LE", "GBK", "replacement"]


def _pairs(row: Any) -> list[tuple[str, str]] | None:
    return None if row is None else [(pair["name"], pair["value"]) for pair in row]


def _column(data: list[Any], kind: Any, cuts: list[int]) -> Any:
    """*data* as an array of *kind*, or a chunked array cut at *cuts* (with an empty chunk)."""
    array = pa.array(data, kind)
    if not cuts:
        return array
    bounds = sorted({0, len(data), *(cut % (len(data) + 1) for cut in cuts)})
    chunks = [array[start:end] for start, end in zip(bounds, bounds[1:])]
    return pa.chunked_array([array[:0], *chunks], kind)


def _expected(data: Rows, **options: Any) -> list[list[tuple[str, str]] | None]:
    return [None if row is None else urlencoded.parse(row, **options) for row in data]


def _first_error(data: Rows, **options: Any) -> tuple[int, urlencoded.DecodeError] | None:
    for index, row in enumerate(data):
        if row is not None:
            try:
                urlencoded.parse(row, errors="strict", **options)
            except urlencoded.DecodeError as error:
                return index, error
    return None


@given(rows, st.sampled_from(BINARY_TYPES), st.lists(st.integers(0, 20), max_size=3))
@example([b"a=%", b"%", None, b"", b"+%2B=%26%3D&&"], pa.binary(), [2])
def test_parse_array_binary_is_parse_per_row(
    data: Rows, kind: pa.DataType, cuts: list[int]
) -> None:
    """A binary column parses, row for row, as parse() and the spec's steps parse each row."""
    result = arrow.parse_array(_column(data, kind, cuts))
    result.validate(full=True)
    got = [_pairs(row) for row in result.to_pylist()]
    assert got == _expected(data)
    assert got == [None if row is None else reference.urlencoded_parse(row) for row in data]
    assert len(result) == len(data)


@given(
    st.lists(st.one_of(st.none(), column_bodies.map(lambda b: b.decode("utf-8", "replace")))),
    st.sampled_from(STRING_TYPES),
    st.lists(st.integers(0, 20), max_size=3),
)
def test_parse_array_string_is_parse_per_row(
    data: list[str | None], kind: pa.DataType, cuts: list[int]
) -> None:
    """A string column parses, row for row, as parse() parses each str."""
    result = arrow.parse_array(_column(data, kind, cuts))
    expected = [None if row is None else urlencoded.parse(row) for row in data]
    assert [_pairs(row) for row in result.to_pylist()] == expected


@given(rows, st.sampled_from(BINARY_TYPES), st.lists(st.integers(0, 20), max_size=2))
@example([b"a=1", None, b"b=%C3%A9&c=%FF", b"\xff"], pa.binary(), [])
def test_strict_names_the_first_bad_row(data: Rows, kind: pa.DataType, cuts: list[int]) -> None:
    """errors="strict" raises for the first row parse() refuses, with that row's offsets."""
    first = _first_error(data)
    column = _column(data, kind, cuts)
    if first is None:
        result = arrow.parse_array(column, errors="strict")
        assert [_pairs(row) for row in result.to_pylist()] == _expected(data)
        return
    row, error = first
    with pytest.raises(urlencoded.RowDecodeError) as raised:
        arrow.parse_array(column, errors="strict")
    assert raised.value.row == row
    assert (raised.value.offset, raised.value.position) == (error.offset, error.position)
    assert (raised.value.data, raised.value.encoding) == (error.data, error.encoding)
    assert f"row {row}:" in str(raised.value)
    with pytest.raises(urlencoded.RowDecodeError) as raised_too:
        arrow.extract(column, ["a"], errors="strict")
    assert raised_too.value.row == row


@given(rows, st.sampled_from(LEGACY), st.sampled_from(["replace", "strict"]))
@example([b"q=%93%FA", b"\x93\xfa=%82", None], "Shift_JIS", "strict")
def test_legacy_encodings_are_parse_per_row(data: Rows, label: str, errors: str) -> None:
    """With a legacy encoding each row decodes as parse(row, encoding=...) decodes it."""
    column = pa.array(data, pa.binary())
    first = _first_error(data, encoding=label) if errors == "strict" else None
    if first is not None:
        with pytest.raises(urlencoded.RowDecodeError) as raised:
            arrow.parse_array(column, encoding=label, errors=errors)
        assert raised.value.row == first[0]
        assert raised.value.offset == first[1].offset
        return
    result = arrow.parse_array(column, encoding=label, errors=errors)
    result.validate(full=True)
    assert [_pairs(row) for row in result.to_pylist()] == _expected(data, encoding=label)


_URL_PIECES = st.one_of(
    st.sampled_from([" ", "\t", "\n", "\r", "\x00", "\x1f", "?", "#", "??", "https://h/p", "/p"]),
    scalar_text,
)


@given(
    st.lists(st.one_of(st.none(), st.lists(_URL_PIECES, max_size=8).map("".join)), max_size=10),
    st.sampled_from(["url", "target"]),
)
@example([" https://h/?q=a+b&x#frag\n", "/search?\tq=1", "https://h/#?no", "no-query"], "url")
def test_urls_give_the_query_params(data: list[str | None], input_format: str) -> None:
    """input_format="url" or "target" gives each row's query_params(row).items()."""
    result = arrow.parse_array(pa.array(data, pa.string()), input_format=input_format)
    expected = [None if row is None else urlencoded.query_params(row).items() for row in data]
    assert [_pairs(row) for row in result.to_pylist()] == expected


def _query_of_bytes(url: bytes) -> bytes:
    """The query of a URL given as bytes, by query_params' rule, step by step."""
    url = url.strip(bytes(range(0x21)))
    url = url.replace(b"\t", b"").replace(b"\n", b"").replace(b"\r", b"")
    before_fragment = url.partition(b"#")[0]
    _, question_mark, query = before_fragment.partition(b"?")
    return query if question_mark else b""


@given(
    st.lists(
        st.one_of(st.none(), st.lists(st.one_of(column_bodies, _URL_PIECES.map(str.encode)))),
        max_size=10,
    ).map(lambda rows: [None if row is None else b"".join(row) for row in rows]),
    st.sampled_from(["url", "target"]),
)
def test_binary_urls_give_the_query_of_each_row(data: Rows, input_format: str) -> None:
    """A binary column of URLs, invalid UTF-8 included, parses the query of each row."""
    result = arrow.parse_array(pa.array(data, pa.binary()), input_format=input_format)
    expected = [None if row is None else urlencoded.parse(_query_of_bytes(row)) for row in data]
    assert [_pairs(row) for row in result.to_pylist()] == expected


@given(rows, st.lists(st.sampled_from(["a", "q", "", " ", "\ufffd", "utm_source"]), min_size=1))
def test_extract_is_get_and_get_all_per_row(data: Rows, wanted: list[str]) -> None:
    """extract() gives each row's first value of each name, or all of them, or null."""
    names = list(dict.fromkeys(wanted))
    column = pa.array(data, pa.binary())
    parsed = _expected(data)
    extracted = arrow.extract(column, names)
    extracted.validate(full=True)
    first = extracted.to_pylist()
    every = arrow.extract(column, names, all_values=True).to_pylist()
    again = arrow.extract(arrow.parse_array(column), names).to_pylist()
    for index, pairs in enumerate(parsed):
        if pairs is None:
            assert first[index] is None
            assert every[index] is None
            continue
        for name in names:
            values = [value for key, value in pairs if key == name]
            assert first[index][name] == (values[0] if values else None)
            assert every[index][name] == (values or None)
    assert again == first


@given(
    st.lists(st.one_of(st.none(), scalar_pairs), max_size=10),
    st.sampled_from([pa.string(), pa.large_string()]),
)
@example([[("a b", "\x1f&="), ("*-._", "~")], [], None], pa.string())
def test_serialize_array_is_serialize_per_row(
    data: list[list[tuple[str, str]] | None], kind: pa.DataType
) -> None:
    """serialize_array() gives each row's serialize(), and parsing it gives the pairs back."""
    item = pa.struct([("name", kind), ("value", kind)])
    list_type = pa.large_list(item) if kind == pa.large_string() else pa.list_(item)
    column = pa.array(
        [None if row is None else [{"name": n, "value": v} for n, v in row] for row in data],
        list_type,
    )
    result = arrow.serialize_array(column)
    expected = [None if row is None else urlencoded.serialize(row) for row in data]
    assert result.to_pylist() == expected
    assert expected == [
        None if row is None else reference.urlencoded_serialize(row) for row in data
    ]
    assert [_pairs(row) for row in arrow.parse_array(result).to_pylist()] == data


@given(st.lists(st.one_of(st.none(), scalar_pairs), max_size=10))
def test_pairs_array_holds_the_rows(data: list[list[tuple[str, str]] | None]) -> None:
    """pairs_array() holds each row's pairs, and serialize_array() serializes them."""
    column = arrow.pairs_array(data)
    assert column.type == arrow.PAIR_TYPE
    assert [_pairs(row) for row in column.to_pylist()] == data
    expected = [None if row is None else urlencoded.serialize(row) for row in data]
    assert arrow.serialize_array(column).to_pylist() == expected


def test_types_of_the_results() -> None:
    """parse_array gives PAIR_TYPE for string and binary input, large types for large input."""
    assert arrow.parse_array(pa.array(["a=1"])).type == arrow.PAIR_TYPE
    assert arrow.parse_array(pa.array([b"a=1"])).type == arrow.PAIR_TYPE
    large = arrow.parse_array(pa.array(["a=1"], pa.large_string()))
    assert large.type == pa.large_list(
        pa.struct([("name", pa.large_string()), ("value", pa.large_string())])
    )
    assert arrow.serialize_array(large).type == pa.large_string()
    chunked = arrow.parse_array(pa.chunked_array([["a"], ["b=%41"]]))
    assert isinstance(chunked, pa.ChunkedArray)
    assert chunked.num_chunks == 2
    assert arrow.parse_array(pa.nulls(2)).to_pylist() == [None, None]
    empty = pa.chunked_array([], pa.string())
    assert arrow.parse_array(empty).type == arrow.PAIR_TYPE
    assert arrow.extract(empty, ["a"]).type == pa.struct([("a", pa.string())])
    assert arrow.serialize_array(pa.chunked_array([], arrow.PAIR_TYPE)).type == pa.string()
    assert arrow.parse_array(pa.array([], pa.large_binary())).to_pylist() == []


def test_sliced_arrays() -> None:
    """Slices of strings and of pairs are read from their offset, not their buffer's start."""
    column = pa.array(["skip=1", None, "a=%41&b", "c=d"])[1:]
    parsed = arrow.parse_array(column)
    assert [_pairs(row) for row in parsed.to_pylist()] == [
        None,
        [("a", "A"), ("b", "")],
        [("c", "d")],
    ]
    assert arrow.serialize_array(parsed[1:]).to_pylist() == ["a=A&b=", "c=d"]
    assert arrow.extract(parsed[1:], ["c"]).to_pylist() == [{"c": None}, {"c": "d"}]


def test_extract_from_pairs_keeps_null_values() -> None:
    """extract() over a pairs column keeps a null value null, and its columns are valid Arrow."""
    pairs = pa.array(
        [[{"name": "a", "value": None}, {"name": "a", "value": "2"}], [], None],
        arrow.PAIR_TYPE,
    )
    assert arrow.extract(pairs, ["a"]).to_pylist() == [{"a": None}, {"a": None}, None]
    assert arrow.extract(pairs, ["a"], all_values=True).to_pylist() == [
        {"a": [None, "2"]},
        {"a": None},
        None,
    ]
    column = pa.array(["b=1&a=%41", "", None, "a=2&a=3", "x"])[1:]
    result = arrow.extract(column, ["a", "b"])
    result.validate(full=True)
    assert result.to_pylist() == [
        {"a": None, "b": None},
        None,
        {"a": "2", "b": None},
        {"a": None, "b": None},
    ]


def test_every_join_byte_taken() -> None:
    """When every byte the column paths join with is in the data, rows are decoded one by one."""
    taken = bytes(SEPARATORS)
    data = [b"a=%41" + taken + b"&%1f=%FF", b"x=%00%1F", None]
    result = arrow.parse_array(pa.array(data, pa.binary()))
    assert [_pairs(row) for row in result.to_pylist()] == _expected(data)
    with pytest.raises(urlencoded.RowDecodeError) as raised:
        arrow.parse_array(pa.array(data, pa.binary()), errors="strict")
    assert raised.value.row == 0
    text = taken.decode("ascii")
    pairs = [[(text + " %", "é" + text)], []]
    column = arrow.pairs_array(pairs)
    assert arrow.serialize_array(column).to_pylist() == [urlencoded.serialize(p) for p in pairs]


def test_polars_series_through_the_capsule_interface() -> None:
    """An object exporting an Arrow stream, such as a Polars Series, is accepted."""
    import polars

    series = polars.Series("q", ["q=a+b", None, "q=%E6%97%A5"])
    assert arrow.extract(series, ["q"]).to_pylist() == [{"q": "a b"}, None, {"q": "日"}]


def test_wrong_types_and_values() -> None:
    """Bad columns and options raise TypeError or ValueError naming what was wrong."""
    column = pa.array(["a=1"])
    with pytest.raises(TypeError, match="Array or ChunkedArray"):
        arrow.parse_array(["a=1"])
    with pytest.raises(TypeError, match="int64"):
        arrow.parse_array(pa.array([1]))
    with pytest.raises(ValueError, match="input_format"):
        arrow.parse_array(column, input_format="path")
    with pytest.raises(TypeError, match="input_format"):
        arrow.parse_array(column, input_format=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="errors"):
        arrow.parse_array(column, errors="ignore")
    with pytest.raises(urlencoded.UnknownEncodingError):
        arrow.parse_array(column, encoding="x-nope")
    with pytest.raises(TypeError, match="names"):
        arrow.extract(column, "a")
    with pytest.raises(TypeError, match="names"):
        arrow.extract(column, [b"a"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="at least one"):
        arrow.extract(column, [])
    with pytest.raises(ValueError, match="repeat"):
        arrow.extract(column, ["a", "a"])
    with pytest.raises(TypeError, match="all_values"):
        arrow.extract(column, ["a"], all_values=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="list<struct"):
        arrow.serialize_array(column)
    pairs = pa.array([[{"name": "a", "value": None}]], arrow.PAIR_TYPE)
    with pytest.raises(TypeError, match="row 0"):
        arrow.serialize_array(pairs)
    with pytest.raises(TypeError, match="row 1"):
        arrow.pairs_array([[("a", "b")], [("a", 1)]])  # type: ignore[list-item]


def test_row_decode_error() -> None:
    """RowDecodeError is a DecodeError that pickles with its row."""
    error = urlencoded.RowDecodeError(7, "UTF-8", 2, 0, b"\xff")
    assert isinstance(error, urlencoded.DecodeError)
    assert error.status == 400
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.row, copy.offset, copy.position, copy.data) == (7, 2, 0, b"\xff")
    assert str(copy) == str(error)
    assert str(error).startswith("row 7: invalid UTF-8")


def test_write_parquet_reads_back(tmp_path: Any) -> None:
    """write_parquet() writes each row's pairs in row groups, and a file reads them back."""
    rows = [urlencoded.parse(f"n={index}&q=%E6%97%A5") for index in range(5)] + [None]
    path = tmp_path / "pairs.parquet"
    assert arrow.write_parquet(iter(rows), str(path), batch_rows=2) == 6
    table = pq.read_table(path)
    assert table.column_names == ["pairs"]
    assert [_pairs(row) for row in table.column("pairs").to_pylist()] == rows
    assert pq.ParquetFile(path).metadata.num_row_groups == 3
    buffer = io.BytesIO()
    assert arrow.write_parquet([], buffer, column="q") == 0
    buffer.seek(0)
    assert pq.read_table(buffer).schema == pa.schema([("q", arrow.PAIR_TYPE)])
    with pytest.raises(ValueError, match="batch_rows"):
        arrow.write_parquet([], buffer, batch_rows=0)
    with pytest.raises(TypeError, match="column"):
        arrow.write_parquet([], buffer, column=1)  # type: ignore[arg-type]


def test_import_without_pyarrow_names_the_extra() -> None:
    """Importing urlencoded.arrow without pyarrow raises ImportError naming the extra."""
    code = (
        "import sys\n"
        "sys.modules['pyarrow'] = None\n"
        "try:\n"
        "    import urlencoded.arrow\n"
        "except ImportError as error:\n"
        "    assert 'urlencoded[arrow]' in str(error), error\n"
        "    assert 'pyarrow' in str(error), error\n"
        "else:\n"
        "    raise SystemExit('imported')\n"
        "import urlencoded\n"
        "assert urlencoded.parse('a=1') == [('a', '1')]\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(
    ("name", "value"),
    [("a\ud800", "b"), ("a", "\udfff"), ("\ud83d", "x\udc00y")],
    ids=["name", "value", "both"],
)
def test_lone_surrogates_become_replacement_characters(
    tmp_path: Any, name: str, value: str
) -> None:
    """pairs_array and write_parquet write a lone surrogate as U+FFFD, as the library's text does.

    Arrow strings are UTF-8, which has no surrogates: pyarrow raised
    UnicodeEncodeError, which no docstring named.
    """
    expected = [[{"name": _usv(name), "value": _usv(value)}], None]
    assert arrow.pairs_array([[(name, value)], None]).to_pylist() == expected
    path = tmp_path / "pairs.parquet"
    assert arrow.write_parquet([[(name, value)], None], path, column="q\ud800") == 2
    table = pq.read_table(path)
    assert table.column_names == ["q\ufffd"]
    assert table.column(0).to_pylist() == expected


def _usv(text: str) -> str:
    """Web IDL's USVString conversion: each surrogate code point becomes U+FFFD."""
    return "".join("\ufffd" if 0xD800 <= ord(char) <= 0xDFFF else char for char in text)


_text_with_surrogates = st.lists(st.one_of(st.characters(), surrogates), max_size=5).map("".join)


@given(
    st.lists(
        st.one_of(
            st.none(), st.lists(st.tuples(_text_with_surrogates, _text_with_surrogates), max_size=3)
        ),
        max_size=5,
    )
)
def test_pairs_array_takes_any_text(data: list[list[tuple[str, str]] | None]) -> None:
    """Any str names and values, lone surrogates included, are held as their USVString."""
    expected = [None if row is None else [(_usv(n), _usv(v)) for n, v in row] for row in data]
    assert [_pairs(row) for row in arrow.pairs_array(data).to_pylist()] == expected


def test_extract_takes_a_name_as_a_usv_string() -> None:
    """A lone surrogate in a looked-up name is U+FFFD, as the parser decodes one in the input."""
    column = pa.array(["a%ED%A0%80=1&a\ufffd=2", "a\ufffd=3"])
    assert arrow.extract(column, ["a\ud800"]).to_pylist() == [{"a\ufffd": "2"}, {"a\ufffd": "3"}]
    with pytest.raises(ValueError, match="repeat"):
        arrow.extract(column, ["a\ud800", "a\ufffd"])
