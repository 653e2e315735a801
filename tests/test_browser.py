"""Real form submissions from headless Chromium, compared byte for byte with serialize().

Marked ``browser`` and deselected by default (pyproject's addopts); run with
``python -m pytest -m browser``. Needs Debian's ``chromium`` package (or any
Chromium on PATH, or in ``$CHROMIUM``); nothing is downloaded at run time.

One WSGI server on 127.0.0.1 (port 0) serves a page that opens an iframe
per case, one after the other. Each iframe loads a form page in the case's encoding, whose script
sets values holding CR, LF and CRLF and submits the form. The server
records the raw bytes of every submission (the query of a GET, the body of
a POST, read through :func:`urlencoded.parse_wsgi` for urlencoded bodies),
and the tests compare them with :func:`urlencoded.serialize` and
:func:`urlencoded.serialize_text_plain` with the matching options, and parse
them back. One Chromium run submits every form; each pytest process (each
xdist worker) that runs these tests starts its own.
"""

from __future__ import annotations

import html
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from socketserver import ThreadingMixIn
from typing import Any, Callable
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

import pytest

import urlencoded
from tests import reference_encoding as enc
from tests import reference_html as ref

pytestmark = pytest.mark.browser

# The page encodings, with text the encoding can represent (a literal field
# in the page source) and text it partly cannot (typed into fields by script).
NATIVE = {
    "UTF-8": "日本語 한국어 é € 😀",
    "windows-1252": "café € ™ Œ ß",
    "Shift_JIS": "日本語 ｱｲ ① ～ ¥",
    "EUC-JP": "日本語 ｱ ① ‾",
    "ISO-2022-JP": "日本語 ｱｲｳ ① abc",
    "GBK": "中文 汉字 € ·",
    "gb18030": "中文 € ㄅ 😀 \ue5e5",
    "Big5": "中文 繁體 € ╳",
    "EUC-KR": "한국어 ㄱ 漢 ©",
    "UTF-16LE": "日本語 中文 한국어 😀",
}
# Every submission also carries these: form syntax, a character missing from
# most encodings, and newlines of every kind.
COMMON = "a b+c&d=e%f;g~*-._!'()/?#[]@$,\"<>\\^`{|}"
MISSING = "€ 😀 ☃ ü"
TEXTAREA = "line 1\rline 2\nline 3\r\nline 4\n\rend"
HIDDEN = "x\ry\nz\r\nw\n\r"
WEIRD_NAME = "na\rme\nwith\r\nbreaks"


@dataclass(frozen=True)
class Case:
    """One form: its page's encoding, accept-charset, method and enctype."""

    page: str
    accept_charset: str | None
    method: str
    enctype: str

    @property
    def id(self) -> str:
        accept = f"-accept-{self.accept_charset}" if self.accept_charset else ""
        kind = "urlencoded" if self.enctype.endswith("urlencoded") else "plain"
        return f"{self.page}{accept}-{self.method}-{kind}"

    @property
    def output(self) -> str:
        """The encoding the form is submitted in: "picking an encoding for the form"."""
        # https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#picking-an-encoding-for-the-form
        label = self.accept_charset or self.page
        return urlencoded.get_output_encoding(label).name

    @property
    def literal(self) -> str:
        """The literal field's value as the page's HTML parser reads it from the source.

        The source is in the page's encoding, so a character that encodes to
        a byte decoding to another (Shift_JIS writes ¥ as 0x5C, read as "\\")
        arrives in the DOM as that other character.
        """
        if self.page == "UTF-16LE":
            return NATIVE[self.page]
        return enc.reference_decode(self.page, ref.encode_html(self.page, NATIVE[self.page]))

    @property
    def entries(self) -> list[tuple[str, str]]:
        """The form's entry list, in tree order, as the DOM holds it."""
        entries = [
            ("_charset_", ""),
            ("q", f"{COMMON} {MISSING}"),
            ("native", NATIVE[self.accept_charset or self.page]),
            ("literal", self.literal),
            ("t", f"{TEXTAREA} {NATIVE[self.page]}"),
            ("h", HIDDEN),
            ("empty", ""),
        ]
        if self.enctype.endswith("urlencoded"):
            # text/plain cannot carry a name with newlines in a readable way.
            entries.append((WEIRD_NAME, "v"))
        return entries


URLENCODED = "application/x-www-form-urlencoded"
PLAIN = "text/plain"
PAGES = list(NATIVE)
CASES = [
    Case(page, None, method, enctype)
    for page in PAGES
    for method in ("GET", "POST")
    for enctype in (URLENCODED, PLAIN)
] + [
    # accept-charset overrides the page's encoding.
    Case(page, accept, method, enctype)
    for page, accept in [("UTF-8", label) for label in PAGES[1:-1]]
    + [("windows-1252", "UTF-8"), ("Shift_JIS", "UTF-16LE")]
    for method in ("GET", "POST")
    for enctype in (URLENCODED, PLAIN)
]
CASE_BY_ID = {case.id: case for case in CASES}


