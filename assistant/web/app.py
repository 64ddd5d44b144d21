"""The web application: one page and a small JSON API over the pipeline seam.

Why Starlette and uvicorn: Starlette is a small, fully typed (``py.typed``, mypy-clean)
ASGI toolkit that gives exactly what this page needs -- routing, static files from the
package, streaming responses for server-sent events, multipart uploads (through
python-multipart) and a lifespan hook -- with three small dependencies and no ORM, template
engine or validation layer to carry; FastAPI would add pydantic for three endpoints.
uvicorn is its reference server (pure Python with h11 here), stops gracefully on Ctrl-C and
accepts a socket we bind ourselves (``assistant.web.serve``). Both are actively maintained.

Routes:

* ``GET /`` -- the page (``static/index.html``); ``/static/*`` its CSS and JavaScript.
* ``POST /api/solve`` -- an image (raw body with an ``image/*`` type, or a multipart field
  ``image``) or board text (JSON ``{"board": ...}`` or a form field ``board``) -> the
  ``solve --json`` object. Options: ``game``, ``min_len``, ``fix`` (``R,C=TILE``, 1-based,
  repeatable), ``size`` (``RxC``), in the JSON body, the form or the query string. An image
  is remembered by its sha256 (the ``X-Image-Id`` header), so the page can re-solve it with
  fixes or another game by sending ``image_id`` instead of the picture again.
* ``GET /api/config`` -- games, limits, and whether a live watch runs.
* ``GET /api/live`` -- server-sent events: ``status`` and ``board`` (the ``solve --json``
  object of each new board seen by ``serve --watch``, with ``picture``: the URL of a JPEG
  of its screen area, ``GET /api/live/picture/N``, and the board's corners in it).
* ``GET /api/health`` -- ``{"ok": true}``.

Errors are JSON ``{"error": {"kind", "message", "hint"}}`` with a 4xx status; no file path
ever comes from the client, and a bad upload never stops the server.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from assistant import pipeline
from assistant.errors import AssistantError, BoardTextError, ExitCode, ImageError, error_json
from assistant.version import __version__

if TYPE_CHECKING:
    from assistant.dictionary import Dictionary
    from assistant.web.live import Broadcaster, LiveWatch

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

logger = logging.getLogger("boggle_assistant.web")

STATIC = "static"
MB = 1024 * 1024
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")


@dataclass(frozen=True)
class WebConfig:
    """The server's settings (from ``boggle-assistant serve`` options)."""

    max_upload_bytes: int = 25 * MB  # larger requests are refused with 413
    # The user's defaults (--game, --min-len, --size): each request may choose another
    # game and minimum length.
    request: pipeline.Request = field(default_factory=pipeline.Request)
    top: int | None = None  # words per answer (None: all)
    # Uploaded pictures kept (by sha256) so the page can re-solve one with fixes or another
    # game without sending it again; a page whose picture was dropped sends it again.
    image_cache: int = 8
    image_cache_bytes: int = 100 * MB  # and at most this many bytes of them
    allowed_hosts: tuple[str, ...] = LOOPBACK_HOSTS  # Host headers accepted ("*": any)


class UploadTooLargeError(AssistantError, code=ExitCode.BAD_IMAGE, kind="too-large"):
    """A request body over ``WebConfig.max_upload_bytes``."""


class ImageExpiredError(AssistantError, code=ExitCode.BAD_IMAGE, kind="image-expired"):
    """``image_id`` names a picture the server no longer keeps: send the picture again."""


class BadRequestError(AssistantError, code=ExitCode.USAGE, kind="bad-request"):
    """A request the API cannot use (wrong content type, malformed JSON, bad option)."""


# HTTP status of each error kind (anything else a user can cause: 400).
STATUS = {
    "too-large": 413,
    "image-expired": 410,
    "unsupported-media-type": 415,
    "bad-image": 422,
    "no-board": 422,
}


def error_response(err: AssistantError, status: int | None = None) -> JSONResponse:
    body = {"error": err.to_json()}
    return JSONResponse(body, status_code=status or STATUS.get(err.kind, 400))


# --------------------------------------------------------------------------- requests


