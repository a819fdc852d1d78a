"""A merge playback as an animation (GIF or APNG) or as numbered frames: one playback picture
per step of the whole text, all the same size (a frame with fewer lines is padded, so a
slide's picture does not jump), the last frame held longer."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

from bpelens.core import ConfigError, EncodingPlayback, Tokenizer, write_atomic

from .flow_pictures import playback_picture
from .picture import Picture
from .qt_paint import png_bytes, write_picture
from .themes import Theme

MAX_FRAMES = 400  # a longer playback is sampled: every k-th step, the first and last kept
# Every frame is held as an image while the file is written: 200 M pixels is 600 MB of RGB.
MAX_ANIMATION_PIXELS = 200_000_000
FRAME_MS = 700
LAST_MS = 2500


def frame_steps(steps: int, max_frames: int = MAX_FRAMES) -> list[int]:
    """The steps drawn, 0 to ``steps``: all of them, or ``max_frames`` spread evenly."""
    if steps + 1 <= max_frames:
        return list(range(steps + 1))
    return sorted({round(i * steps / (max_frames - 1)) for i in range(max_frames)})


def playback_frames(tokenizer: Tokenizer, text: str, theme: Theme, *, width: float = 1200,
                    max_frames: int = MAX_FRAMES) -> list[Picture]:
    playback = EncodingPlayback(tokenizer, tokenizer.encode(text, special="none", trace=True))
    frames = [playback_picture(tokenizer, text, theme, step=step, width=width)
              for step in frame_steps(len(playback.text_steps), max_frames)]
    height = max(frame.height for frame in frames)
    width = max(frame.width for frame in frames)
    return [replace(frame, width=width, height=height) for frame in frames]


def write_animation(frames: list[Picture], path: str | Path, *, scale: float = 1,
                    frame_ms: int = FRAME_MS, last_ms: int = LAST_MS) -> Path:
    """``path`` ending in .gif or .apng (or .png: an animated PNG)."""
    from PIL import Image

    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in (".gif", ".apng", ".png"):
        raise ConfigError(f"{path}: an animation is written as .gif or .apng")
    if not frames:
        raise ConfigError("there are no frames to write")
    pixels = round(frames[0].width * scale) * round(frames[0].height * scale) * len(frames)
    if pixels > MAX_ANIMATION_PIXELS:
        raise ConfigError(f"{len(frames)} frames of {round(frames[0].width * scale):,} × "
                          f"{round(frames[0].height * scale):,} pixels is too much to animate "
                          f"(at most {MAX_ANIMATION_PIXELS:,} pixels in all); use a shorter "
                          "text, a smaller --scale, or --frames")
    images = [Image.open(io.BytesIO(png_bytes(frame, scale))).convert("RGB")
              for frame in frames]
    durations = [frame_ms] * (len(images) - 1) + [last_ms]
    out = io.BytesIO()
    if suffix == ".gif":
        # One palette for every frame: chips keep their colours from frame to frame.
        palette = images[-1].quantize(colors=255, method=Image.Quantize.MEDIANCUT)
        quantized = [image.quantize(palette=palette, dither=Image.Dither.NONE)
                     for image in images]
        quantized[0].save(out, format="GIF", save_all=True, append_images=quantized[1:],
                          duration=durations, loop=0, optimize=False)
    else:
        images[0].save(out, format="PNG", save_all=True, append_images=images[1:],
                       duration=durations, loop=0)
    write_atomic(path, out.getvalue())
    return path


def write_frames(frames: list[Picture], folder: str | Path, *, scale: float = 1,
                 kind: str = "png") -> list[Path]:
    """``frame-000.png`` (or .svg) … in ``folder`` (made if missing), in step order."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    digits = max(3, len(str(len(frames) - 1)))
    return [write_picture(frame, folder / f"frame-{number:0{digits}d}.{kind}", scale=scale)
            for number, frame in enumerate(frames)]

