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
from typing import TYPE_CHECKING, Any, TextIO

from assistant import __version__
from assistant.board import Board, parse_board
from assistant.errors import AssistantError, BoardTextError, ExitCode

if TYPE_CHECKING:
    from rich.console import Console

    from assistant.dictionary import Dictionary
    from assistant.locate import Image
    from assistant.read import BoardReading

PROG = "boggle-assistant"
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".webp", ".bmp", ".tif", ".tiff", ".gif"}
IMAGE_MAGIC = (b"\x89PNG", b"\xff\xd8\xff", b"RIFF", b"BM", b"GIF8", b"II*\x00", b"MM\x00*")

EXIT_CODES_HELP = """\
exit codes:
  0 success            3 bad board text      6 bad word list      9 unsure tiles
  1 internal error     4 bad board shape     7 unreadable image   10 missing dependency
  2 usage error        5 unknown game        8 no board in image  11 screen capture failed
  12 batch finished with failed images       130 interrupted
"""

BOARD_HELP = """\
board text: 16 letters row by row (TestingTheSolver), rows split by / or newlines,
tiles split by spaces when any has several letters (RE- S T O). Q is the Qu tile
(--literal-q for a plain Q); QU/TH digrams; RE- prefix; -ING suffix; A|B either/or;
. blank; E:2 point value; S*DL bonus (DL TL DW TW).
"""


# --------------------------------------------------------------------------- arguments


def _size(text: str) -> tuple[int, int]:
    parts = text.lower().replace("×", "x").split("x")
    try:
        if len(parts) == 1:
            n = int(parts[0])
            return n, n
        if len(parts) == 2:
            return int(parts[0]), int(parts[1])
    except ValueError:
        pass
    raise argparse.ArgumentTypeError(f"{text!r} is not a size: write RxC, e.g. 4x4 or 5x5")


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


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return n


def _add_solve_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("solving")
    g.add_argument(
        "--game",
        default=None,
        metavar="GAME",
        help="scoring rules: boggle, wordhunt, wordament, ruzzle, spellcast "
        "(default: boggle for text; auto for images)",
    )
    g.add_argument("--dict", dest="dict_path", metavar="PATH", help="word list (default ENABLE)")
    g.add_argument("--min-len", type=_positive, default=3, metavar="N", help="default 3")
    g.add_argument("--top", type=_positive, default=None, metavar="N", help="show the N best")
    g.add_argument("--json", action="store_true", help="one JSON object per board on stdout")
    g.add_argument("--literal-q", action="store_true", help="a bare Q is Q, not the Qu tile")


