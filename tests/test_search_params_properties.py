"""Property tests for URLSearchParams against literal models.

https://url.spec.whatwg.org/#interface-urlsearchparams: "A URLSearchParams
object has an associated list: a list of tuples each consisting of a name and
a value." The model here is exactly that, a Python list of (name, value)
tuples, changed by hand-written versions of the method steps. Strings include
lone surrogates (which the class must turn into U+FFFD), the characters the
serializer treats specially (``~ * + % & = ?`` and space) and non-ASCII.
"""

from __future__ import annotations

from hypothesis import given, note
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from urlencoded import URLSearchParams, query_params, with_query_params

# ---------------------------------------------------------------------------
# Strategies
# ---------------------------------------------------------------------------

_SPECIAL = st.sampled_from(
    [
        "~",
        "*",
        "+",
        "%",
        "&",
        "=",
        "?",
        "#",
        " ",
        "-",
        ".",
        "_",
        "a",
        "Z",
        "0",
        "é",
        "\x00",
        "\ufffd",
        "\uff61",
        "\ue000",
        "\U0001f600",
        "\U0010ffff",
    ]
)
#: Lone surrogates, which st.text() does not produce.
_SURROGATE = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)
#: Any code point, surrogates included.
_ANY_CHAR = st.one_of(_SPECIAL, _SURROGATE, st.characters())
#: Scalar values only (no surrogates).
_SCALAR_CHAR = st.one_of(_SPECIAL, st.characters(exclude_categories=["Cs"]))

#: Python strings that may hold lone surrogates.
any_text = st.lists(_ANY_CHAR, max_size=6).map("".join)
#: Scalar value strings.
scalar_text = st.lists(_SCALAR_CHAR, max_size=6).map("".join)
#: Names, from a small pool (so that names repeat) or arbitrary.
names = st.one_of(
    st.sampled_from(["", "a", "b", "\ufffd", "\ud800", "\udfff", "\U0001f600", "\uff61"]),
    any_text,
)


# ---------------------------------------------------------------------------
# Reference implementations, written independently of the library
# ---------------------------------------------------------------------------


def usv(text: str) -> str:
    """Web IDL USVString conversion of a Python str: every surrogate becomes U+FFFD."""
    return "".join("\ufffd" if 0xD800 <= ord(char) <= 0xDFFF else char for char in text)


def utf16_code_units(text: str) -> list[int]:
    """The UTF-16 code units of a scalar value string, computed by hand."""
    units: list[int] = []
    for char in text:
        code_point = ord(char)
        if code_point < 0x10000:
            units.append(code_point)
        else:
            code_point -= 0x10000
            units += [0xD800 + (code_point >> 10), 0xDC00 + (code_point & 0x3FF)]
    return units


