"""The probe field's errors: what detect_probe_encoding and parse_with_probe raise, and why.

The successful detections are in ``tests/test_encoding_legacy.py``.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterable

import pytest

from urlencoded import ProbeError, UnknownEncodingError, detect_probe_encoding
from urlencoded._html._legacy import parse_with_probe  # deprecated at the top level

BODY = b"dot=%81E&q=%93%FA%96%7B"


@pytest.mark.parametrize("probe", [detect_probe_encoding, parse_with_probe])
def test_no_candidates_raise_probe_error(probe: Callable[..., object]) -> None:
    """Empty candidates raise ProbeError saying none were given, with empty attributes."""
    empty: list[Iterable[str]] = [[], (), iter([])]
    for candidates in empty:
        with pytest.raises(ProbeError) as info:
            probe(BODY, "dot", "・", candidates)
        error = info.value
        assert str(error) == "no candidate encodings given to check probe field 'dot' = '・'"
        assert (error.field, error.text, error.candidates, error.matches) == ("dot", "・", (), ())
        copy = pickle.loads(pickle.dumps(error))
        assert str(copy) == str(error)
        assert vars(copy) == vars(error)


def test_parse_with_probe_raises_what_it_documents() -> None:
    """parse_with_probe raises TypeError and UnknownEncodingError as its docstring says."""
    with pytest.raises(TypeError, match="candidates must be an iterable"):
        parse_with_probe(BODY, "dot", "・", "shift_jis")
    with pytest.raises(TypeError, match="field and text must be str"):
        parse_with_probe(BODY, "dot", None, ["shift_jis"])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="takes bytes or str"):
        parse_with_probe(None, "dot", "・", ["shift_jis"])  # type: ignore[arg-type]
    with pytest.raises(UnknownEncodingError):
        parse_with_probe(BODY, "dot", "・", ["shift_jis", "klingon"])
    assert parse_with_probe(BODY, "dot", "・", ["utf-8", "shift_jis"])[0].name == "Shift_JIS"