def _js(value: object) -> str:
    """A JavaScript literal (string or array) in ASCII, safe inside <script>."""
    return json.dumps(value).replace("<", "\\u003c")


def _page(case: Case) -> bytes:
    """The form page for *case*, encoded in the page's encoding."""
    accept = f' accept-charset="{case.accept_charset}"' if case.accept_charset else ""
    entries = case.entries
    # The literal field is in the page source, encoded in the page encoding;
    # every other value and name is set by script, so it reaches the DOM
    # exactly (text inputs would drop newlines; textarea values keep them).
    script = "\n".join(
        f"document.getElementById('f{index}').name = {_js(name)};"
        f"document.getElementById('f{index}').value = {_js(value)};"
        for index, (name, value) in enumerate(entries)
        if name not in ("_charset_", "literal")
    )
    fields = []
    for index, (name, value) in enumerate(entries):
        if name == "_charset_":
            fields.append('<input type="hidden" name="_charset_">')
        elif name == "literal":
            fields.append(f'<input type="text" name="literal" value="{html.escape(value)}">')
        elif name == "t":
            fields.append(f'<textarea id="f{index}"></textarea>')
        else:
            fields.append(f'<input type="hidden" id="f{index}">')
    # "Constructing the entry list" skips a field without a name.
    fields.append('<input type="hidden" value="no name">')
    meta = "utf-16le" if case.page == "UTF-16LE" else case.page
    source = (
        f'<!DOCTYPE html><html><head><meta charset="{meta}"><title>{case.id}</title></head>'
        f'<body><form id="form" action="/submit/{case.id}" method="{case.method}"'
        f' enctype="{case.enctype}"{accept}>{"".join(fields)}</form>'
        f"<script>{script}\ndocument.getElementById('form').submit();</script></body></html>"
    )
    if case.page == "UTF-16LE":
        return b"\xff\xfe" + source.encode("utf-16-le")
    # A server writes what the encoding lacks as character references, as "encode" does.
    return ref.encode_html(case.page, source)


@dataclass
class Submission:
    """What the server received for one form."""

    method: str
    content_type: str
    raw: bytes
    pairs: list[tuple[str, str]] | None  # parse_wsgi's result, for urlencoded POST bodies


