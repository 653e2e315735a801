"""Outgoing requests: the documented ways to send serialize() output send exactly its bytes."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable

import aiohttp
import httpx
import pytest
import requests
from hypothesis import given
from hypothesis import strategies as st

from urlencoded import URLSearchParams, serialize
from urlencoded.clients import (
    FORM_CONTENT_TYPE,
    aiohttp_form,
    aiohttp_url,
    httpx_request,
    httpx_url,
    requests_prepare,
)

FORM = {"Content-Type": "application/x-www-form-urlencoded"}
# The characters where clients' own encoders differ from the serializer.
PAIRS = [("q", "~café *+/"), ("tag", "a b"), ("legacy", "€")]
QUERY = serialize(PAIRS)
LEGACY = serialize(PAIRS, encoding="windows-1252")


class _Echo(BaseHTTPRequestHandler):
    """Answers with the request target and body exactly as received."""

    def do_GET(self) -> None:
        self._answer(b"")

    def do_POST(self) -> None:
        self._answer(self.rfile.read(int(self.headers["Content-Length"])))

    do_PUT = do_POST

    def _answer(self, body: bytes) -> None:
        seen = json.dumps(
            {
                "target": self.path,
                "body": body.decode("latin-1"),
                "content_type": self.headers.get("Content-Type"),
                "authorization": self.headers.get("Authorization"),
                "method": self.command,
                "headers": list(self.headers.items()),
            }
        ).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(seen)))
        self.end_headers()
        self.wfile.write(seen)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    """An echo server on an ephemeral 127.0.0.1 port."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Echo)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/search"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


@pytest.mark.parametrize("query", [QUERY, LEGACY])
def test_urllib_request_sends_query_and_body_verbatim(url: str, query: str) -> None:
    """urllib.request sends the URL's query and a bytes body unchanged."""
    with urllib.request.urlopen(f"{url}?{query}", timeout=10) as answer:
        assert json.load(answer)["target"] == f"/search?{query}"
    request = urllib.request.Request(url, data=query.encode("ascii"), headers=FORM)
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert json.load(answer)["body"] == query


@pytest.mark.parametrize("query", [QUERY, LEGACY])
def test_httpx_sends_query_and_body_verbatim(url: str, query: str) -> None:
    """httpx sends a finished URL, URL(query=bytes) and content= unchanged."""
    assert httpx.get(f"{url}?{query}", timeout=10).json()["target"] == f"/search?{query}"
    built = httpx.URL(url, query=query.encode("ascii"))
    assert httpx.get(built, timeout=10).json()["target"] == f"/search?{query}"
    body = httpx.post(url, content=query.encode("ascii"), headers=FORM, timeout=10)
    assert body.json()["body"] == query


def test_httpx_params_reencodes(url: str) -> None:
    """The documented warning holds: httpx params= turns %7E into ~ and * into %2A."""
    target = httpx.get(url, params=QUERY, timeout=10).json()["target"]
    assert target != f"/search?{QUERY}"
    assert "q=~caf" in target
    assert "%2A" in target
    from_params = httpx.get(url, params=tuple(URLSearchParams(QUERY).items()), timeout=10)
    assert "q=~caf" in from_params.json()["target"]


@pytest.mark.parametrize("query", [QUERY, LEGACY])
def test_requests_sends_body_and_prepared_url_verbatim(url: str, query: str) -> None:
    """requests sends a str body unchanged, and a URL set on the prepared request."""
    body = requests.post(url, data=query, headers=FORM, timeout=10)
    assert body.json()["body"] == query
    prepared = requests.Request("GET", url).prepare()
    prepared.url = f"{url}?{query}"
    with requests.Session() as session:
        answer = session.send(prepared, timeout=10)
    assert answer.json()["target"] == f"/search?{query}"


def test_requests_url_reencodes(url: str) -> None:
    """The documented warning holds: requests re-quotes a URL's %7E as ~."""
    target = requests.get(f"{url}?{QUERY}", timeout=10).json()["target"]
    assert target == f"/search?{QUERY}".replace("%7E", "~")
    assert target != f"/search?{QUERY}"


# --- urlencoded.clients: each adapter sends serialize()'s bytes -----------------------------

