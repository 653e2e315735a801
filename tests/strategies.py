"""Hypothesis strategies shared by the property tests.

Inputs a form parser meets in the wild and at its edges: ``%``-heavy (valid,
truncated and non-hex escapes), ``+``-heavy, ``&``/``=``-heavy, non-ASCII,
invalid UTF-8 (raw and percent-encoded) and, for text, lone surrogates.
``st.text()`` never yields surrogates, so :data:`text_with_surrogates` mixes
them in from ``st.characters`` explicitly.
"""

from __future__ import annotations

from hypothesis import strategies as st

# Pieces of form bodies, weighted towards the characters the parser treats specially.
_BODY_PIECES = st.one_of(
    st.sampled_from([b"%", b"&", b"=", b"+", b"&&", b"==", b"%%", b"%2", b"%zz", b"%G1", b"%2B"]),
    st.sampled_from([b"%26", b"%3D", b"%3d", b"%25", b"%20", b"%2F", b"%2f"]),
    # Percent-encoded invalid UTF-8: lone continuation, truncated, surrogate, overlong, >U+10FFFF.
    st.sampled_from([b"%80", b"%C3", b"%E2%82", b"%ED%A0%80", b"%C0%AF", b"%F4%90%80%80", b"%FF"]),
    st.integers(0, 255).map(lambda b: b"%" + f"{b:02x}".encode()),
    st.integers(0, 255).map(lambda b: b"%" + f"{b:02X}".encode()),
    st.binary(min_size=1, max_size=4),
    st.text(min_size=1, max_size=3).map(lambda t: t.encode("utf-8")),
    st.sampled_from([b"a", b"b", b"name", b"\xef\xbb\xbf", b"\xc3\xa9", b";"]),
)

form_bodies = st.lists(_BODY_PIECES, max_size=30).map(b"".join)
"""Arbitrary bytes, built mostly from form syntax and escapes."""

surrogates = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)

_TEXT_PIECES = st.one_of(
    st.characters(),
    surrogates,
    st.sampled_from(list(" ~*+%&=-._!'()#?/:;@[]\\^`{}|$,\"<>\x00\x01\x02\x7f\ufeff\ufffd")),
    st.sampled_from(["\u00e9", "\u20ac", "\u2261", "\u203d", "日本語", "\U0001f600", "\uffff"]),
)

text_with_surrogates = st.lists(_TEXT_PIECES, max_size=20).map("".join)
"""Any Python str, lone surrogates included."""

scalar_text = st.lists(
    st.one_of(
        st.characters(exclude_categories=("Cs",)),
        st.sampled_from(list(" ~*+%&=\ufeff")),
        st.sampled_from(["日本語", "\U0001f600"]),
    ),
    max_size=20,
).map("".join)
"""Scalar value strings: no surrogates."""

scalar_pairs = st.lists(st.tuples(scalar_text, scalar_text), max_size=8)
pairs_with_surrogates = st.lists(st.tuples(text_with_surrogates, text_with_surrogates), max_size=8)
binary_pairs = st.lists(st.tuples(st.binary(max_size=12), st.binary(max_size=12)), max_size=8)
