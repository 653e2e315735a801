"""Names of 1.0 that 1.1 deprecates: each still works, warns, and names its replacement."""

from __future__ import annotations

import re
import warnings
from typing import Any

import pytest

import urlencoded
from urlencoded import (
    BodyConsumedError,
    BodyTooLarge,
    ClientDisconnected,
    ContentLengthError,
    DecodeError,
    FieldTooLarge,
    LimitExceeded,
    ListIndexTooLarge,
    NestingError,
    NestingTooDeep,
    ProbeError,
    RowDecodeError,
    TooManyFields,
    TooManyKeys,
    UnknownEncodingError,
    UnsupportedMediaType,
    URLEncodedError,
)

DEPRECATED = [
    "DEFAULT_MAX_BODY_SIZE",
    "DEFAULT_MAX_FIELDS",
    "DEFAULT_MAX_FIELD_SIZE",
    "FORM_URLENCODED",
    "UTF_8",
    "error_status",
    "parse_with_probe",
    "MediaType",
    "parse_mime_type",
]

# One of each exception class, for the statuses error_status gave.
ERRORS: list[URLEncodedError] = [
    URLEncodedError("x"),
    UnknownEncodingError("x-nope"),
    DecodeError("UTF-8", 0, 0, b"\xff"),
    LimitExceeded("max_fields", 1, 2, "x"),
    TooManyFields("max_fields", 1, 2, "x"),
    FieldTooLarge("max_field_size", 1, 2, "x"),
    BodyTooLarge("max_body_size", 1, 2, "x"),
    NestingTooDeep("max_depth", 1, 2, "x"),
    ListIndexTooLarge("max_list_index", 1, 2, "x"),
    TooManyKeys("max_keys", 1, 2, "x"),
    UnsupportedMediaType("text/plain", "x"),
    UnsupportedMediaType(None, "x"),
    ContentLengthError(None, "no length"),
    ContentLengthError("abc", "not a number"),
    ClientDisconnected(1, None),
    ClientDisconnected(1, 2),
    ProbeError("dot", "・", (), ()),
    NestingError("a", 0, "x"),
    BodyConsumedError("request.form", "read it first"),
    RowDecodeError(3, "UTF-8", 0, 0, b"\xff"),
    urlencoded.EncodeError("Shift_JIS", 0x1F600, 3, "pair 1: value"),
    urlencoded.SignatureError("OAuth", "x"),
    urlencoded.MalformedSignature("OAuth", "x"),
    urlencoded.SignatureMismatch("AWS4-HMAC-SHA256", "x"),
    urlencoded.StaleSignature("OAuth", "x"),
    urlencoded.ReplayedNonce("OAuth", "x"),
]


def _deprecated(name: str, replacement: str) -> Any:
    """urlencoded.<name>, checking the one DeprecationWarning and that it names *replacement*."""
    with pytest.warns(DeprecationWarning, match=re.escape(replacement)) as record:
        value = getattr(urlencoded, name)
    assert len(record) == 1
    assert f"urlencoded.{name} is deprecated" in str(record[0].message)
    return value


def test_default_max_fields() -> None:
    """DEFAULT_MAX_FIELDS is still 1000, and points at Limits().max_fields, which it equals."""
    value = _deprecated("DEFAULT_MAX_FIELDS", "urlencoded.Limits().max_fields")
    assert value == urlencoded.Limits().max_fields == 1000


def test_default_max_field_size() -> None:
    """DEFAULT_MAX_FIELD_SIZE is still 1 MiB, and points at Limits().max_field_size."""
    value = _deprecated("DEFAULT_MAX_FIELD_SIZE", "urlencoded.Limits().max_field_size")
    assert value == urlencoded.Limits().max_field_size == 1024 * 1024


def test_default_max_body_size() -> None:
    """DEFAULT_MAX_BODY_SIZE is still 10 MiB, and points at Limits().max_body_size."""
    value = _deprecated("DEFAULT_MAX_BODY_SIZE", "urlencoded.Limits().max_body_size")
    assert value == urlencoded.Limits().max_body_size == 10 * 1024 * 1024


def test_form_urlencoded() -> None:
    """FORM_URLENCODED is still the form's essence, and points at the literal string."""
    value = _deprecated("FORM_URLENCODED", "'application/x-www-form-urlencoded'")
    assert value == "application/x-www-form-urlencoded"
    assert urlencoded.check_content_type(f"{value}; charset=x") == urlencoded.get_encoding("UTF-8")


