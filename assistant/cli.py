"""Command-line interface: parses arguments, calls the library, maps errors to exit codes.

Nothing here knows how boards are read or solved; it only turns arguments into library
calls and results into output. Errors become one line on stderr and an exit code
(``assistant.errors.ExitCode``); the traceback only with ``--verbose``.
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from assistant.board import Board, apply_fixes, parse_board
from assistant.errors import (
    AssistantError,
    BoardShapeError,
    BoardTextError,
    ExitCode,
    MissingDependencyError,
)
from assistant.registry import GAMES
from assistant.version import __version__

if TYPE_CHECKING:
    from rich.console import Console

    from assistant.dictionary import Dictionary
    from assistant.locate import Image
    from assistant.pipeline import BoardReading, Outcome, Request
    from assistant.watch import WatchOptions

PROG = "boggle-assistant"
BATCH_TOP = 10  # best words kept per batch record unless --top says otherwise

EXIT_CODES_HELP = """\
exit codes:
  0 success            3 bad board text      6 bad word list      9 unsure tiles
  1 internal error     4 bad board shape     7 unreadable image   10 missing dependency
  2 usage error        5 unknown game        8 no board in image  11 screen capture failed
  12 batch finished with failed images       13 output could not be written
  130 interrupted
"""

BOARD_HELP = """\
board text: 16 letters row by row (TestingTheSolver), rows split by / or newlines,
tiles split by spaces when any has several letters (RE- S T O). Q is the Qu tile
(--literal-q for a plain Q); QU/TH digrams; RE- prefix; -ING suffix; A|B either/or;
. blank; E:2 point value; S*DL bonus (DL TL DW TW).
"""


# --------------------------------------------------------------------------- arguments


def _size(text: str) -> tuple[int, int]:
    """``--size RxC`` (or N for NxN), checked once here for every command: 2..8 a side."""
    from assistant.board import MAX_SIDE, MIN_SIDE

    parts = text.lower().replace("×", "x").split("x")
    size: tuple[int, int] | None = None
    try:
        if len(parts) == 1:
            size = int(parts[0]), int(parts[0])
        elif len(parts) == 2:
            size = int(parts[0]), int(parts[1])
    except ValueError:
        pass
    if size is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size: write RxC, e.g. 4x4 or 5x5")
    if not all(MIN_SIDE <= n <= MAX_SIDE for n in size):
        raise argparse.ArgumentTypeError(
            f"{text!r}: boards have {MIN_SIDE} to {MAX_SIDE} rows and columns (e.g. 4x4 or 5x5)"
        )
    return size


def _fix(text: str) -> tuple[int, int, str]:
    try:
        where, label = text.split("=", 1)
        r, c = (int(x) for x in where.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a fix: write ROW,COL=TILE with 1-based positions, e.g. 2,3=L"
        ) from None
    if r < 1 or c < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: rows and columns count from 1")
    return r - 1, c - 1, label


def _picture_out(text: str) -> Path:
    """``--overlay``: a PNG/JPEG/WebP name that may be written (checked before any work)."""
    from assistant.errors import OutputError
    from assistant.files import check_target, image_suffix

    try:
        check_target(text, what="the overlay")
        image_suffix(text, what="the overlay")
    except OutputError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    return Path(text)


def _folder_out(text: str) -> Path:
    """``--debug-dir``: a folder, or a path where one can be made (not a file)."""
    path = Path(text)
    if text == "" or (path.exists() and not path.is_dir()):
        what = "empty" if text == "" else "a file, not a folder"
        raise argparse.ArgumentTypeError(
            f"{text!r} is {what}: give a folder for the debug pictures (created if missing)"
        )
    return path


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return n


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error: what is wrong and where the help is (not the whole
    usage block, which buried the message). Exit code 2, as argparse's own."""

    def error(self, message: str) -> NoReturn:
        self.exit(ExitCode.USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _game_option() -> _Parser:
    """--game: declared once, shared by every command that reads or solves a board."""
    p = _Parser(add_help=False)
    p.add_argument(
        "--game",
        default=None,
        metavar="GAME",
        help=f"the game, for its rules and scores: {', '.join(GAMES)} (default: boggle for "
        "text; auto for images: the game recognised in the picture)",
    )
    return p


def _solving_options() -> _Parser:
    """--dict, --min-len, --top: declared once, shared by solve, watch, batch and serve."""
    p = _Parser(add_help=False)
    g = p.add_argument_group("solving")
    g.add_argument("--dict", dest="dict_path", metavar="PATH", help="word list (default ENABLE)")
    g.add_argument(
        "--min-len",
        type=_positive,
        default=None,
        metavar="N",
        help="shortest word (default: the game's own, 3; 4 in Big Boggle)",
    )
    g.add_argument("--top", type=_positive, default=None, metavar="N", help="show the N best")
    return p


def _size_option() -> _Parser:
    p = _Parser(add_help=False)
    p.add_argument("--size", type=_size, metavar="RxC", help="board size (default: detect)")
    return p


def _screen_options() -> _Parser:
    """--region or --monitor, and --interval: where and how often to look at the screen
    (watch, serve --watch)."""
    p = _Parser(add_help=False)
    g = p.add_argument_group("screen")
    where = g.add_mutually_exclusive_group()
    where.add_argument(
        "--region", type=_region, metavar="X,Y,W,H", help="capture only this part of the screen"
    )
    where.add_argument(
        "--monitor", type=int, default=1, metavar="N", help="monitor to search (1 = first)"
    )
    g.add_argument(
        "--interval", type=_seconds, default=0.25, metavar="SECONDS", help="frame period"
    )
    return p


def _image_options() -> _Parser:
    """--fix and --debug-dir: shared by solve and read."""
    p = _Parser(add_help=False)
    g = p.add_argument_group("images")
    g.add_argument(
        "--fix",
        type=_fix,
        action="append",
        default=[],
        metavar="R,C=TILE",
        help="override a tile (1-based row,col; repeatable), e.g. --fix 2,3=L",
    )
    g.add_argument(
        "--debug-dir", type=_folder_out, metavar="DIR", help="write located board and tiles"
    )
    return p


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description="Find every word on a Boggle-style board, from typed letters, "
        "screenshots or photos.",
        epilog=EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="tracebacks and details")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    game, solving = _game_option(), _solving_options()
    size, image = _size_option(), _image_options()
    where = _screen_options()

    p = sub.add_parser(
        "solve",
        parents=[game, solving, size, image],
        help="list every word on a board (text, text file, image, or - for stdin)",
        description="List every word on a board, best first.\n\n" + BOARD_HELP,
        epilog="examples:\n  boggle-assistant solve TestingTheSolver\n"
        "  boggle-assistant solve shot.png --game wordament --top 20\n"
        "  boggle-assistant random | boggle-assistant solve - --json\n\n" + EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "board", metavar="BOARD", help="board text, a file of board text, an image, or -"
    )
    p.add_argument("--json", action="store_true", help="one JSON object per board on stdout")
    p.add_argument(
        "--literal-q",
        action="store_true",
        help="a bare Q is Q, not the Qu tile (the default in games with a plain Q tile)",
    )
    p.add_argument(
        "--best-guess",
        action="store_true",
        help="solve even when some image tiles are unsure (guessed tiles are marked)",
    )
    p.add_argument(
        "--overlay",
        type=_picture_out,
        metavar="OUT.png",
        help="write the picture with the top words' paths drawn on the board (--top, "
        "default 5); .png, .jpg or .webp",
    )

    p = sub.add_parser(
        "read",
        parents=[game, size, image],
        help="read the board in an image, without solving",
        description="Read the board in a screenshot or photo and show it with confidences.",
        epilog=EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("image", metavar="IMAGE")
    p.add_argument("--json", action="store_true", help="the reading as JSON (see README)")

    p = sub.add_parser(
        "random",
        help="roll a random board from the real dice",
        description="Roll a board from the real dice sets (classic 16, Big Boggle 25, "
        "Super Big Boggle 36) and print it as board text, one board per line.",
        epilog="example:\n  boggle-assistant random --size 5 | boggle-assistant solve -",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--size",
        type=int,
        default=4,
        metavar="N",
        help="4 (classic), 5 (Big Boggle) or 6 (Super Big Boggle); default 4",
    )
    p.add_argument("--seed", type=int, default=None, metavar="S", help="repeatable rolls")

    p = sub.add_parser(
        "learn",
        parents=[size],
        help="learn a game's look from a labeled screenshot",
        description="Cut the tiles of a screenshot whose letters you give, and store their "
        "glyphs as templates so later screenshots of that game read exactly.",
    )
    p.add_argument("image", metavar="IMAGE")
    p.add_argument("--letters", required=True, help="the board's tiles as board text")
    p.add_argument("--style", default=None, metavar="NAME", help="style name (default: image)")
    p.add_argument("--into", type=Path, default=None, metavar="DIR", help="template dir")

    p = sub.add_parser(
        "watch",
        parents=[game, solving, size, where],
        help="watch the screen and solve each new board as it appears",
        description="Capture the screen, find the board, and show its best words live; "
        "a new game is read and solved as soon as it holds still.",
        epilog="examples:\n  boggle-assistant watch\n"
        "  boggle-assistant watch --region 700,300,500,500 --game wordament --top 20\n"
        "  boggle-assistant watch --once --output boards.jsonl\n\n" + EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--once", action="store_true", help="stop after the first board")
    p.add_argument("--max-boards", type=_positive, metavar="N", help="stop after N boards")
    p.add_argument(
        "--output", type=Path, metavar="FILE.jsonl", help="append one JSON line per new board"
    )
    p.add_argument(
        "--overlay",
        type=_picture_out,
        metavar="OUT.png",
        help="keep this picture (.png, .jpg or .webp) of the board with the top words' "
        "paths up to date",
    )
    p.add_argument(
        "--retry-for",
        type=_seconds,
        default=300.0,
        metavar="SECONDS",
        help="how long to wait for a lost display to come back (default 300)",
    )

    p = sub.add_parser(
        "batch",
        parents=[game, solving, size],
        help="read (and solve) many images into JSON Lines or CSV",
        description="Read every image given (files, or folders of files) and write one "
        "record per image: the solve --json object plus path and sha256 (with the "
        f"{BATCH_TOP} best words unless --top), or the error.",
        epilog="examples:\n  boggle-assistant batch shots/ --recursive --out boards.jsonl\n"
        "  boggle-assistant batch shots/ --out boards.jsonl --resume\n"
        "  boggle-assistant batch *.png --no-solve --out boards.csv\n\n" + EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="image files or folders")
    p.add_argument("--recursive", action="store_true", help="also read subfolders")
    p.add_argument(
        "--glob",
        metavar="PATTERN",
        help="only files named like this, e.g. '*.png' (default: every image in the folder; "
        "other files are skipped by their content)",
    )
    p.add_argument(
        "--out", type=Path, metavar="FILE", help="FILE.jsonl or FILE.csv (default: stdout)"
    )
    p.add_argument(
        "--jobs", type=_positive, default=None, metavar="N", help="worker processes (default: CPUs)"
    )
    p.add_argument("--resume", action="store_true", help="skip images already in --out")
    p.add_argument("--no-solve", action="store_true", help="read the boards only")

    p = sub.add_parser(
        "serve",
        parents=[game, solving, size, where],
        help="a local web page: paste a screenshot, see every word and its path",
        description="Serve the web page on this machine: paste, drop or choose a screenshot "
        "(or type a board), fix any tile, click a word to see its path. Needs the web extra: "
        "pip install 'boggle-assistant[web]'.",
        epilog="examples:\n  boggle-assistant serve --open\n"
        "  boggle-assistant serve --watch --region 700,300,500,500   # live boards\n"
        "  curl -F image=@shot.png http://127.0.0.1:8765/api/solve\n\n" + EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--port", type=int, default=8765, metavar="N", help="default 8765 (0: any)")
    p.add_argument(
        "--host",
        default="127.0.0.1",
        metavar="ADDR",
        help="address to listen on (default 127.0.0.1: this machine only)",
    )
    p.add_argument("--open", action="store_true", help="open the page in the default browser")
    p.add_argument(
        "--max-upload-mb", type=_positive, default=25, metavar="MB", help="largest upload (25)"
    )
    p.add_argument(
        "--watch",
        action="store_true",
        help="watch the screen (--region, --monitor) and push each new board to the page",
    )
    for command in sub.choices.values():
        # Accepted after the command too (the error text says "re-run with --verbose");
        # SUPPRESS keeps an earlier `boggle-assistant -v solve` from being reset.
        command.add_argument(
            "-v",
            "--verbose",
            action="store_true",
            default=argparse.SUPPRESS,
            help="tracebacks and details",
        )
    return parser


# --------------------------------------------------------------------------- helpers


def _stdout_console() -> Console:
    from rich.console import Console

    return Console(highlight=False, soft_wrap=True)


def _warn(message: str) -> None:
    print(f"{PROG}: {message}", file=sys.stderr)


def _load_dictionary(path: str | None, verbose: bool) -> Dictionary:
    from assistant.dictionary import load_dictionary

    dictionary = load_dictionary(path)
    if dictionary.dropped:
        examples = ", ".join(repr(w) for w in dictionary.dropped_examples[:3])
        _warn(
            f"note: {dictionary.dropped} words in {dictionary.source} have characters "
            f"outside a-z after folding accents and were skipped (e.g. {examples})"
        )
    if verbose and not dictionary.from_cache:
        _warn(f"built the word list trie for {dictionary.source} ({len(dictionary)} words)")
    return dictionary


def _board_source(arg: str) -> tuple[str, Path | str]:
    """Decide what BOARD is: ("stdin", "-"), ("image", path), ("file", path) or
    ("text", text)."""
    if arg == "-":
        return "stdin", arg
    if not arg.strip():
        raise BoardTextError(
            "no board given (the argument is empty)",
            hint="give the letters (e.g. TestingTheSolver), a board text file or an image",
        )
    from assistant.files import IMAGE_SUFFIXES, looks_like_image

    path = Path(arg)
    if path.suffix.lower() in IMAGE_SUFFIXES or (
        path.exists() and (path.is_dir() or looks_like_image(path))
    ):
        return "image", path  # imageio reports missing files and directories
    if path.is_file():
        return "file", path
    return "text", arg


def _read_text_file(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise BoardTextError(
            f"{path} is not UTF-8 text", hint="give board text, a text file or an image"
        ) from None
    except OSError as err:
        raise BoardTextError(f"cannot read {path}: {err.strerror}") from None


def _stdin_boards(stream: TextIO) -> Iterator[tuple[int, str]]:
    for lineno, line in enumerate(stream, 1):
        text = line.strip()
        if text and not text.startswith("#"):
            yield lineno, text


# --------------------------------------------------------------------------- commands


def _request(args: argparse.Namespace, *, solve: bool = True) -> Request:
    """The pipeline request for the user's options (shared by every command)."""
    from assistant.pipeline import ReadOptions, Request

    return Request(
        game=getattr(args, "game", None),
        min_len=getattr(args, "min_len", None),
        best_guess=getattr(args, "best_guess", False),
        solve=solve,
        read=ReadOptions(
            size=getattr(args, "size", None),
            fixes=tuple(getattr(args, "fix", ())),
            debug_dir=getattr(args, "debug_dir", None),
            literal_q=getattr(args, "literal_q", False),
        ),
    )


def cmd_solve(args: argparse.Namespace) -> int:
    from assistant import pipeline

    request = _request(args)
    kind, source = _board_source(args.board)
    if kind == "image":
        return _solve_image(args, Path(source), request)
    if args.overlay is not None:
        raise BoardTextError(
            "--overlay draws on a picture, but the board was given as text",
            hint="give a screenshot or photo to draw on, or leave out --overlay",
        )
    if args.debug_dir is not None:
        raise BoardTextError(
            "--debug-dir shows how a picture was read, but the board was given as text",
            hint="give a screenshot or photo, or leave out --debug-dir",
        )
    request.check()
    if kind == "stdin":
        return _solve_stdin(args, request)
    text = _read_text_file(Path(source)) if kind == "file" else str(source)
    literal_q = _literal_q(args, request)
    board = apply_fixes(
        _parse_board_arg(text, kind, literal_q=literal_q), args.fix, literal_q=literal_q
    )
    _check_text_size(board, args.size)
    dictionary = _load_dictionary(args.dict_path, args.verbose)
    _emit(args, pipeline.run_board(board, request, dictionary))
    return ExitCode.OK


def _check_text_size(board: Board, size: tuple[int, int] | None) -> None:
    """``--size`` with board text: the text gives the size, so a different one is an error
    (never silently ignored)."""
    if size is not None and size != (board.rows, board.cols):
        raise BoardShapeError(
            f"the board text gives a {board.rows}x{board.cols} board but --size says "
            f"{size[0]}x{size[1]}",
            hint="check the letters, or leave out --size (board text gives its own size)",
        )


def _parse_board_arg(text: str, kind: str, *, literal_q: bool = False) -> Board:
    """Parse BOARD; text that is not a board but looks like a file name (``nope.txt``,
    ``boards/one``) was meant as a file that does not exist: say so."""
    try:
        return parse_board(text, literal_q=literal_q)
    except AssistantError:
        if kind == "text" and _looks_like_file_name(text):
            raise BoardTextError(
                f"no such board file: {text}",
                hint="check the path, or give the letters themselves, e.g. TestingTheSolver",
            ) from None
        raise


def _looks_like_file_name(text: str) -> bool:
    import re

    if re.search(r"\.[A-Za-z][A-Za-z0-9]{0,4}$", text):
        return True
    parent = Path(text).parent
    return "/" in text and parent != Path(".") and parent.is_dir()


def _literal_q(args: argparse.Namespace, request: Request) -> bool:
    """A bare Q in board text is a plain Q with --literal-q, or in a game whose Q tile is
    plain (the registry's Q rule, e.g. SpellCast); else the Qu tile."""
    return bool(args.literal_q) or request.text_literal_q


def _emit(args: argparse.Namespace, outcome: Outcome) -> None:
    from assistant import render

    if args.json:
        sys.stdout.write(json.dumps(outcome.to_json(top=args.top)) + "\n")
        return
    render.print_outcome(_stdout_console(), outcome, top=args.top)


def _solve_stdin(args: argparse.Namespace, request: Request) -> int:
    from assistant import pipeline, render

    dictionary = _load_dictionary(args.dict_path, args.verbose)
    worst = ExitCode.OK
    for lineno, text in _stdin_boards(sys.stdin):
        try:
            board = parse_board(text, literal_q=_literal_q(args, request))
            _check_text_size(board, args.size)
        except AssistantError as err:
            # One bad line must not lose the others: report it and go on.
            _warn(f"error: line {lineno}: {err}")
            if worst == ExitCode.OK:
                worst = err.exit_code
            continue
        outcome = pipeline.run_board(board, request, dictionary)
        if args.json:
            sys.stdout.write(json.dumps(outcome.to_json(top=args.top)) + "\n")
        else:
            sys.stdout.write(render.outcome_line(outcome, top=args.top) + "\n")
        sys.stdout.flush()
    return worst


def _read(
    path: str | Path, request: Request, *, full: bool = False
) -> tuple[Image | None, BoardReading]:
    """The reading, and with ``full`` the image too (for drawing on); without it a big JPEG
    may be read from a reduced decode (the reading's corners are the file's either way)."""
    import time

    from assistant import pipeline

    start = time.perf_counter()
    if not full:
        return None, pipeline.read(path, request, start=start)
    return pipeline.read_picture(path, request, start=start)


def _solve_image(args: argparse.Namespace, path: Path, request: Request) -> int:
    from assistant import pipeline

    request.check()
    image, reading = _read(path, request, full=args.overlay is not None)
    decision = pipeline.decide(reading, request)  # stops here on unsure tiles
    dictionary = _load_dictionary(args.dict_path, args.verbose)
    outcome = pipeline.solve(decision, dictionary, read_ms=reading.elapsed_ms)
    if decision.guessed:
        where = ", ".join(f"r{r + 1}c{c + 1}" for r, c in decision.guessed)
        _warn(f"warning: solved with guessed tiles {where} (--best-guess)")
    if args.overlay is not None:
        from assistant.overlay import BoardGeometry, save_overlay

        assert image is not None  # read in full for the overlay
        geometry = BoardGeometry.from_corners(reading.rows, reading.cols, reading.corners)
        save_overlay(args.overlay, image, geometry, outcome.words, top=args.top or 5)
        _warn(f"wrote {args.overlay}")
    _emit(args, outcome)
    return ExitCode.OK


def cmd_read(args: argparse.Namespace) -> int:
    from assistant import pipeline

    request = _request(args, solve=False)
    request.check()
    _, reading = _read(args.image, request)
    outcome = pipeline.solve(pipeline.decide(reading, request), None, read_ms=reading.elapsed_ms)
    args.top = None
    _emit(args, outcome)
    err = pipeline.unsure_of(outcome)
    if err is None:
        return ExitCode.OK
    if isinstance(err, MissingDependencyError):
        raise err  # the same rule as solve: exit 10, naming Tesseract
    return ExitCode.UNSURE_TILES


def cmd_random(args: argparse.Namespace) -> int:
    from assistant.board import rows_text
    from assistant.dice import random_board

    board = random_board(args.size, seed=args.seed)
    # One board per line, in board text: `random | solve -` reads it back.
    sys.stdout.write(rows_text([[t.token for t in row] for row in board.tiles]) + "\n")
    return ExitCode.OK


def cmd_learn(args: argparse.Namespace) -> int:
    from assistant.pipeline import learn_image

    board = parse_board(args.letters)
    result = learn_image(args.image, board, style=args.style, into=args.into, size=args.size)
    _warn(f"learned {result.glyphs} glyphs as style {result.style!r} in {result.directory}")
    for r, c, given, seen, confidence in result.contradictions:
        _warn(
            f"warning: tile r{r + 1}c{c + 1} is labelled {given or 'blank'} but reads as "
            f"{seen or 'blank'} ({confidence:.0%} sure); learned as labelled: if that was a "
            f"typo, delete {result.directory} and learn again with the right --letters"
        )
    return ExitCode.OK


def _region(text: str) -> Any:
    from assistant.capture import Region

    try:
        return Region.parse(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds (e.g. 0.25)")
    return value


def _one_numeric_thread() -> None:
    """One BLAS/OpenMP thread, set before numpy loads: the reader's small matrix products
    ran 3x slower with OpenBLAS's thread pool (a read took ~115 ms instead of ~35 ms on 2
    cores; benchmarks/watch.py). An explicit setting in the environment wins."""
    import os

    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")


def _watch_options(args: argparse.Namespace, request: Request) -> WatchOptions:
    """The screen options (``_screen_options``: watch, serve --watch) as ``WatchOptions``;
    the screen is solved with best guesses, unsure tiles marked."""
    from dataclasses import replace

    from assistant.watch import WatchOptions

    return WatchOptions(
        region=args.region,
        monitor=args.monitor,
        interval_s=args.interval,
        dict_path=args.dict_path,
        request=replace(request, best_guess=True),
    )


def cmd_watch(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from assistant.live import LiveView, PlainView, summary_text
    from assistant.watch import run_watch

    options = replace(
        _watch_options(args, _request(args)),
        top=args.top,
        once=args.once,
        max_boards=args.max_boards,
        output=args.output,
        retry_for_s=args.retry_for,
        overlay=args.overlay,
    )
    console = _stdout_console()
    if console.is_terminal:
        where = f"region {args.region}" if args.region else f"monitor {args.monitor}"
        with LiveView(console, top=args.top, where=where) as view:
            summary = run_watch(options, view=view)
    else:
        summary = run_watch(options, view=PlainView(sys.stdout, sys.stderr, top=args.top))
    _warn(summary_text(summary))
    return ExitCode.OK


def cmd_batch(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from assistant.batch import BatchOptions, default_jobs, progress_for, run_batch

    options = BatchOptions(
        out=args.out,
        jobs=args.jobs or default_jobs(),
        resume=args.resume,
        request=replace(_request(args, solve=not args.no_solve), best_guess=True),
        dict_path=args.dict_path,
        top=args.top if args.top is not None else BATCH_TOP,
    )
    summary = run_batch(
        args.paths,
        options,
        recursive=args.recursive,
        pattern=args.glob,
        progress=progress_for(sys.stderr),
    )
    sys.stderr.write(summary.describe() + "\n")
    return summary.exit_code


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from assistant.web.app import MB, WebConfig
        from assistant.web.serve import ServeError, ServeOptions, serve
    except ImportError:
        from assistant.web import MISSING_HINT

        raise MissingDependencyError("the web page needs Starlette", hint=MISSING_HINT) from None
    request = _request(args)
    request.check()
    if args.region is not None and not args.watch:
        raise ServeError("--region only applies to the live view", hint="add --watch")
    web = WebConfig(max_upload_bytes=args.max_upload_mb * MB, request=request, top=args.top)
    watch = _watch_options(args, request) if args.watch else None
    options = ServeOptions(
        host=args.host, port=args.port, open_browser=args.open, web=web, watch=watch
    )
    dictionary = _load_dictionary(args.dict_path, args.verbose)  # a bad --dict stops here
    return serve(options, dictionary, say=_warn)


COMMANDS = {
    "solve": cmd_solve,
    "read": cmd_read,
    "random": cmd_random,
    "learn": cmd_learn,
    "watch": cmd_watch,
    "batch": cmd_batch,
    "serve": cmd_serve,
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return ExitCode.USAGE
    _one_numeric_thread()
    try:
        return int(COMMANDS[args.command](args))
    except AssistantError as err:
        if args.verbose:
            traceback.print_exc()
        _warn(f"error: {err}")
        return int(err.exit_code)
    except KeyboardInterrupt:
        _warn("interrupted")
        return ExitCode.INTERRUPTED
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): not an error worth a message.
        sys.stderr.close()
        return ExitCode.OK
    except Exception as err:  # a bug: say so in one line, details with --verbose
        if args.verbose:
            traceback.print_exc()
        _warn(f"internal error: {type(err).__name__}: {err} (re-run with --verbose and report it)")
        return ExitCode.INTERNAL_ERROR
