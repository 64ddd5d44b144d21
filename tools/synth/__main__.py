"""``python -m tools.synth --out DIR --per-look N --seed S``: write a labelled set of
synthetic boards (JPEG or PNG files as each render chose, plus labels.json).

Image i (0-based) of every look uses seed S + i; the whole set is a pure function of the
arguments, so it can be regenerated exactly. ``--update`` re-renders only the images asked
for (e.g. ``--looks`` of a changed look) inside an existing set: labels.json keeps its other
entries as they were and gets the new entries in place of the old ones of the same look and
seed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from assistant.errors import AssistantError, ExitCode
from tools.synth import LOOKS, render_board


def _knob(text: str) -> tuple[str, Any]:
    """``name=value`` with value parsed as JSON when it can be (numbers, true, null)."""
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    try:
        value: Any = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return name, value


def dumps_labels(labels: list[dict[str, Any]]) -> str:
    """JSON with one key per line but short lists (a grid row, a corner, a colour) inline."""

    def enc(obj: Any, indent: int) -> str:
        pad = " " * indent
        if isinstance(obj, dict):
            items = [f"{pad} {json.dumps(k)}: {enc(v, indent + 1)}" for k, v in obj.items()]
            return "{\n" + ",\n".join(items) + "\n" + pad + "}" if items else "{}"
        if isinstance(obj, list):
            flat = json.dumps(obj)
            if len(flat) <= 90:
                return flat
            items = [f"{pad} {enc(v, indent + 1)}" for v in obj]
            return "[\n" + ",\n".join(items) + "\n" + pad + "]"
        return json.dumps(obj)

    return enc(labels, 0) + "\n"


def merge_labels(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``old`` with each entry of the same (look, seed) as one of ``new`` replaced by it, in
    its place; the rest of ``new`` appended in order."""
    fresh = {(lab["look"], lab["seed"]): lab for lab in new}
    merged = [fresh.pop((lab.get("look"), lab.get("seed")), lab) for lab in old]
    return merged + list(fresh.values())


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="python -m tools.synth",
        description="Render labelled synthetic Boggle-style boards in the looks of the real games.",
    )
    ap.add_argument(
        "--out", type=Path, required=True, help="directory to write images and labels.json to"
    )
    ap.add_argument("--per-look", type=int, default=4, help="images per look (default 4)")
    ap.add_argument(
        "--seed", type=int, default=0, help="first seed; image i of each look uses seed+i"
    )
    ap.add_argument(
        "--looks",
        default=",".join(LOOKS),
        help=f"comma-separated looks (default all: {','.join(LOOKS)})",
    )
    ap.add_argument(
        "--update",
        action="store_true",
        help="keep the other entries of DIR/labels.json, replacing those of the same look and "
        "seed (re-render some looks of an existing set)",
    )
    ap.add_argument(
        "--knob",
        type=_knob,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="fix a knob for every image, e.g. --knob tile_px=60 --knob jpeg_quality=null",
    )
    return ap


def _fail(message: str, code: ExitCode) -> int:
    """This command's one error line on stderr, and its exit code."""
    sys.stderr.write(f"error: {message}\n")
    return int(code)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    looks = [s.strip() for s in args.looks.split(",") if s.strip()]
    knobs = dict(args.knob)
    if args.per_look < 1:
        return _fail("--per-look must be at least 1", ExitCode.USAGE)
    out: Path = args.out
    labels: list[dict[str, Any]] = []
    old: list[dict[str, Any]] = []
    total = 0
    try:
        if args.update and (out / "labels.json").is_file():
            old = json.loads((out / "labels.json").read_text(encoding="utf-8"))
        out.mkdir(parents=True, exist_ok=True)
        for look in looks:
            for i in range(args.per_look):
                seed = args.seed + i
                board = render_board(look, seed, **knobs)
                (out / board.label["file"]).write_bytes(board.data)
                total += len(board.data)
                labels.append(board.label)
    except json.JSONDecodeError as err:
        return _fail(f"cannot --update {out / 'labels.json'}: not JSON ({err})", ExitCode.USAGE)
    except ValueError as err:
        return _fail(str(err), ExitCode.USAGE)
    except AssistantError as err:
        return _fail(str(err), err.exit_code)
    except OSError as err:
        return _fail(f"cannot write to {out}: {err}", ExitCode.INTERNAL_ERROR)
    # An old image of a re-rendered board saved under another extension is left over.
    renewed = {(lab["look"], lab["seed"]) for lab in labels}
    written = {lab["file"] for lab in labels}
    for lab in old:
        name = Path(str(lab.get("file", ""))).name
        if (lab.get("look"), lab.get("seed")) in renewed and name and name not in written:
            (out / name).unlink(missing_ok=True)
    (out / "labels.json").write_text(dumps_labels(merge_labels(old, labels)), encoding="utf-8")
    sys.stdout.write(
        f"wrote {len(labels)} images ({total / 1e6:.1f} MB) and labels.json to {out}\n"
    )
    return int(ExitCode.OK)


if __name__ == "__main__":
    sys.exit(main())