# Every character a client or a proxy is known to treat differently, in values and names.
CORPUS_PAIRS: list[tuple[str, str]] = [
    ("tilde", "~"),
    ("star", "*"),
    ("quote", "'"),
    ("bang", "!"),
    ("parens", "(x)"),
    ("space", "a b"),
    ("plus", "1+1"),
    ("percent", "100%25 %"),
    ("crlf", "line 1\r\nline 2"),
    ("slash?&=#", "/?&=#;"),
    ("empty", ""),
    ("", "no name"),
    ("non-ascii", "café ß 日本語 한국어 😀"),
]
# (pairs, encoding): the legacy encodings write what they can represent and &#NNNN; the rest.
CORPUS = [
    (CORPUS_PAIRS, "UTF-8"),
    ([*CORPUS_PAIRS, ("jp", "日本語のテキスト ｶﾅ")], "Shift_JIS"),
    ([*CORPUS_PAIRS, ("kr", "한국어 텍스트")], "EUC-KR"),
    ([("q", "~*'!() +%\r\n€")], "windows-1252"),
]
CORPUS_IDS = [encoding for _, encoding in CORPUS]


def _seen(answer: Any) -> dict[str, str]:
    return dict(json.loads(answer))


def _check_sent(got: dict[str, str], posted: dict[str, str], query: str, target: str) -> None:
    """The GET's target has the serialized query; the POST went to *target* with it as its form."""
    assert got["target"] == f"/search?{query}"
    assert posted["target"] == target
    assert posted["body"] == query
    assert posted["content_type"] == FORM_CONTENT_TYPE


@pytest.mark.parametrize(("pairs", "encoding"), CORPUS, ids=CORPUS_IDS)
def test_httpx_adapters_send_serialize_bytes(
    url: str, pairs: list[tuple[str, str]], encoding: str
) -> None:
    """httpx_url and httpx_request make httpx send serialize()'s query and body unchanged."""
    query = serialize(pairs, encoding=encoding)
    with httpx.Client(timeout=10) as client:
        got = client.get(httpx_url(url, pairs, encoding=encoding)).json()
        request = httpx_request("POST", url, params=pairs, data=pairs, encoding=encoding)
        posted = client.send(request).json()
    _check_sent(got, posted, query, f"/search?{query}")


@pytest.mark.parametrize(("pairs", "encoding"), CORPUS, ids=CORPUS_IDS)
def test_httpx_async_adapters_send_serialize_bytes(
    url: str, pairs: list[tuple[str, str]], encoding: str
) -> None:
    """An httpx.AsyncClient sends httpx_url and httpx_request as serialize() wrote them."""
    query = serialize(pairs, encoding=encoding)

    async def send() -> tuple[dict[str, str], dict[str, str]]:
        async with httpx.AsyncClient(timeout=10) as client:
            got = await client.get(httpx_url(url, pairs, encoding=encoding))
            posted = await client.send(httpx_request("POST", url, data=pairs, encoding=encoding))
            return got.json(), posted.json()

    got, posted = asyncio.run(send())
    _check_sent(got, posted, query, "/search")


@pytest.mark.parametrize(("pairs", "encoding"), CORPUS, ids=CORPUS_IDS)
def test_requests_adapter_sends_serialize_bytes(
    url: str, pairs: list[tuple[str, str]], encoding: str
) -> None:
    """requests_prepare makes requests send serialize()'s query and body unchanged."""
    query = serialize(pairs, encoding=encoding)
    with requests.Session() as session:
        prepared = requests_prepare(
            "POST", url, params=pairs, data=pairs, encoding=encoding, session=session
        )
        posted = session.send(prepared, timeout=10).json()
        alone = requests_prepare("GET", url, params=pairs, encoding=encoding)
        got = session.send(alone, timeout=10).json()
    _check_sent(got, posted, query, f"/search?{query}")


@pytest.mark.parametrize(("pairs", "encoding"), CORPUS, ids=CORPUS_IDS)
def test_aiohttp_adapters_send_serialize_bytes(
    url: str, pairs: list[tuple[str, str]], encoding: str
) -> None:
    """aiohttp_url and aiohttp_form make aiohttp send serialize()'s query and body unchanged."""
    query = serialize(pairs, encoding=encoding)

    async def send() -> tuple[dict[str, str], dict[str, str]]:
        timeout = aiohttp.ClientTimeout(total=10)
        async with aiohttp.ClientSession(timeout=timeout) as session:
            async with session.get(aiohttp_url(url, pairs, encoding=encoding)) as answer:
                got = _seen(await answer.read())
            form = aiohttp_form(pairs, encoding=encoding)
            async with session.post(aiohttp_url(url, query), data=form) as answer:
                posted = _seen(await answer.read())
            return got, posted

    got, posted = asyncio.run(send())
    _check_sent(got, posted, query, f"/search?{query}")


