"""``boggle-assistant serve``: run the web page on uvicorn until Ctrl-C.

The socket is bound here, before uvicorn starts, so a port in use is one clear error (not a
log line and ``sys.exit`` from inside the server) and ``--port 0`` picks a free port whose
address is printed. Ctrl-C (or SIGTERM) ends the live streams and the watch thread, lets
requests in flight finish (at most ``SHUTDOWN_GRACE_S``), and returns 0.
"""

from __future__ import annotations

import ipaddress
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from types import FrameType
from typing import TYPE_CHECKING

from assistant.errors import AssistantError, ExitCode
from assistant.watch import WatchOptions
from assistant.web.app import WebConfig

if TYPE_CHECKING:
    from assistant.dictionary import Dictionary

SHUTDOWN_GRACE_S = 3.0


class ServeError(AssistantError, code=ExitCode.USAGE, kind="serve"):
    """The server cannot start (address in use, not an address of this machine)."""


@dataclass(frozen=True)
class ServeOptions:
    host: str = "127.0.0.1"
    port: int = 8765
    open_browser: bool = False
    web: WebConfig = field(default_factory=WebConfig)
    watch: WatchOptions | None = None  # a live watch of the screen (``--watch``)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on host:port, or a ServeError saying what to do."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as err:
        raise ServeError(
            f"cannot serve on {host!r}: {err.strerror}",
            hint="give --host an address of this machine, e.g. 127.0.0.1",
        ) from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError as err:
        sock.close()
        if port and err.errno in (98, 48):  # EADDRINUSE (Linux, macOS)
            raise ServeError(
                f"port {port} on {host} is already in use",
                hint=f"is the page already running? open http://{_netloc(host, port)}/ "
                "or choose another port with --port",
            ) from None
        raise ServeError(
            f"cannot serve on {host}:{port}: {err.strerror}",
            hint="choose another --port (ports under 1024 need root) or --host",
        ) from None
    sock.set_inheritable(True)
    return sock


def _netloc(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def url_of(sock: socket.socket, host: str) -> str:
    port = sock.getsockname()[1]
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else ("[::1]" if host == "::" else host)
    return f"http://{_netloc(shown.strip('[]'), port)}/"


def serve(
    options: ServeOptions, dictionary: Dictionary | None = None, *, say: Callable[[str], None]
) -> int:
    """Serve until Ctrl-C; ``say`` prints a line for the user (stderr). ``dictionary``: the
    word list (None: ENABLE)."""
    try:
        import uvicorn
    except ImportError:
        from assistant.errors import MissingDependencyError
        from assistant.web import MISSING_HINT

        raise MissingDependencyError("the web page needs uvicorn", hint=MISSING_HINT) from None
    from assistant.web.app import create_app
    from assistant.web.live import Broadcaster, LiveWatch

    broadcaster = Broadcaster() if options.watch is not None else None
    watch = None
    if broadcaster is not None and options.watch is not None:
        watch = LiveWatch(options.watch, broadcaster, say=say)
    web = options.web
    loopback = is_loopback(options.host)
    if not loopback:
        from dataclasses import replace

        web = replace(web, allowed_hosts=("*",))
    app = create_app(web, dictionary=dictionary, broadcaster=broadcaster, watch=watch)
    app.state.engine.warm_up()  # the templates load now, not during the first request
    sock = bind(options.host, options.port)
    if not loopback:
        say(
            f"warning: serving on {options.host}, reachable from other machines on the "
            "network; anyone who can reach it can use the page"
            + (" and see the watched screen" if options.watch else "")
            + " (the default --host 127.0.0.1 keeps it on this machine)"
        )
    url = url_of(sock, options.host)
    config = uvicorn.Config(
        app,
        log_level="warning",
        timeout_graceful_shutdown=int(SHUTDOWN_GRACE_S),
        lifespan="on",
    )

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            # End the open live streams first: uvicorn waits for responses in flight.
            if broadcaster is not None:
                broadcaster.close()
            if watch is not None:
                threading.Thread(target=watch.stop, daemon=True).start()
            super().handle_exit(sig, frame)

    server = Server(config)
    say(f"serving the page on {url} (Ctrl-C to stop)")
    if options.open_browser:
        threading.Thread(target=_open, args=(url, server), daemon=True).start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        # uvicorn re-raises the Ctrl-C it handled once the server has shut down cleanly.
        pass
    finally:
        sock.close()
    say("stopped")
    return ExitCode.OK


def _open(url: str, server: object) -> None:
    import time
    import webbrowser

    for _ in range(100):  # wait until the server is up (at most 10 s)
        if getattr(server, "started", False):
            break
        time.sleep(0.1)
    webbrowser.open(url)
