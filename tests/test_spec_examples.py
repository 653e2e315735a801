"""The URL Standard's example table of percent-encoding operations, one test per UTF-8 row.

https://url.spec.whatwg.org/#example-percent-encode-operations. The rows with
Shift_JIS and ISO-2022-JP are tested with the other encodings, in
tests/test_encoding_percent.py.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import urlencoded

ANCHOR = "example-percent-encode-operations"


def _example_table_rows() -> int:
    source = gzip.decompress((Path(__file__).parent / "data/spec/url.bs.gz").read_bytes()).decode()
    start = source.index(f"id={ANCHOR}>")
    table = source[start : source.index("</table>", start)]
    return len(re.findall(r"<tr>", table)) - 1  # less the header row


def test_table_has_the_rows_tested_here() -> None:
    """The vendored spec's table has 12 rows: the 7 UTF-8 rows here and 5 legacy-encoding rows."""
    assert _example_table_rows() == 12


def test_percent_encode_0x23() -> None:
    """Percent-encode 0x23 gives "%23"."""
    assert urlencoded.percent_encode(0x23) == "%23"


def test_percent_encode_0x7f() -> None:
    """Percent-encode 0x7F gives "%7F"."""
    assert urlencoded.percent_encode(0x7F) == "%7F"


def test_percent_decode_bytes() -> None:
    """Percent-decode `%25%s%1G` gives `%%s%1G`."""
    assert urlencoded.percent_decode(b"%25%s%1G") == b"%%s%1G"


def test_percent_decode_string() -> None:
    """Percent-decode "‽%25%2E" gives 0xE2 0x80 0xBD 0x25 0x2E."""
    assert urlencoded.percent_decode("‽%25%2E") == bytes([0xE2, 0x80, 0xBD, 0x25, 0x2E])


def test_utf8_percent_encode_code_point_u2261() -> None:
    """UTF-8 percent-encode U+2261 (≡) with the userinfo set gives "%E2%89%A1"."""
    assert (
        urlencoded.utf8_percent_encode("\u2261", urlencoded.USERINFO_PERCENT_ENCODE_SET)
        == "%E2%89%A1"
    )


def test_utf8_percent_encode_code_point_u203d() -> None:
    """UTF-8 percent-encode U+203D (‽) with the userinfo set gives "%E2%80%BD"."""
    assert (
        urlencoded.utf8_percent_encode("\u203d", urlencoded.USERINFO_PERCENT_ENCODE_SET)
        == "%E2%80%BD"
    )


def test_utf8_percent_encode_string() -> None:
    """UTF-8 percent-encode "Say what‽" with the userinfo set gives "Say%20what%E2%80%BD"."""
    assert (
        urlencoded.utf8_percent_encode("Say what‽", urlencoded.USERINFO_PERCENT_ENCODE_SET)
        == "Say%20what%E2%80%BD"
    )


def test_utf8_row_of_the_shift_jis_example() -> None:
    """The urlencoded-set example input, with UTF-8, percent-encodes "%" and keeps "+" for space."""
    assert (
        urlencoded.percent_encode_after_encoding(
            "UTF-8", "1+1 ≡ 2%20‽", urlencoded.URLENCODED_PERCENT_ENCODE_SET
        )
        == "1%2B1+%E2%89%A1+2%2520%E2%80%BD"
    )