@dataclass(frozen=True)
class SolveRequest:
    """One ``POST /api/solve``, parsed: exactly one of image / image_id / board."""

    image: bytes | None = None
    image_id: str | None = None
    board: str | None = None
    game: str | None = None
    min_len: int | None = None
    fixes: tuple[tuple[int, int, str], ...] = ()  # 0-based (row, col, board-text token)
    size: tuple[int, int] | None = None


def parse_fix(text: str) -> tuple[int, int, str]:
    """``"2,3=L"`` (1-based, as ``--fix``) -> (1, 2, "L")."""
    where, _, token = text.partition("=")
    try:
        r, c = (int(x) for x in where.split(","))
    except ValueError:
        r = c = 0
    if not token or r < 1 or c < 1:
        raise BoardTextError(
            f"{text!r} is not a fix", hint="write ROW,COL=TILE with 1-based positions, e.g. 2,3=L"
        )
    return r - 1, c - 1, token


def parse_size(text: str) -> tuple[int, int]:
    parts = text.lower().replace("×", "x").split("x")
    try:
        nums = [int(p) for p in parts]
    except ValueError:
        nums = []
    if len(nums) == 1:
        nums = nums * 2
    if len(nums) != 2:
        raise BadRequestError(f"{text!r} is not a size", hint="write RxC, e.g. 4x4 or 5x5")
    return nums[0], nums[1]


def _options(fields: dict[str, Any], fixes: list[str]) -> dict[str, Any]:
    """The common options from a JSON body, a form or the query string."""
    out: dict[str, Any] = {}
    game = fields.get("game")
    if game not in (None, "", "auto"):
        out["game"] = str(game)
    if fields.get("min_len") not in (None, ""):
        try:
            out["min_len"] = int(fields["min_len"])
        except (TypeError, ValueError):
            out["min_len"] = 0
        if not 1 <= out["min_len"] <= 16:
            raise BadRequestError(
                f"min_len {fields['min_len']!r} is not a word length",
                hint="give a whole number from 1 to 16",
            )
    if fields.get("size") not in (None, ""):
        out["size"] = parse_size(str(fields["size"]))
    out["fixes"] = tuple(parse_fix(str(f)) for f in fixes)
    if fields.get("image_id"):
        out["image_id"] = str(fields["image_id"])
    if fields.get("board") not in (None, ""):
        out["board"] = str(fields["board"])
    return out


async def parse_solve_request(request: Request) -> SolveRequest:
    """Read a solve request in any of its three shapes (JSON, multipart form, raw image)."""
    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    fields: dict[str, Any] = dict(request.query_params)
    fixes = list(request.query_params.getlist("fix"))
    image: bytes | None = None
    if ctype == "application/json":
        try:
            data = json.loads(await request.body() or b"{}")
        except ValueError as err:
            raise BadRequestError(f"the JSON body is malformed ({err})") from None
        if not isinstance(data, dict):
            raise BadRequestError('the JSON body must be an object, e.g. {"board": "ABCD..."}')
        raw_fixes = data.pop("fix", [])
        fixes += [raw_fixes] if isinstance(raw_fixes, str) else [str(f) for f in raw_fixes]
        fields.update(data)
    elif ctype in ("multipart/form-data", "application/x-www-form-urlencoded"):
        async with request.form(max_files=1, max_fields=64) as form:
            for key, value in form.multi_items():
                if key == "image" and not isinstance(value, str):
                    image = await value.read()
                elif key == "fix":
                    fixes.append(str(value))
                elif isinstance(value, str):
                    fields[key] = value
    elif ctype.startswith("image/") or ctype == "application/octet-stream":
        image = await request.body()
    elif ctype:
        raise UnsupportedMediaError(
            f"cannot use a request body of type {ctype}",
            hint="send an image (image/png, image/jpeg...), a multipart form with an 'image' "
            'or \'board\' field, or JSON like {"board": "ABCD..."}',
        )
    opts = _options(fields, fixes)
    given = [k for k in ("image_id", "board") if k in opts] + (["image"] if image else [])
    if image is not None and not image:
        raise ImageError("the uploaded picture is empty (0 bytes)", hint="choose the file again")
    if len(given) != 1:
        raise BadRequestError(
            "send one board: an image, an image_id, or board text"
            + (f" (got {', '.join(given)})" if given else ""),
            hint="e.g. curl -F image=@shot.png http://127.0.0.1:8765/api/solve",
        )
    return SolveRequest(image=image, **opts)