def reference_sort(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A stable insertion sort by UTF-16 code units of the name."""
    result: list[tuple[str, str]] = []
    for pair in pairs:
        key = utf16_code_units(pair[0])
        index = len(result)
        while index > 0 and utf16_code_units(result[index - 1][0]) > key:
            index -= 1
        result.insert(index, pair)
    return result


def reference_serialize(pairs: list[tuple[str, str]]) -> str:
    """The urlencoded serializer for UTF-8: keep ASCII alphanumerics and *-._, space is +."""

    def encode(text: str) -> str:
        out = []
        for byte in text.encode("utf-8"):
            if chr(byte).isascii() and (chr(byte).isalnum() or chr(byte) in "*-._"):
                out.append(chr(byte))
            elif byte == 0x20:
                out.append("+")
            else:
                out.append(f"%{byte:02X}")
        return "".join(out)

    return "&".join(f"{encode(name)}={encode(value)}" for name, value in pairs)


# ---------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------


@given(st.lists(st.tuples(scalar_text, scalar_text), max_size=8))
def test_string_round_trip(pairs: list[tuple[str, str]]) -> None:
    """URLSearchParams(str(p)) equals p for every list of scalar-value pairs."""
    params = URLSearchParams(pairs)
    assert URLSearchParams(str(params)) == params
    assert list(URLSearchParams(str(params))) == pairs


@given(st.lists(st.tuples(any_text, any_text), max_size=8))
def test_round_trip_after_usv_conversion(pairs: list[tuple[str, str]]) -> None:
    """Any strings are stored USV-converted, and the stored list round-trips through str()."""
    params = URLSearchParams(pairs)
    expected = [(usv(name), usv(value)) for name, value in pairs]
    assert list(params) == expected
    assert list(URLSearchParams(str(params))) == expected
    assert list(URLSearchParams(str(params).encode("ascii"))) == expected


@given(st.lists(st.tuples(any_text, any_text), max_size=8))
def test_serialization_matches_reference(pairs: list[tuple[str, str]]) -> None:
    """str() is ASCII and matches a hand-written urlencoded serializer."""
    text = str(URLSearchParams(pairs))
    assert text.isascii()
    assert text == reference_serialize([(usv(name), usv(value)) for name, value in pairs])


@given(st.lists(st.tuples(names, any_text), max_size=10))
def test_sort_matches_reference(pairs: list[tuple[str, str]]) -> None:
    """sort() agrees with a stable sort on UTF-16-BE encoded names."""
    params = URLSearchParams(pairs)
    params.sort()
    model = [(usv(name), usv(value)) for name, value in pairs]
    assert list(params) == reference_sort(model)
    by_utf16_be = sorted(model, key=lambda pair: pair[0].encode("utf-16-be"))
    assert list(params) == by_utf16_be


@given(
    st.lists(st.tuples(any_text, any_text), max_size=5),
    st.text(st.characters(exclude_characters="?#")),
    st.none() | any_text.map(lambda query: "?" + query.replace("#", "")),
    st.none() | any_text.map(lambda fragment: "#" + fragment),
)
def test_url_helpers_round_trip(
    pairs: list[tuple[str, str]], before: str, query: str | None, fragment: str | None
) -> None:
    """query_params(with_query_params(url, p)) equals p, and the fragment is kept."""
    url = before + (query or "") + (fragment or "")
    params = URLSearchParams(pairs)
    new_url = with_query_params(url, params)
    note(repr(new_url))
    assert query_params(new_url) == params
    if fragment is not None:
        assert new_url.endswith(usv(fragment))
    if not params:
        assert "?" not in new_url.partition("#")[0]


# ---------------------------------------------------------------------------
# Every mutation agrees with a model list of pairs
# ---------------------------------------------------------------------------


class SearchParamsMachine(RuleBasedStateMachine):
    """Applies random method calls to URLSearchParams and to a list of pairs."""

    def __init__(self) -> None:
        super().__init__()
        self.params = URLSearchParams()
        self.model: list[tuple[str, str]] = []

    @rule(name=names, value=any_text)
    def append(self, name: str, value: str) -> None:
        """append: add the converted pair at the end."""
        self.params.append(name, value)
        self.model.append((usv(name), usv(value)))

    @rule(name=names)
    def delete(self, name: str) -> None:
        """delete(name): drop every pair with the name."""
        self.params.delete(name)
        self.model = [pair for pair in self.model if pair[0] != usv(name)]

    @rule(name=names, value=st.sampled_from(["", "a", "\ufffd", "\udc00"]) | any_text)
    def delete_pair(self, name: str, value: str) -> None:
        """delete(name, value): drop every pair equal to (name, value)."""
        self.params.delete(name, value)
        self.model = [pair for pair in self.model if pair != (usv(name), usv(value))]

    @rule(name=names, value=any_text)
    def set(self, name: str, value: str) -> None:
        """set: replace the first pair with the name, drop the rest, or append."""
        self.params.set(name, value)
        name, value = usv(name), usv(value)
        indexes = [index for index, pair in enumerate(self.model) if pair[0] == name]
        if not indexes:
            self.model.append((name, value))
            return
        self.model[indexes[0]] = (name, value)
        for index in reversed(indexes[1:]):
            del self.model[index]

    @rule()
    def sort(self) -> None:
        """sort: stable sort by UTF-16 code units of the name."""
        self.params.sort()
        self.model = reference_sort(self.model)

    @rule()
    def reparse(self) -> None:
        """Replace the params by parsing their own serialization, which changes nothing."""
        self.params = URLSearchParams(str(self.params))

    @rule()
    def copy(self) -> None:
        """Replace the params by a copy, which changes nothing."""
        self.params = self.params.copy()

    @rule(name=names)
    def read(self, name: str) -> None:
        """get, get_all, has and ``in`` agree with the model for any name."""
        values = [pair_value for pair_name, pair_value in self.model if pair_name == usv(name)]
        assert self.params.get(name) == (values[0] if values else None)
        assert self.params.get_all(name) == values
        assert self.params.has(name) is bool(values)
        assert (name in self.params) is bool(values)

    @rule(name=names, value=any_text)
    def read_pair(self, name: str, value: str) -> None:
        """has(name, value) agrees with the model."""
        assert self.params.has(name, value) is ((usv(name), usv(value)) in self.model)

    @invariant()
    def agrees_with_model(self) -> None:
        """The list, its size and its serialization match the model."""
        assert list(self.params) == self.model
        assert self.params.size == len(self.params) == len(self.model)
        assert self.params.items() == self.model
        assert str(self.params) == reference_serialize(self.model)


class TestMutationsAgreeWithModel(SearchParamsMachine.TestCase):  # type: ignore[valid-type,misc]
    """Every sequence of mutations leaves the params equal to a model list of pairs."""
