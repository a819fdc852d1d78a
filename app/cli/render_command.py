"""`bpelens render`: a picture of a view (layers, shaped text, a playback frame, a comparison's
plot) for slides."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bpelens.core import ConfigError

from .arguments import SCALE_RANGE
from .cli_i18n import translate
from .tokenizer_argument import open_cli_tokenizer

SCALES = (1, 2, 3)


def run(args: argparse.Namespace) -> int:
    if args.view == "compare":
        from .render_compare import run as run_compare

        return run_compare(args)
    if args.text is None:
        raise ConfigError(translate("Cli", "--text: give the text to draw (--view compare "
                                    "alone draws a corpus)"))
    output = Path(args.output)
    suffix = output.suffix.lower()
    animated = suffix in (".gif", ".apng")
    if (animated or args.frames) and args.view != "playback":
        raise ConfigError(translate("Cli", "an animation or frames are of a playback: give "
                                    "--view playback"))
    if not args.frames and suffix not in (".svg", ".png", ".gif", ".apng"):
        raise ConfigError(translate("Cli", "-o {output}: name an .svg or .png file (.gif or "
                                    ".apng for a playback animation)").format(output=output))
    if not output.parent.is_dir():
        raise ConfigError(translate("Cli", "-o {output}: no folder {folder}").format(
            output=output, folder=output.parent))
    low, high = SCALE_RANGE
    if not low <= args.scale <= high:
        raise ConfigError(translate("Cli", "--scale {scale:g}: choose from {low:g} to {high:g} "
                                    "(2 or 3 for slides)").format(scale=args.scale, low=low,
                                                                  high=high))
    if not 200 <= args.width <= 20_000:
        raise ConfigError(translate("Cli", "--width {width}: choose from 200 to 20000 "
                                    "points").format(width=args.width))
    if args.step is not None and args.view != "playback":
        raise ConfigError(translate("Cli", "--step picks a playback frame: give --view "
                                    "playback"))
    if args.piece is not None and args.order != "piece":
        raise ConfigError(translate("Cli", "--piece picks the piece of --order piece"))
    from ..pictures.animation import Timing

    timing = Timing(args.fps, args.hold_first, args.hold_last)  # checked before any work
    tokenizer = open_cli_tokenizer(args)

    # Qt only now: the other commands never load it.
    from ..pictures.qt_paint import ensure_app, write_picture

    ensure_app()
    from ..pictures.layers_picture import layers_picture
    from ..pictures.palette import PALETTES
    from ..pictures.playback_picture import playback_picture
    from ..pictures.shaped_picture import shaped_picture

    theme = PALETTES[args.theme]
    if animated or args.frames:
        from ..pictures.animation import playback_frames, write_animation, write_frames

        frames = playback_frames(tokenizer, args.text, theme, width=args.width,
                                 order=args.order, piece=args.piece)
        if args.frames:
            written = write_frames(frames, output, scale=args.scale)
        else:
            written = [write_animation(frames, output, scale=args.scale, timing=timing)]
        durations = timing.durations(len(frames))
        print(json.dumps({"output": str(output), "view": "playback", "order": args.order,
                          "theme": args.theme, "frames": len(frames), "files": len(written),
                          "width": round(frames[0].width * args.scale),
                          "height": round(frames[0].height * args.scale),
                          "step_ms": durations[len(durations) // 2] if len(durations) > 2
                          else durations[0], "first_ms": durations[0],
                          "last_ms": durations[-1]},
                         ensure_ascii=False))
        return 0
    if args.view == "layers":
        picture = layers_picture(tokenizer, args.text, theme, width=args.width,
                                 special=args.special)
    elif args.view == "shaped":
        picture = shaped_picture(tokenizer, args.text, theme, width=args.width,
                                 special=args.special)
    else:
        picture = playback_picture(tokenizer, args.text, theme, step=args.step,
                                   width=args.width, order=args.order, piece=args.piece)
    write_picture(picture, output, scale=args.scale)
    print(json.dumps({"output": str(output), "view": args.view, "theme": args.theme,
                      "width": round(picture.width * args.scale),
                      "height": round(picture.height * args.scale),
                      # (a playback frame: the chips drawn, every row of a piece's states)
                      "tokens" if args.view != "playback" else "chips": len(
                          [c for c in picture.chips() if c.kind != "token continued"])},
                     ensure_ascii=False))
    return 0
