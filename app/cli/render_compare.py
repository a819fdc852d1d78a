"""`bpelens render --view compare`: a comparison's plot (bars of a metric, the ratio heatmap or
the Lorenz curves) as PNG or SVG at a slide's size, headless. The tokenizers are counted on the
corpus by the comparison core, as `bpelens compare` counts them, and the plot is drawn by the
window's own plot class (app/gui/views/compare_plots.py), offscreen: one drawing for both."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

from bpelens.core import ConfigError

from .arguments import PLOT_METRICS, DefaultSpecial
from .cli_i18n import language, translate
from .compare_command import count_comparison

HEATMAP_METRICS = ("ratio", "mean_sentence_ratio")
SIZE = re.compile(r"^\s*(\d{1,5})\s*[x×X]\s*(\d{1,5})\s*$")


def parse_size(value: str) -> tuple[int, int]:
    found = SIZE.match(value)
    if not found:
        raise ConfigError(translate("Cli", "--size {size}: give WIDTHxHEIGHT in points, e.g. "
                                    "1920x1080").format(size=value))
    width, height = int(found.group(1)), int(found.group(2))
    if not (200 <= width <= 8000 and 200 <= height <= 8000):
        raise ConfigError(translate("Cli", "--size {size}: each side from 200 to 8000 "
                                    "points").format(size=value))
    return width, height


def _check(args: argparse.Namespace) -> tuple[Path, tuple[int, int], str | None]:
    """Everything that can be wrong with the options, before any counting."""
    output = Path(args.output)
    if output.suffix.lower() not in (".png", ".svg"):
        raise ConfigError(translate("Cli", "-o {output}: name a .png or .svg file for --view "
                                    "compare").format(output=output))
    if not output.parent.is_dir():
        raise ConfigError(translate("Cli", "-o {output}: no folder {folder}").format(
            output=output, folder=output.parent))
    for given, option in ((args.text, "--text"), (args.step, "--step"),
                          (args.frames or None, "--frames")):
        if given is not None:
            raise ConfigError(translate("Cli", "{option} is for a text's picture: --view "
                                        "compare draws a corpus").format(option=option))
    if args.encoding is not None or args.pattern is not None:
        raise ConfigError(translate("Cli", "--encoding and --pattern are for one .tiktoken file: "
                                    "with --view compare write -t FILE@ENCODING"))
    if not 0.25 <= args.scale <= 8:
        raise ConfigError(translate("Cli", "--scale {scale:g}: choose from 0.25 to 8 (1, 2, 3 "
                                    "for slides)").format(scale=args.scale))
    size = parse_size(args.size)
    metric = args.metric
    if args.plot == "lorenz" and metric is not None:
        raise ConfigError(translate("Cli", "--metric {metric}: the Lorenz curves are of token "
                                    "totals; --metric goes with --plot bars or "
                                    "heatmap").format(metric=metric))
    allowed = HEATMAP_METRICS if args.plot == "heatmap" else PLOT_METRICS
    if metric is not None and metric not in allowed:
        raise ConfigError(translate("Cli", "--metric {metric}: --plot {plot} shows one of "
                                    "{choices}").format(metric=metric, plot=args.plot,
                                                        choices=", ".join(allowed)))
    return output, size, metric


def run(args: argparse.Namespace) -> int:
    output, size, metric = _check(args)
    special = "none" if isinstance(args.special, DefaultSpecial) else args.special
    comparison = count_comparison(args.corpus, list(args.tokenizers), languages=args.languages,
                                  reference=args.reference, special=special,
                                  add_special_tokens=False, quiet=False)

    # Qt only now, and widgets (pyqtgraph draws with them), offscreen without a display.
    from ..gui.views.plot_export import ensure_widget_app

    app = ensure_widget_app()
    from ..gui.i18n import install_language
    from ..gui.views.compare_plots import BarsPlot, LorenzPlot, RatioHeatmap

    install_language(app, language())  # the plot's words in the command line's language
    plot = {"bars": BarsPlot, "heatmap": RatioHeatmap, "lorenz": LorenzPlot}[args.plot]()
    chosen = metric or "ratio"
    if args.plot == "bars":
        plot.set_options({"metric": chosen})
    elif args.plot == "heatmap":
        plot.set_options({"cells": chosen})
    plot.show_comparison(comparison)
    exported = plot.export_image(output, size=size, scale=args.scale, theme=args.theme)
    print(json.dumps({"output": str(output), "view": "compare", "plot": args.plot,
                      "metric": None if args.plot == "lorenz" else chosen,
                      "theme": args.theme, "width": exported.width, "height": exported.height,
                      "corpus": comparison.corpus, "reference": comparison.reference,
                      "languages": len(comparison.languages),
                      "tokenizers": list(comparison.tokenizers)}, ensure_ascii=False))
    plot.deleteLater()
    return 0