def test_adapters_keep_the_urls_own_query() -> None:
    """A query already in the URL stays first and the serialized pairs follow after &."""
    pairs = [("q", "~ *")]
    assert str(httpx_url("http://h/p?a=%7E#f", pairs)) == "http://h/p?a=%7E&q=%7E+*#f"
    assert str(aiohttp_url("http://h/p?a=1#f", pairs)) == "http://h/p?a=1&q=%7E+*"
    assert requests_prepare("GET", "http://h/p?a=1#f", params=pairs).url == "http://h/p?a=1&q=%7E+*"
    assert str(httpx_url("http://h/p", [])) == "http://h/p"
    assert str(aiohttp_url("http://h/p", "")) == "http://h/p"
    assert requests_prepare("GET", "http://h/p", params=[]).url == "http://h/p"


def test_adapters_take_a_serialized_str_as_it_is() -> None:
    """A str query or body is sent unchanged, even where serialize() would write it otherwise."""
    assert str(httpx_url("http://h/", "a=~&b=%2A")) == "http://h/?a=~&b=%2A"
    assert httpx_request("POST", "http://h/", data="a=~").content == b"a=~"
    assert requests_prepare("POST", "http://h/", data="a=~").body == b"a=~"
    assert aiohttp_form("a=~").decode() == "a=~"


def test_adapters_refuse_non_ascii_str_and_body_arguments() -> None:
    """A non-ASCII str is not a serialized query, and the body goes in data= only."""
    with pytest.raises(ValueError, match="ASCII"):
        httpx_url("http://h/", "q=café")
    with pytest.raises(ValueError, match="ASCII"):
        aiohttp_form("q=café")
    with pytest.raises(ValueError, match="ASCII"):
        requests_prepare("POST", "http://h/", data="q=café")
    with pytest.raises(TypeError, match="content"):
        httpx_request("POST", "http://h/", content=b"x")
    with pytest.raises(TypeError, match="json"):
        requests_prepare("POST", "http://h/", json={})
    with pytest.raises(TypeError):
        httpx_url("http://h/", [("a", object())])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        httpx_url("http://h/", [("a", True)])


def test_adapters_keep_a_given_content_type_and_session_settings() -> None:
    """A Content-Type in headers= wins, and a session's headers reach the prepared request."""
    own = {"Content-Type": "application/x-www-form-urlencoded; charset=Shift_JIS"}
    request = httpx_request("POST", "http://h/", data={"a": "1"}, headers=own)
    assert request.headers["Content-Type"] == own["Content-Type"]
    prepared = requests_prepare("POST", "http://h/", data={"a": "1"}, headers=own)
    assert prepared.headers["Content-Type"] == own["Content-Type"]
    with requests.Session() as session:
        session.headers["X-Client"] = "mine"
        prepared = requests_prepare("GET", "http://h/", params={"a": "~"}, session=session)
    assert prepared.headers["X-Client"] == "mine"
    assert prepared.url == "http://h/?a=%7E"


@pytest.mark.parametrize(
    ("package", "call"),
    [
        ("httpx", lambda: httpx_url("http://h/", {})),
        ("httpx", lambda: httpx_request("GET", "http://h/")),
        ("requests", lambda: requests_prepare("GET", "http://h/")),
        ("aiohttp", lambda: aiohttp_url("http://h/", {})),
        ("aiohttp", lambda: aiohttp_form({})),
    ],
)
def test_adapter_without_its_client_names_the_package(
    monkeypatch: pytest.MonkeyPatch, package: str, call: Callable[[], object]
) -> None:
    """Calling an adapter whose client is missing raises ImportError naming the package."""
    monkeypatch.setitem(sys.modules, package, None)
    with pytest.raises(ImportError, match=f"needs the '{package}' package") as caught:
        call()
    assert caught.value.name == package