def test_utf_8() -> None:
    """UTF_8 is still the UTF-8 Encoding, and points at get_encoding('UTF-8')."""
    value = _deprecated("UTF_8", "urlencoded.get_encoding('UTF-8')")
    assert value is urlencoded.get_encoding("UTF-8")


def test_error_status() -> None:
    """error_status still maps errors to statuses, equal to each error's .status, which it names."""
    error_status = _deprecated("error_status", "error.status")
    assert callable(error_status)
    for error in ERRORS:
        assert error_status(error) == error.status, error
    assert error_status(RuntimeError("a server bug")) == 500
    assert not hasattr(RuntimeError(), "status")


def test_parse_with_probe() -> None:
    """parse_with_probe still works, and points at detect_probe_encoding then parse."""
    parse_with_probe = _deprecated("parse_with_probe", "urlencoded.detect_probe_encoding(")
    body = urlencoded.serialize([("dot", "・"), ("q", "日本語")], encoding="shift_jis").encode()
    candidates = ["utf-8", "euc-jp", "shift_jis"]
    encoding = urlencoded.detect_probe_encoding(body, "dot", "・", candidates)
    assert encoding.name == "Shift_JIS"
    assert parse_with_probe(body, "dot", "・", candidates) == (
        encoding,
        urlencoded.parse(body, encoding=encoding),
    )


def test_mediatype() -> None:
    """MediaType is still the parsed MIME type class, and points at check_content_type."""
    media_type_class = _deprecated("MediaType", "urlencoded.check_content_type(value)")
    media_type = media_type_class("application", "x-www-form-urlencoded", {"charset": "utf-8"})
    assert media_type.essence == "application/x-www-form-urlencoded"


def test_parse_mime_type() -> None:
    """parse_mime_type still parses a MIME type, and points at check_content_type."""
    parse_mime_type = _deprecated("parse_mime_type", "urlencoded.check_content_type(value)")
    media_type = parse_mime_type("Application/X-WWW-Form-Urlencoded; Charset=Shift_JIS")
    assert media_type is not None
    assert media_type.essence == "application/x-www-form-urlencoded"
    assert media_type.parameters == {"charset": "Shift_JIS"}
    assert urlencoded.check_content_type(
        "Application/X-WWW-Form-Urlencoded; Charset=Shift_JIS", honor_charset=True
    ) == urlencoded.get_encoding("shift_jis")


def test_every_deprecated_name_has_a_test() -> None:
    """The list above is the package's list of deprecated names, and each has a test here."""
    assert sorted(DEPRECATED) == sorted(urlencoded._DEPRECATED)
    tests = {name for name in globals() if name.startswith("test_")}
    for name in DEPRECATED:
        assert f"test_{name.lower()}" in tests, name


def test_deprecated_names_are_not_public() -> None:
    """Deprecated names are left out of __all__ and dir(), and are never cached as globals."""
    for name in DEPRECATED:
        assert name not in urlencoded.__all__
        assert name not in dir(urlencoded)
        with pytest.warns(DeprecationWarning, match=f"urlencoded.{name} is deprecated"):
            getattr(urlencoded, name)
        assert name not in vars(urlencoded), name


def test_from_import_warns_at_the_caller() -> None:
    """``from urlencoded import X`` warns too, and the warning points at the importing line."""
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        from urlencoded import UTF_8

    assert UTF_8.name == "UTF-8"
    assert [warning.category for warning in record] == [DeprecationWarning]
    assert record[0].filename == __file__


def test_every_exception_is_covered() -> None:
    """ERRORS holds an instance of every exception class the package exports."""
    values = [getattr(urlencoded, name) for name in urlencoded.__all__]
    exported = {
        value for value in values if isinstance(value, type) and issubclass(value, BaseException)
    }
    assert exported == {type(error) for error in ERRORS}


@pytest.mark.parametrize("name", ["parse_wsgi_multidict", "parse_asgi_multidict"])
def test_names_added_and_removed_in_1_1_are_gone(name: str) -> None:
    """The 1.1 previews that never shipped are removed outright, without a deprecation."""
    assert name not in urlencoded.__all__
    with pytest.raises(AttributeError, match=name):
        getattr(urlencoded, name)