class UnsupportedMediaError(AssistantError, code=ExitCode.USAGE, kind="unsupported-media-type"):
    """A request body of a type the API does not take (HTTP 415)."""


# --------------------------------------------------------------------------- the engine


class Engine:
    """The dictionary, loaded once, the recently uploaded pictures, and the one call into
    the pipeline. Requests run in worker threads; a lock keeps them one at a time (a local
    page has one user, and the reader's caches are per process)."""

    def __init__(self, config: WebConfig, dictionary: Dictionary | None = None) -> None:
        self.config = config
        self._lock = threading.Lock()
        self._images: OrderedDict[str, bytes] = OrderedDict()
        self._dictionary = dictionary

    def warm_up(self) -> None:
        """Load the word list (unless given) and the letter templates now, not on the first
        request. Once is enough."""
        from assistant.dictionary import load_dictionary
        from assistant.pipeline import preload_reader

        with self._lock:
            if self._dictionary is None:
                self._dictionary = load_dictionary(None)
            preload_reader()

    def remember(self, image: bytes) -> str:
        key = hashlib.sha256(image).hexdigest()
        with self._lock:
            self._images[key] = image
            self._images.move_to_end(key)
            while len(self._images) > 1 and (
                len(self._images) > self.config.image_cache
                or sum(map(len, self._images.values())) > self.config.image_cache_bytes
            ):
                self._images.popitem(last=False)
        return key

    def recall(self, key: str) -> bytes:
        with self._lock:
            image = self._images.get(key)
        if image is None:
            raise ImageExpiredError(
                "the server no longer has that picture", hint="send the picture again"
            )
        return image

    def request_for(self, req: SolveRequest) -> pipeline.Request:
        """The pipeline request: the server's defaults, the page's choices, and the web's
        unsure policy -- solve with the best candidates and list them (``unsure``,
        ``guessed``), since the page is where the user fixes them."""
        base = self.config.request
        return replace(
            base,
            game=req.game or base.game,
            min_len=req.min_len if req.min_len is not None else base.min_len,
            best_guess=True,
            read=replace(base.read, fixes=req.fixes, size=req.size or base.read.size),
        )

    def solve(self, req: SolveRequest) -> tuple[dict[str, Any], str | None]:
        """The ``solve --json`` object for a request, and the image id (images only)."""
        image_id: str | None = None
        image = req.image
        if image is not None:
            image_id = self.remember(image)
        elif req.image_id is not None:
            image_id = req.image_id
            image = self.recall(req.image_id)
        request = self.request_for(req)
        with self._lock:
            if image is not None:
                # From the bytes, like solve and batch (a big JPEG from a reduced decode).
                start = time.perf_counter()
                outcome = pipeline.run(
                    image, request, self._dictionary, start=start, name="the uploaded picture"
                )
            else:
                from assistant.board import apply_fixes, parse_board

                assert req.board is not None
                literal_q = request.text_literal_q
                board = apply_fixes(
                    parse_board(req.board, literal_q=literal_q), req.fixes, literal_q=literal_q
                )
                outcome = pipeline.run_board(board, request, self._dictionary)
        return outcome.to_json(top=self.config.top), image_id


# --------------------------------------------------------------------------- limits


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413: the endpoint sees
    UploadTooLargeError while reading the body, whether Content-Length announced it or the
    streamed body passes the limit. The rest of the body is read and dropped (up to
    ``DRAIN_LIMIT``; nothing is kept) so that the client, still sending, gets the answer
    instead of a reset connection."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await _drain(receive, int(declared))
            await error_response(too_large(int(declared), self.limit))(scope, receive, send)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    if message.get("more_body", False):
                        await _drain(receive, DRAIN_LIMIT)
                    raise too_large(seen, self.limit)
            return message

        await self.app(scope, counted, send)


DRAIN_LIMIT = 512 * MB  # past this, an oversized upload is cut off rather than read and dropped


async def _drain(receive: Receive, expected: int) -> None:
    if expected > DRAIN_LIMIT:
        return
    while True:
        message = await receive()
        if message["type"] != "http.request" or not message.get("more_body", False):
            return


