"""A merge playback as an animation (GIF or APNG) or as numbered frames: one playback picture
per step, in the order the window plays (one piece at a time, or the whole text), all the same
size (a frame with fewer rows is padded, so a slide's picture does not jump), at a speed, with
the first and last frames held."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from bpelens.core import ConfigError, SpecialMode, Tokenizer, write_atomic

from .palette import Palette
from .picture import Picture
from .playback_picture import Order, frame_picture, playback_of
from .qt_paint import png_bytes, write_picture

MAX_FRAMES = 400  # a longer playback is sampled: every k-th step, the first and last kept
# Every frame is held as an image while the file is written: 200 M pixels is 600 MB of RGB.
MAX_ANIMATION_PIXELS = 200_000_000
FPS = 1.5  # steps a second, by default
FPS_RANGE = (0.1, 30.0)
HOLD_FIRST, HOLD_LAST = 1.0, 2.5  # seconds the first and last frames stay
HOLD_RANGE = (0.0, 60.0)


@dataclass(frozen=True)
class Timing:
    """How fast an animation plays: ``fps`` steps a second, the first frame held
    ``hold_first`` seconds and the last ``hold_last`` (at least one step's time each)."""

    fps: float = FPS
    hold_first: float = HOLD_FIRST
    hold_last: float = HOLD_LAST

    def __post_init__(self) -> None:
        low, high = FPS_RANGE
        if not low <= self.fps <= high:
            raise ConfigError(f"--fps {self.fps:g}: choose from {low:g} to {high:g} steps a "
                              "second")
        low, high = HOLD_RANGE
        for name, value in (("--hold-first", self.hold_first), ("--hold-last", self.hold_last)):
            if not low <= value <= high:
                raise ConfigError(f"{name} {value:g}: choose from {low:g} to {high:g} seconds")

    def durations(self, frames: int) -> list[int]:
        """Milliseconds each of ``frames`` frames shows."""
        step = round(1000 / self.fps)
        out = [step] * frames
        if frames:
            out[0] = max(step, round(self.hold_first * 1000))
            out[-1] = max(step, round(self.hold_last * 1000))
        return out


def frame_steps(steps: int, max_frames: int = MAX_FRAMES) -> list[int]:
    """The steps drawn, 0 to ``steps``: all of them, or ``max_frames`` spread evenly."""
    if steps + 1 <= max_frames:
        return list(range(steps + 1))
    return sorted({round(i * steps / (max_frames - 1)) for i in range(max_frames)})


def playback_frames(tokenizer: Tokenizer, text: str, palette: Palette, *,
                    width: float = 1200, order: Order = "text", piece: int | None = None,
                    max_frames: int = MAX_FRAMES, special: SpecialMode = "none",
                    check: Callable[[], None] | None = None) -> list[Picture]:
    """Every step's picture (``check()`` between frames may raise to stop)."""
    frames = playback_of(tokenizer, text, order=order, piece=piece, special=special)
    pictures = []
    for step in frame_steps(frames.steps, max_frames):
        if check is not None:
            check()
        pictures.append(frame_picture(frames, palette, step=step, width=width))
    height = max(frame.height for frame in pictures)
    width = max(frame.width for frame in pictures)
    return [replace(frame, width=width, height=height) for frame in pictures]


def animation_size(frames: list[Picture], scale: float) -> tuple[int, int]:
    return round(frames[0].width * scale), round(frames[0].height * scale)


def write_animation(frames: list[Picture], path: str | Path, *, scale: float = 1,
                    timing: Timing | None = None) -> Path:
    """``path`` ending in .gif or .apng (or .png: an animated PNG)."""
    from PIL import Image

    timing = timing or Timing()
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in (".gif", ".apng", ".png"):
        raise ConfigError(f"{path}: an animation is written as .gif or .apng")
    if not frames:
        raise ConfigError("there are no frames to write")
    width, height = animation_size(frames, scale)
    if width * height * len(frames) > MAX_ANIMATION_PIXELS:
        raise ConfigError(f"{len(frames)} frames of {width:,} × {height:,} pixels is too much to "
                          f"animate (at most {MAX_ANIMATION_PIXELS:,} pixels in all); use a "
                          "shorter text, a smaller --scale, or --frames")
    images = [Image.open(io.BytesIO(png_bytes(frame, scale))).convert("RGB")
              for frame in frames]
    durations = timing.durations(len(images))
    out = io.BytesIO()
    if suffix == ".gif":
        # One palette for every frame (chips keep their colours from frame to frame), made
        # from the first, middle and last frames together: every mark of the playback in it.
        samples = [images[0], images[len(images) // 2], images[-1]]
        sheet = Image.new("RGB", (samples[0].width, samples[0].height * len(samples)))
        for k, sample in enumerate(samples):
            sheet.paste(sample, (0, k * sample.height))
        palette = sheet.quantize(colors=255, method=Image.Quantize.MEDIANCUT)
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
