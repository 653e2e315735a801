"""The public surface: exports, docstrings and version."""

from __future__ import annotations

import inspect
import pathlib
import pickle
import re
import subprocess
import sys

import pytest

import urlencoded


def test_all_names_exist() -> None:
    """Every name in __all__ is importable from the package."""
    for name in urlencoded.__all__:
        assert hasattr(urlencoded, name), name


def test_no_public_name_left_out() -> None:
    """Every public attribute of the package is listed in __all__."""
    public = {
        name
        for name, value in vars(urlencoded).items()
        if not name.startswith("_") and not inspect.ismodule(value) and name != "annotations"
    }
    assert public <= set(urlencoded.__all__)


def test_version() -> None:
    """__version__ is a release version string."""
    assert re.fullmatch(r"\d+\.\d+\.\d+", urlencoded.__version__)


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


PACKAGE = pathlib.Path(urlencoded.__file__).parent
CHANGELOG = pathlib.Path(__file__).resolve().parent.parent / "CHANGELOG.md"


def test_version_directives_are_not_ahead_of_the_version() -> None:
    """Every versionadded and versionchanged in the package names a version up to __version__."""
    directives = [
        (path.relative_to(PACKAGE), match.group(1), match.group(2))
        for path in sorted(PACKAGE.rglob("*.py"))
        for match in re.finditer(
            r"\.\. version(added|changed):: (\S+)", path.read_text(encoding="utf-8")
        )
    ]
    assert len(directives) > 100  # the scan found the docstrings
    versions = {version for _, _, version in directives}
    assert "1.1" in versions
    ahead = [
        entry
        for entry in directives
        if not re.fullmatch(r"\d+\.\d+", entry[2])
        or _version(entry[2]) > _version(urlencoded.__version__)
    ]
    assert ahead == []


def test_changelog_has_a_section_for_the_version() -> None:
    """CHANGELOG.md has a Keep a Changelog section for __version__, above 1.0.0's."""
    headings = re.findall(r"^## \[([^\]]+)\]", CHANGELOG.read_text(encoding="utf-8"), re.M)
    assert headings[0] == urlencoded.__version__
    assert "1.0.0" in headings


def test_public_callables_are_documented() -> None:
    """Every public function and class has a docstring that says when it was added."""
    for name in urlencoded.__all__:
        value = getattr(urlencoded, name)
        if inspect.isfunction(value) or inspect.isclass(value):
            doc = inspect.getdoc(value) or ""
            assert doc, name
            assert "versionadded" in doc, name


def test_spec_functions_link_their_algorithm() -> None:
    """Functions that implement a spec algorithm link it from their docstring."""
    for function in (
        urlencoded.parse,
        urlencoded.parse_bytes,
        urlencoded.serialize,
        urlencoded.percent_decode,
        urlencoded.percent_encode_after_encoding,
        urlencoded.get_encoding,
        urlencoded.get_output_encoding,
    ):
        assert "https://" in (function.__doc__ or ""), function.__name__


def test_exceptions_subclass_builtins() -> None:
    """Each exception can be caught as the builtin a caller already catches."""
    assert issubclass(urlencoded.UnknownEncodingError, LookupError)
    assert issubclass(urlencoded.DecodeError, ValueError)
    for limit in (urlencoded.TooManyFields, urlencoded.FieldTooLarge, urlencoded.BodyTooLarge):
        assert issubclass(limit, urlencoded.LimitExceeded)
    assert issubclass(urlencoded.LimitExceeded, ValueError)
    for name in urlencoded.__all__:
        value = getattr(urlencoded, name)
        if inspect.isclass(value) and issubclass(value, BaseException):
            assert issubclass(value, urlencoded.URLEncodedError), name


def test_exceptions_pickle() -> None:
    """Exceptions survive pickling with their attributes, e.g. out of a process pool."""
    errors: list[BaseException] = [
        urlencoded.UnknownEncodingError("x-nope"),
        urlencoded.DecodeError("UTF-8", 3, 1, b"a\xff"),
        urlencoded.TooManyFields("max_fields", 2, 9, "field 3 starts here"),
        urlencoded.FieldTooLarge("max_field_size", 4, 7, "field 2 is longer"),
        urlencoded.BodyTooLarge("max_body_size", 4, 4, "the input is 5 bytes"),
    ]
    for error in errors:
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is type(error)
        assert str(copy) == str(error)
        assert vars(copy) == vars(error)


def test_import_loads_only_the_core() -> None:
    """Importing the package leaves the dialects, lint and server helpers unloaded until used."""
    code = (
        "import sys, urlencoded\n"
        "lazy = ['urlencoded.dialects', 'urlencoded._tools._lint', 'urlencoded._web._servers',"
        " 'urlencoded._core._search_params', 'urlencoded._web._nested']\n"
        "assert not [m for m in lazy if m in sys.modules], sorted(sys.modules)\n"
        "assert urlencoded.dialects.RFC3986.encode('~ ') == '~%20'\n"
        "assert 'urlencoded.dialects' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_unknown_attribute() -> None:
    """A name the package does not have raises AttributeError naming it."""
    with pytest.raises(AttributeError, match="no_such_name"):
        urlencoded.no_such_name  # noqa: B018
    from urlencoded import MultiDict, dialects

    assert urlencoded.MultiDict is MultiDict
    assert urlencoded.dialects is dialects


def test_top_level_holds_the_layers() -> None:
    """The package's top level is its layer folders, the adapters and the entry points."""
    package = pathlib.Path(urlencoded.__file__).parent
    entries = {
        entry.name
        for entry in package.iterdir()
        if entry.name != "__pycache__" and (entry.is_dir() or entry.suffix in {".py", ".typed"})
    }
    assert entries == {
        "__init__.py",
        "__main__.py",
        "_errors.py",
        "_encoding",
        "_core",
        "_html",
        "_web",
        "dialects",
        "uritemplate.py",
        "_tools",
        "flask.py",
        "django.py",
        "starlette.py",
        "clients.py",
        "oauth1",
        "sigv4",
        "arrow",
        "py.typed",
    }