def too_large(size: int, limit: int) -> UploadTooLargeError:
    what = f"{size / MB:.1f} MB" if size > limit + 1 else "more than that"
    return UploadTooLargeError(
        f"the upload is too large ({what}; the limit is {limit / MB:g} MB)",
        hint="send a screenshot or a smaller photo (or start the server with --max-upload-mb)",
    )


# --------------------------------------------------------------------------- the app


def create_app(
    config: WebConfig | None = None,
    *,
    dictionary: Dictionary | None = None,
    broadcaster: Broadcaster | None = None,
    watch: LiveWatch | None = None,
) -> Starlette:
    """The ASGI application. ``dictionary``: the word list (None: ENABLE, loaded at start).
    ``watch`` (with its ``broadcaster``) is started and stopped with the app; without it
    the page has no live view."""
    config = config or WebConfig()
    engine = Engine(config, dictionary)

    async def page(request: Request) -> Response:
        return FileResponse(_static_dir() / "index.html", headers=_PAGE_HEADERS)

    async def api_solve(request: Request) -> Response:
        try:
            parsed = await parse_solve_request(request)
            outcome, image_id = await anyio.to_thread.run_sync(engine.solve, parsed)
        except AssistantError as err:
            return error_response(err)
        except Exception as err:  # a bug: one line on stderr, a JSON 500, the server goes on
            logger.error("internal error on %s: %s: %s", request.url.path, type(err).__name__, err)
            body = {
                "error": error_json(
                    "internal",
                    f"internal error: {type(err).__name__}: {err}",
                    "this is a bug: please report it with the picture",
                )
            }
            return JSONResponse(body, status_code=500)
        headers = {"X-Image-Id": image_id} if image_id else None
        return JSONResponse(outcome, headers=headers)

    async def api_config(request: Request) -> Response:
        from assistant.registry import GAMES

        return JSONResponse(
            {
                "version": __version__,
                "games": [{"name": g.name, "title": g.title} for g in GAMES.values()],
                "game": config.request.chosen_game,
                "min_len": config.request.min_len,
                "max_upload_bytes": config.max_upload_bytes,
                "live": watch is not None,
            }
        )

    async def api_health(request: Request) -> Response:
        return JSONResponse({"ok": True})

    async def api_live(request: Request) -> Response:
        if broadcaster is None:
            err = BadRequestError(
                "no live view: the server was started without --watch",
                hint="start it with: boggle-assistant serve --watch",
            )
            return error_response(err, 404)
        return StreamingResponse(
            broadcaster.stream(),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    async def api_live_picture(request: Request) -> Response:
        number = request.path_params["number"]
        jpeg = broadcaster.picture(number) if broadcaster is not None else None
        if jpeg is None:
            err = BadRequestError(f"no picture of live board #{number} (only the last few)")
            return error_response(err, 404)
        return Response(jpeg, media_type="image/jpeg", headers={"Cache-Control": "no-store"})

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await anyio.to_thread.run_sync(engine.warm_up)
        if broadcaster is not None:
            broadcaster.attach()
        if watch is not None:
            watch.start()
        try:
            yield
        finally:
            if broadcaster is not None:
                broadcaster.close()
            if watch is not None:
                await anyio.to_thread.run_sync(watch.stop)

    routes = [
        Route("/", page),
        Route("/api/solve", api_solve, methods=["POST"]),
        Route("/api/config", api_config),
        Route("/api/health", api_health),
        Route("/api/live", api_live),
        Route("/api/live/picture/{number:int}", api_live_picture),
        Mount("/static", app=StaticFiles(directory=_static_dir()), name="static"),
    ]
    middleware = [
        Middleware(TrustedHostMiddleware, allowed_hosts=list(config.allowed_hosts)),
        Middleware(_SecurityHeaders),
        Middleware(BodyLimit, limit=config.max_upload_bytes),
    ]
    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
    app.state.engine = engine
    return app


# The page uses only its own files: no inline script, nothing from another origin.
_CSP = (
    "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
_PAGE_HEADERS = {"Cache-Control": "no-cache"}


class _SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers") or [])
                headers += [
                    (b"content-security-policy", _CSP.encode()),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                ]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, with_headers)


def _static_dir() -> Path:
    """The page's files, shipped inside the package."""
    from importlib.resources import files

    return Path(str(files("assistant.web") / STATIC))