def _add_image_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("images")
    g.add_argument("--size", type=_size, metavar="RxC", help="board size (default: detect)")
    g.add_argument(
        "--fix",
        type=_fix,
        action="append",
        default=[],
        metavar="R,C=TILE",
        help="override a tile (1-based row,col; repeatable), e.g. --fix 2,3=L",
    )
    g.add_argument("--debug-dir", type=Path, metavar="DIR", help="write located board and tiles")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Find every word on a Boggle-style board, from typed letters, "
        "screenshots or photos.",
        epilog=EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="tracebacks and details")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser(
        "solve",
        help="list every word on a board (text, text file, image, or - for stdin)",
        description="List every word on a board, best first.\n\n" + BOARD_HELP,
        epilog="examples:\n  boggle-assistant solve TestingTheSolver\n"
        "  boggle-assistant solve shot.png --game wordament --top 20\n"
        "  printf 'ABCDEFGHIJKLMNOP\\n' | boggle-assistant solve - --json\n\n" + EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "board", metavar="BOARD", help="board text, a file of board text, an image, or -"
    )
    _add_solve_options(p)
    _add_image_options(p)
    p.add_argument(
        "--best-guess",
        action="store_true",
        help="solve even when some image tiles are unsure (guessed tiles are marked)",
    )
    p.add_argument(
        "--overlay",
        type=Path,
        metavar="OUT.png",
        help="write the picture with the top words' paths drawn on the board (--top, default 5)",
    )

    p = sub.add_parser(
        "read",
        help="read the board in an image, without solving",
        description="Read the board in a screenshot or photo and show it with confidences.",
        epilog=EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("image", metavar="IMAGE")
    p.add_argument("--json", action="store_true", help="the reading as JSON")
    _add_image_options(p)

    p = sub.add_parser(
        "random",
        help="roll a random board from the real dice",
        description="Roll a board from the real dice sets (classic 16, Big Boggle 25).",
    )
    p.add_argument("--size", type=int, default=4, metavar="N", help="4 (classic) or 5 (Big)")
    p.add_argument("--seed", type=int, default=None, metavar="S", help="repeatable rolls")

    p = sub.add_parser(
        "learn",
        help="learn a game's look from a labeled screenshot",
        description="Cut the tiles of a screenshot whose letters you give, and store their "
        "glyphs as templates so later screenshots of that game read exactly.",
    )
    p.add_argument("image", metavar="IMAGE")
    p.add_argument("--letters", required=True, help="the board's tiles as board text")
    p.add_argument("--style", default=None, metavar="NAME", help="style name (default: image)")
    p.add_argument("--into", type=Path, default=None, metavar="DIR", help="template dir")
    p.add_argument("--size", type=_size, metavar="RxC", help="board size (default: detect)")

    p = sub.add_parser(
        "watch",
        help="watch the screen and solve each new board as it appears",
        description="Capture the screen, find the board, and show its best words live; "
        "a new game is read and solved as soon as it holds still.",
        epilog="examples:\n  boggle-assistant watch\n"
        "  boggle-assistant watch --region 700,300,500,500 --game wordament --top 20\n"
        "  boggle-assistant watch --once --output boards.jsonl\n\n" + EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--region", type=_region, metavar="X,Y,W,H", help="capture only this part of the screen"
    )
    where.add_argument(
        "--monitor", type=int, default=1, metavar="N", help="monitor to search (1 = first)"
    )
    p.add_argument(
        "--interval", type=_seconds, default=0.25, metavar="SECONDS", help="frame period"
    )
    p.add_argument("--once", action="store_true", help="stop after the first board")
    p.add_argument("--max-boards", type=_positive, metavar="N", help="stop after N boards")
    p.add_argument(
        "--output", type=Path, metavar="FILE.jsonl", help="append one JSON line per new board"
    )
    p.add_argument(
        "--overlay",
        type=Path,
        metavar="OUT.png",
        help="keep this picture of the board with the top words' paths up to date",
    )
    p.add_argument(
        "--retry-for",
        type=_seconds,
        default=300.0,
        metavar="SECONDS",
        help="how long to wait for a lost display to come back (default 300)",
    )
    p.add_argument("--size", type=_size, metavar="RxC", help="board size (default: detect)")
    p.add_argument("--game", default=None, metavar="GAME", help="scoring rules (default: auto)")
    p.add_argument("--dict", dest="dict_path", metavar="PATH", help="word list (default ENABLE)")
    p.add_argument("--min-len", type=_positive, default=3, metavar="N", help="default 3")
    p.add_argument("--top", type=_positive, default=None, metavar="N", help="show the N best")

    p = sub.add_parser(
        "batch",
        help="read (and solve) many images into JSON Lines or CSV",
        description="Read every image given (files, or folders of files) and write one "
        "record per image: board, confidence, words and score, or the error.",
        epilog="examples:\n  boggle-assistant batch shots/ --recursive --out boards.jsonl\n"
        "  boggle-assistant batch shots/ --out boards.jsonl --resume\n"
        "  boggle-assistant batch *.png --no-solve --out boards.csv\n\n" + EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="image files or folders")
    p.add_argument("--recursive", action="store_true", help="also read subfolders")
    p.add_argument("--glob", metavar="PATTERN", help="only files named like this, e.g. '*.png'")
    p.add_argument(
        "--out", type=Path, metavar="FILE", help="FILE.jsonl or FILE.csv (default: stdout)"
    )
    p.add_argument(
        "--jobs", type=_positive, default=None, metavar="N", help="worker processes (default: CPUs)"
    )
    p.add_argument("--resume", action="store_true", help="skip images already in --out")
    p.add_argument("--no-solve", action="store_true", help="read the boards only")
    p.add_argument("--size", type=_size, metavar="RxC", help="board size (default: detect)")
    p.add_argument("--game", default=None, metavar="GAME", help="scoring rules (default: auto)")
    p.add_argument("--dict", dest="dict_path", metavar="PATH", help="word list (default ENABLE)")
    p.add_argument("--min-len", type=_positive, default=3, metavar="N", help="default 3")
    p.add_argument("--top", type=_positive, default=10, metavar="N", help="words per record")
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


def _looks_like_image(path: Path) -> bool:
    if path.suffix.lower() in IMAGE_SUFFIXES:
        return True
    try:
        with path.open("rb") as fh:
            head = fh.read(8)
    except OSError:
        return False
    return head.startswith(IMAGE_MAGIC)


def _board_source(arg: str) -> tuple[str, Path | str]:
    """Decide what BOARD is: ("stdin", "-"), ("image", path), ("file", path) or
    ("text", text)."""
    if arg == "-":
        return "stdin", arg
    path = Path(arg)
    if path.suffix.lower() in IMAGE_SUFFIXES or (
        path.exists() and (path.is_dir() or _looks_like_image(path))
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


def _apply_fixes(board: Board, fixes: Sequence[tuple[int, int, str]], literal_q: bool) -> Board:
    from assistant.board import parse_tile

    for r, c, label in fixes:
        if r >= board.rows or c >= board.cols:
            raise BoardTextError(
                f"--fix {r + 1},{c + 1}: the board has {board.rows} rows and {board.cols} columns"
            )
        tile = parse_tile(label, literal_q=literal_q, row=r, col=c)
        old = board.tile(r, c)
        board = board.replace(r, c, tile.with_extras(old.value, old.bonus))
    return board


# --------------------------------------------------------------------------- commands


def _solve_board(args: argparse.Namespace, board: Board, dictionary: Dictionary, game: str) -> Any:
    from assistant.solver import solve

    return solve(board, dictionary, game, min_len=args.min_len)


def cmd_solve(args: argparse.Namespace) -> int:
    kind, source = _board_source(args.board)
    if kind == "image":
        return _solve_image(args, Path(source))
    if args.overlay is not None:
        raise BoardTextError(
            "--overlay draws on a picture, but the board was given as text",
            hint="give a screenshot or photo to draw on, or leave out --overlay",
        )
    game = args.game or "boggle"
    _check_game(game)
    if kind == "stdin":
        return _solve_stdin(args, game)
    text = _read_text_file(Path(source)) if kind == "file" else str(source)
    board = _apply_fixes(parse_board(text, literal_q=args.literal_q), args.fix, args.literal_q)
    dictionary = _load_dictionary(args.dict_path, args.verbose)
    solution = _solve_board(args, board, dictionary, game)
    _emit_solution(args, solution)
    return ExitCode.OK


def _check_game(game: str) -> None:
    from assistant.scoring import get_game

    get_game(game)


def _emit_solution(
    args: argparse.Namespace,
    solution: Any,
    *,
    reading: BoardReading | None = None,
    guessed: Sequence[tuple[int, int]] = (),
) -> None:
    from assistant import render

    if args.json:
        data = render.solution_json(solution, top=args.top)
        if reading is not None:
            data["reading"] = reading.to_json()
            data["guessed"] = [list(p) for p in guessed]
        sys.stdout.write(json.dumps(data) + "\n")
        return
    console = _stdout_console()
    render.print_solution(console, solution, top=args.top, guessed=guessed)
    if reading is not None and reading.game_why:
        # Which game scored the words, and why (or that the picture did not say).
        console.print(f"scored as {solution.game}: {reading.game_why}", markup=False)


def _solve_stdin(args: argparse.Namespace, game: str) -> int:
    from assistant import render

    dictionary = _load_dictionary(args.dict_path, args.verbose)
    worst = ExitCode.OK
    for lineno, text in _stdin_boards(sys.stdin):
        try:
            board = parse_board(text, literal_q=args.literal_q)
        except AssistantError as err:
            # One bad line must not lose the others: report it and go on.
            _warn(f"error: line {lineno}: {err}")
            if worst == ExitCode.OK:
                worst = err.exit_code
            continue
        solution = _solve_board(args, board, dictionary, game)
        if args.json:
            sys.stdout.write(json.dumps(render.solution_json(solution, top=args.top)) + "\n")
        else:
            sys.stdout.write(render.solution_line(solution, top=args.top) + "\n")
        sys.stdout.flush()
    return worst


def _read(args: argparse.Namespace, path: Path) -> tuple[Image, BoardReading]:
    import time

    from assistant.imageio import load_image
    from assistant.read import ReadOptions, read_array

    start = time.perf_counter()
    image = load_image(path)
    game = getattr(args, "game", None)
    options = ReadOptions(
        size=args.size,
        fixes=tuple(args.fix),
        debug_dir=args.debug_dir,
        literal_q=getattr(args, "literal_q", False),
        game=_chosen_game(game),
    )
    return image, read_array(image, options, start=start)


def _chosen_game(game: str | None) -> str | None:
    """The game the user chose, or None to recognize it from the picture."""
    return None if game in (None, "auto") else game


def _solve_image(args: argparse.Namespace, path: Path) -> int:
    from assistant.read import is_unsure, unsure_error

    image, reading = _read(args, path)
    game = args.game or "auto"
    if game == "auto":
        game = reading.game or "boggle"
    _check_game(game)
    if is_unsure(reading, game) and not args.best_guess:
        raise unsure_error(reading, game)
    unsure = reading.uncertain
    board = reading.to_board(best_guess=args.best_guess)
    dictionary = _load_dictionary(args.dict_path, args.verbose)
    solution = _solve_board(args, board, dictionary, game)
    if is_unsure(reading, game):
        where = ", ".join(
            f"r{r + 1}c{c + 1}"
            for r, c in sorted({*unsure, *reading.uncertain_values, *reading.uncertain_bonuses})
        )
        _warn(f"warning: solved with guessed tiles {where} (--best-guess)")
    if args.overlay is not None:
        from assistant.overlay import BoardGeometry, save_overlay

        geometry = BoardGeometry.from_corners(reading.rows, reading.cols, reading.corners)
        save_overlay(args.overlay, image, geometry, solution.words, top=args.top or 5)
    _emit_solution(args, solution, reading=reading, guessed=unsure)
    return ExitCode.OK


def cmd_read(args: argparse.Namespace) -> int:
    from assistant import render

    _, reading = _read(args, Path(args.image))
    if args.json:
        sys.stdout.write(json.dumps(reading.to_json()) + "\n")
    else:
        console = _stdout_console()
        console.print(
            render.board_table(
                reading.to_board(best_guess=True),
                unsure=reading.uncertain,
                confidence=reading.confidence,
            )
        )
        console.print()
        for r, c in reading.uncertain:
            cands = " or ".join(label or "blank" for label, _ in reading.candidates[r][c][:3])
            console.print(f"[red]tile r{r + 1}c{c + 1} unsure[/red] ({cands})")
        for r, c in reading.uncertain_values:
            seen = reading.values[r][c] if reading.values else None
            console.print(f"[red]point value of r{r + 1}c{c + 1} unsure[/red] ({seen}?)")
        for r, c in reading.uncertain_bonuses:
            kind = reading.bonuses[r][c] if reading.bonuses else None
            console.print(f"[red]bonus square of r{r + 1}c{c + 1} unsure[/red] ({kind}?)")
        game = f", {reading.game_why}" if reading.game_why else ""
        console.print(
            f"{reading.rows}x{reading.cols} board{game}, read in {reading.elapsed_ms:.0f} ms",
            markup=False,
        )
    unsure = reading.uncertain or reading.uncertain_values or reading.uncertain_bonuses
    return ExitCode.UNSURE_TILES if unsure else ExitCode.OK


def cmd_random(args: argparse.Namespace) -> int:
    from assistant.dice import random_board

    board = random_board(args.size, seed=args.seed)
    sys.stdout.write("\n".join(" ".join(t.token for t in row) for row in board.tiles) + "\n")
    return ExitCode.OK


def cmd_learn(args: argparse.Namespace) -> int:
    from assistant.read import learn_image

    board = parse_board(args.letters)
    result = learn_image(Path(args.image), board, style=args.style, into=args.into, size=args.size)
    _warn(f"learned {result.glyphs} glyphs as style {result.style!r} in {result.directory}")
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


def cmd_watch(args: argparse.Namespace) -> int:
    from assistant.live import LiveView, PlainView, summary_text
    from assistant.read import ReadOptions
    from assistant.watch import WatchOptions, run_watch

    options = WatchOptions(
        region=args.region,
        monitor=args.monitor,
        interval_s=args.interval,
        game=_chosen_game(args.game),
        top=args.top,
        min_len=args.min_len,
        dict_path=args.dict_path,
        once=args.once,
        max_boards=args.max_boards,
        output=args.output,
        retry_for_s=args.retry_for,
        overlay=args.overlay,
        read=ReadOptions(size=args.size, game=_chosen_game(args.game)),
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
    from assistant.batch import BatchOptions, default_jobs, progress_for, run_batch
    from assistant.read import ReadOptions

    options = BatchOptions(
        out=args.out,
        jobs=args.jobs or default_jobs(),
        resume=args.resume,
        solve=not args.no_solve,
        game=_chosen_game(args.game),
        dict_path=args.dict_path,
        min_len=args.min_len,
        top=args.top,
        read=ReadOptions(size=args.size, game=_chosen_game(args.game)),
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


COMMANDS = {
    "solve": cmd_solve,
    "read": cmd_read,
    "random": cmd_random,
    "learn": cmd_learn,
    "watch": cmd_watch,
    "batch": cmd_batch,
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
