"""Outgoing requests: the documented ways to send serialize() output send exactly its bytes."""

from __future__ import annotations

import json
import threading
import urllib.request
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest
import requests

from urlencoded import URLSearchParams, serialize

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

    def _answer(self, body: bytes) -> None:
        seen = json.dumps({"target": self.path, "body": body.decode("latin-1")}).encode()
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