def test_modules_import_without_any_client() -> None:
    """urlencoded.clients, oauth1 and sigv4 import with no HTTP client installed."""
    code = (
        "import sys\n"
        "for name in ('httpx', 'requests', 'aiohttp', 'yarl', 'botocore', 'oauthlib'):\n"
        "    sys.modules[name] = None\n"
        "import urlencoded.clients, urlencoded.oauth1, urlencoded.sigv4\n"
        "try:\n"
        "    urlencoded.clients.httpx_url('http://h/', {})\n"
        "except ImportError as error:\n"
        "    assert 'httpx' in str(error), error\n"
        "else:\n"
        "    raise AssertionError('no ImportError')\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_requests_prepare_runs_auth_after_pinning_the_query() -> None:
    """The request's, the session's and a (user, password) auth all see the pinned URL."""
    seen: list[str] = []

    def record(prepared: requests.PreparedRequest) -> requests.PreparedRequest:
        seen.append(str(prepared.url))
        return prepared

    requests_prepare("GET", "http://h/", params={"q": "~"}, auth=record)
    with requests.Session() as session:
        session.auth = record
        requests_prepare("GET", "http://h/", params={"q": "~"}, session=session)
        session.auth = ("user", "pw")
        basic = requests_prepare("GET", "http://h/", params={"q": "~"}, session=session)
    assert seen == ["http://h/?q=%7E", "http://h/?q=%7E"]
    assert basic.headers["Authorization"] == "Basic dXNlcjpwdw=="
    assert basic.url == "http://h/?q=%7E"


_pair_text = st.text(st.characters(exclude_categories=("Cs",)), max_size=8)


@given(
    st.lists(st.tuples(_pair_text, _pair_text), max_size=6),
    st.sampled_from(["UTF-8", "Shift_JIS", "EUC-KR", "windows-1252", "GB18030"]),
)
def test_every_adapter_carries_serialize_output(
    pairs: list[tuple[str, str]], encoding: str
) -> None:
    """For any pairs, each adapter's URL and body hold exactly serialize()'s output."""
    query = serialize(pairs, encoding=encoding)
    base = "http://h/p"
    assert httpx_url(base, pairs, encoding=encoding).query == query.encode()
    request = httpx_request("POST", base, params=pairs, data=pairs, encoding=encoding)
    assert request.url.query == request.content == query.encode()
    prepared = requests_prepare("POST", base, params=pairs, data=pairs, encoding=encoding)
    assert prepared.url == (f"{base}?{query}" if query else base)
    assert (prepared.body or b"") == query.encode()  # requests sends no body for b""
    assert aiohttp_url(base, pairs, encoding=encoding).raw_query_string == query
    assert aiohttp_form(pairs, encoding=encoding).decode() == query


# --- a finished query given as a str ------------------------------------------------------

# What the URL Standard's query state writes as it is (printable ASCII less the
# special-query percent-encode set), each character once, and "%" alone.
AS_IS = "".join(chr(c) for c in range(0x21, 0x7F) if chr(c) not in "\"#<>'")
# What urllib3, under requests, leaves alone too: RFC 3986's query characters.
REQUESTS_AS_IS = "".join(c for c in AS_IS if c not in "[]\\^`{|}%")  # "%" only in escapes
ESCAPED_BY_THE_QUERY_STATE = [
    " ",
    "\t",
    "\r",
    "\n",
    "\x00",
    "\x1f",
    "\x7f",
    '"',
    "#",
    "<",
    ">",
    "'",
]
REWRITTEN_BY_REQUESTS = [
    *"[]\\^`{|}",
    *["%", "%zz", "%4", "%%41", "%2f", "%aB", "%Ab"],
]


def _send_finished_query(url: str, query: str) -> dict[str, str]:
    """The target each client's GET arrived with, for the finished *query*."""
    targets = {"httpx": httpx.get(httpx_url(url, query), timeout=10).json()["target"]}
    with requests.Session() as session:
        prepared = requests_prepare("GET", url, params=query, session=session)
        targets["requests"] = session.send(prepared, timeout=10).json()["target"]

    async def send() -> str:
        timeout = aiohttp.ClientTimeout(total=10)
        async with aiohttp.ClientSession(timeout=timeout) as session:
            answer = await session.get(aiohttp_url(url, query))
            async with answer:
                return _seen(await answer.read())["target"]

    targets["aiohttp"] = asyncio.run(send())
    return targets


def test_finished_query_reaches_the_server_as_it_is(url: str) -> None:
    """Each character a finished query may hold arrives unchanged, through every client."""
    with httpx.Client(timeout=10) as client:
        for query in [f"a={AS_IS}", "a=%zz%4%&b=%2f"]:
            assert client.get(httpx_url(url, query)).json()["target"] == f"/search?{query}"
    query = f"a={REQUESTS_AS_IS}&b=%41%2F"
    assert set(_send_finished_query(url, query).values()) == {f"/search?{query}"}


@pytest.mark.parametrize("char", ESCAPED_BY_THE_QUERY_STATE)
def test_finished_query_refuses_what_the_query_state_escapes(char: str) -> None:
    """A character the query state would escape is a ValueError naming it and its index.

    aiohttp sent a space raw ("GET /search?a b"), requests and yarl dropped CR
    and LF, requests cut the query at "#" and httpx refused controls.
    """
    query = f"a=1{char}2"
    for call in (
        lambda: httpx_url("http://h/", query),
        lambda: httpx_request("GET", "http://h/", params=query),
        lambda: requests_prepare("GET", "http://h/", params=query),
        lambda: aiohttp_url("http://h/", query),
    ):
        with pytest.raises(ValueError, match=f"{re.escape(repr(char))} at index 3"):
            call()


@pytest.mark.parametrize("piece", REWRITTEN_BY_REQUESTS)
def test_finished_query_for_requests_refuses_what_requests_rewrites(piece: str, url: str) -> None:
    """What requests rewrites is refused for it: RFC 3986's excluded characters, a lone '%'.

    (And lower-case hex in an escape, which requests writes in upper case.)

    httpx and aiohttp send them as they are, so their helpers take them.
    """
    query = f"a=1{piece}"
    with pytest.raises(ValueError, match="index 3"):
        requests_prepare("GET", "http://h/", params=query)
    with httpx.Client(timeout=10) as client:
        assert client.get(httpx_url(url, query)).json()["target"] == f"/search?{query}"
    assert aiohttp_url("http://h/", query).raw_query_string == query


def test_finished_body_needs_only_ascii() -> None:
    """A str body is sent as it is: any ASCII, CR, LF and '#' included."""
    body = "a=1 2\r\n#'%zz"
    assert httpx_request("POST", "http://h/", data=body).content == body.encode()
    assert requests_prepare("POST", "http://h/", data=body).body == body.encode()
    assert aiohttp_form(body).decode() == body


def test_httpx_url_over_httpx_length_limit_is_a_value_error() -> None:
    """A query past httpx's 65,536-character limit is a ValueError naming the limit and length."""
    long_query = "a=" + "b" * 70000
    with pytest.raises(ValueError, match=r"at most 65,536 characters.*has 70,002") as info:
        httpx_url("http://h/", long_query)
    assert isinstance(info.value.__cause__, httpx.InvalidURL)
    with pytest.raises(ValueError, match="65,536"):
        httpx_url("http://h/", {"a": "b" * 70000})
    with pytest.raises(ValueError, match="65,536"):
        httpx_request("GET", "http://h/", params=long_query)
    assert len(str(httpx_url("http://h/", "a=" + "b" * 60000))) > 60000


@pytest.mark.parametrize("value", [True, False, None])
def test_bool_and_none_values_are_refused_by_the_values_rule(value: object) -> None:
    """A bool or None among the pairs is the library's TypeError saying why, for every helper."""
    pairs = [("a", "1"), ("flag", value)]
    for call in (
        lambda: httpx_url("http://h/", pairs),  # type: ignore[arg-type]
        lambda: httpx_request("POST", "http://h/", data=pairs),  # type: ignore[arg-type]
        lambda: requests_prepare("GET", "http://h/", params=pairs),  # type: ignore[arg-type]
        lambda: requests_prepare("POST", "http://h/", data={"flag": value}),  # type: ignore[arg-type]
        lambda: aiohttp_url("http://h/", pairs),  # type: ignore[arg-type]
        lambda: aiohttp_form(pairs),  # type: ignore[arg-type]
    ):
        with pytest.raises(TypeError, match="text differs between Python"):
            call()


def test_numbers_are_written_as_python_writes_them() -> None:
    """An int or a float among the pairs is its text, as everywhere in the library."""
    pairs: list[tuple[str, float]] = [("n", 2), ("x", 0.5), ("big", 1e16)]
    assert str(httpx_url("http://h/", pairs)) == "http://h/?n=2&x=0.5&big=1e%2B16"
    assert aiohttp_form(dict(pairs)).decode() == "n=2&x=0.5&big=1e%2B16"
