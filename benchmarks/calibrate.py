"""Fit the template matcher's confidence calibration and print the accuracy table.

    python benchmarks/calibrate.py fixtures/real [--table] [-v] [--sizes DIR...]

The data collection lives in ``tools.calibrate`` (its docstring explains the
positives, the withheld-class negatives and the value-digit stress test); this script fits
the logistic calibration, prints the numbers to paste into ``RecognizeConfig``, and with
``--table`` the per-board accuracy of the shipped settings.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the dev-only tools/

from assistant.cut import cut_tiles
from assistant.recognize import RecognizeConfig
from assistant.recognize.matcher import TemplateRecognizer
from tools.calibrate import (
    FixtureBoard,
    collect,
    collect_values,
    fit_logistic,
    fixture_boards,
    value_stress_by_size,
)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    sizes = args.index("--sizes") if "--sizes" in args else len(args)
    paths = [a for a in args[:sizes] if not a.startswith("-")]
    root = Path(paths[0]) if paths else Path("fixtures/real")
    recognizer = TemplateRecognizer(config=RecognizeConfig(learned_styles=False))
    boards = list(fixture_boards(root))
    names: list[str] = []
    pos, neg = collect(recognizer, boards, names)
    bias, w_score, w_margin = fit_logistic(pos, neg)
    print(f"{len(boards)} boards, {len(pos)} characters")
    print(f"positives: s1 >= {pos[:, 0].min():.3f}, margin >= {pos[:, 1].min():.3f}")
    print(f"negatives: s1 <= {neg[:, 0].max():.3f}, margin <= {neg[:, 1].max():.3f}")
    print(f"calib_bias={bias:.2f}, calib_score={w_score:.2f}, calib_margin={w_margin:.2f}")
    vpos, vneg = collect_values(recognizer, boards)
    value_fit = fit_logistic(vpos, vneg)
    print(
        f"{len(vpos)} value digits: s1 >= {vpos[:, 0].min():.3f}, "
        f"withheld <= {vneg[:, 0].max():.3f}"
    )
    print("value_calib=(" + ", ".join(f"{x:.2f}" for x in value_fit) + ")")
    cfg = RecognizeConfig(calib_bias=bias, calib_score=w_score, calib_margin=w_margin)
    z_pos = bias + pos @ np.array([w_score, w_margin])
    z_neg = bias + neg @ np.array([w_score, w_margin])
    p_pos, p_neg = 1 / (1 + np.exp(-z_pos)), 1 / (1 + np.exp(-z_neg))
    print(
        f"at threshold {cfg.threshold}: positives below {int((p_pos < cfg.threshold).sum())}, "
        f"negatives above {int((p_neg >= cfg.threshold).sum())} (max {p_neg.max():.3f})"
    )
    if "-v" in args:
        for i in np.argsort(p_pos)[:8]:
            print(f"  weakest true   {names[i]}: s1 {pos[i, 0]:.3f} margin {pos[i, 1]:.3f}")
        for i in np.argsort(-p_neg)[:8]:
            print(f"  strongest false {names[i]}: s1 {neg[i, 0]:.3f} margin {neg[i, 1]:.3f}")
    if "--table" in args:
        print_table(boards)
    stress_roots = [Path(a) for a in args[sizes + 1 :] if not a.startswith("-")]
    if stress_roots:
        stressed = boards + [b for r in stress_roots for b in fixture_boards(r)]
        print("\nvalue digits by height (source px): digits | best wrong digit's confidence")
        for lo, hi, count, worst in value_stress_by_size(recognizer, stressed):
            print(f"  {lo:4.0f}-{hi:<4.0f} | {count:5d} | {worst:.3f}")
    return 0


def print_table(boards: Sequence[FixtureBoard]) -> None:
    """Per board, with the shipped configuration: tiles right, exact board, unsure tiles,
    confidently wrong tiles, values right; templates alone and with Tesseract."""
    from assistant.recognize import recognize_tiles, tesseract

    modes: list[tuple[str, RecognizeConfig]] = [("templates", RecognizeConfig(tesseract="never"))]
    if tesseract.available():
        modes.append(("+tesseract", RecognizeConfig(tesseract="auto")))
    for mode, cfg in modes:
        engine = TemplateRecognizer(config=dataclasses.replace(cfg, learned_styles=False))
        print(f"\n{mode}: board | tiles right | exact | unsure | confident-wrong | values right")
        totals = np.zeros(6, int)
        for board in boards:
            readings = recognize_tiles(cut_tiles(board.located), config=cfg, engines=[engine])
            truth = [x for row in board.labels for x in row]
            right = sum(r.label == t for r, t in zip(readings, truth, strict=True))
            unsure = sum(r.confidence < cfg.threshold for r in readings)
            wrong = sum(
                r.label != t and r.confidence >= cfg.threshold
                for r, t in zip(readings, truth, strict=True)
            )
            values = "-"
            if board.values is not None:
                flat = [v for row in board.values for v in row]
                good = sum(r.value == v for r, v in zip(readings, flat, strict=True))
                low = sum(r.value_confidence < cfg.threshold for r in readings)
                values = f"{good}/{len(flat)} ({low} unsure)"
                totals[4:] += (good, len(flat))
            exact = right == len(truth) and unsure == 0
            totals[:4] += (right, len(truth), exact, unsure)
            print(
                f"  {Path(board.name).stem} | {right}/{len(truth)} | {'yes' if exact else 'no'}"
                f" | {unsure} | {wrong} | {values}"
            )
        print(
            f"  total | {totals[0]}/{totals[1]} | {totals[2]}/{len(boards)} | {totals[3]} | - |"
            f" {totals[4]}/{totals[5]}"
        )


if __name__ == "__main__":
    sys.exit(main())