class _Recorder:
    """A wsgi.input that keeps a copy of what is read from it."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.data = b""

    def read(self, size: int = -1) -> bytes:
        chunk: bytes = self.stream.read(size)
        self.data += chunk
        return chunk


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


# The form pages load one at a time: the next iframe starts once the one before
# has reached its submission's response (or after two seconds, so that one
# stuck frame shows up as a missing submission instead of stalling the rest).
# With every page loading at once, Chromium 156 now and then wrote a legacy-
# encodable character of the field read from the page source as "&#N;".
_FRAMES_PAGE = """<!DOCTYPE html><meta charset="utf-8"><body><script>
const ids = IDS;
let index = 0;
function next() {
  if (index >= ids.length) return;
  const frame = document.createElement("iframe");
  frame.width = 10;
  frame.height = 10;
  let moved = false;
  const move = () => { if (!moved) { moved = true; next(); } };
  frame.onload = () => {
    if (frame.contentWindow.location.pathname.startsWith("/submit/")) move();
  };
  setTimeout(move, 2000);
  frame.src = "/page/" + ids[index++];
  document.body.appendChild(frame);
}
next();
</script></body>"""


def _application(
    submissions: dict[str, Submission], done: threading.Event
) -> Callable[[dict[str, Any], Any], Iterable[bytes]]:
    def app(environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        path = environ["PATH_INFO"]
        if path == "/":
            body = _FRAMES_PAGE.replace("IDS", _js([case.id for case in CASES])).encode()
            start_response("200 OK", [("Content-Type", "text/html; charset=utf-8")])
            return [body]
        if path.startswith("/page/"):
            case = CASE_BY_ID[path[len("/page/") :]]
            charset = "utf-16le" if case.page == "UTF-16LE" else case.page
            start_response("200 OK", [("Content-Type", f"text/html; charset={charset}")])
            return [_page(case)]
        if path.startswith("/submit/"):
            case = CASE_BY_ID[path[len("/submit/") :]]
            content_type = environ.get("CONTENT_TYPE", "")
            pairs = None
            if environ["REQUEST_METHOD"] == "GET":
                # wsgiref passes the request line's query on as latin-1 text.
                raw = environ.get("QUERY_STRING", "").encode("latin-1")
            else:
                recorder = _Recorder(environ["wsgi.input"])
                environ["wsgi.input"] = recorder
                if content_type.startswith(URLENCODED):
                    pairs = urlencoded.parse_wsgi(environ, charset_field="_charset_")
                else:
                    recorder.read(int(environ.get("CONTENT_LENGTH") or 0))
                raw = recorder.data
            submissions[case.id] = Submission(environ["REQUEST_METHOD"], content_type, raw, pairs)
            if len(submissions) == len(CASES):
                done.set()
            start_response("200 OK", [("Content-Type", "text/plain")])
            return [b"ok"]
        start_response("404 Not Found", [("Content-Type", "text/plain")])
        return [b"not found"]

    return app


def _chromium() -> str:
    found = (
        os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    )
    if not found:
        raise RuntimeError(
            "the browser tests need Chromium: apt-get install chromium (or set $CHROMIUM)"
        )
    return found


@pytest.fixture(scope="module")
def submissions() -> Iterator[dict[str, Submission]]:
    """Every case submitted once by headless Chromium, keyed by case id."""
    received: dict[str, Submission] = {}
    done = threading.Event()
    server = make_server(
        "127.0.0.1",
        0,
        _application(received, done),
        server_class=_Server,
        handler_class=_QuietHandler,
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    profile = tempfile.mkdtemp(prefix="urlencoded-chromium-")
    browser = subprocess.Popen(
        [
            _chromium(),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--disable-extensions",
            f"--user-data-dir={profile}",
            f"http://127.0.0.1:{server.server_port}/",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        while not done.wait(0.2) and time.monotonic() < deadline:
            if browser.poll() is not None:
                break
        yield dict(received)
    finally:
        browser.terminate()
        try:
            browser.wait(10)
        except subprocess.TimeoutExpired:
            browser.kill()
            browser.wait()
        server.shutdown()
        server.server_close()
        shutil.rmtree(profile, ignore_errors=True)


def _as_submitted(case: Case) -> list[tuple[str, str]]:
    """The pairs a parser should read back: HTML's steps applied, and each
    character the encoding lacks as the ``&#N;`` that "encode" wrote,
    computed with the reference encoder and decoder."""
    pairs = [ref.charset_entry(name, value, case.output) for name, value in case.entries]

    def through(text: str) -> str:
        return enc.reference_decode(case.output, ref.encode_html(case.output, text))

    return [
        (through(name), through(value)) for name, value in ref.convert_to_name_value_pairs(pairs)
    ]


def _submission(submissions: dict[str, Submission], case: Case) -> Submission:
    submission = submissions.get(case.id)
    assert submission is not None, (
        f"Chromium did not submit {case.id}; {len(submissions)} of {len(CASES)} arrived"
    )
    return submission


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_submission_bytes_equal_serialize(submissions: dict[str, Submission], case: Case) -> None:
    """Chromium sends the bytes of serialize() or serialize_text_plain() with HTML's options."""
    submission = _submission(submissions, case)
    assert submission.method == case.method
    if case.method == "GET" or case.enctype == URLENCODED:
        # A GET form's query is urlencoded whatever its enctype ("mutate action URL").
        expected = urlencoded.serialize(
            case.entries, encoding=case.output, newlines="crlf", fill_charset_field=True
        ).encode("ascii")
    else:
        assert submission.content_type.split(";")[0] == PLAIN
        expected = urlencoded.serialize_text_plain(
            case.entries, encoding=case.output, newlines="crlf", fill_charset_field=True
        )
    assert submission.raw == expected


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_submission_parses_back(submissions: dict[str, Submission], case: Case) -> None:
    """parse (with the encoding, or with charset_field alone) reads the entries back."""
    submission = _submission(submissions, case)
    expected = _as_submitted(case)
    if case.method == "GET" or case.enctype == URLENCODED:
        assert urlencoded.parse(submission.raw, encoding=case.output) == expected
        # The filled-in _charset_ field names the encoding: no need to know it.
        assert urlencoded.parse(submission.raw, charset_field="_charset_") == expected
        parser = urlencoded.IncrementalParser(charset_field="_charset_")
        streamed = [pair for byte in submission.raw for pair in parser.feed(bytes([byte]))]
        assert streamed + parser.close() == expected
        if case.method == "POST":
            assert submission.pairs == expected
    else:
        assert urlencoded.parse_text_plain(submission.raw, encoding=case.output) == expected


def test_every_case_was_submitted(submissions: dict[str, Submission]) -> None:
    """Chromium submitted every form: 10 page encodings, accept-charset, both methods, enctypes."""
    assert len(CASES) == 80
    assert sorted(submissions) == sorted(CASE_BY_ID)
