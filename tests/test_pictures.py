"""Pictures for slides (`bpelens render`, the File menu's export): an SVG is real XML with one
chip group per token, carrying the token's id and text; a PNG has the size asked for; a
playback frame holds exactly the core's state after N steps; themes keep chip text readable."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from itertools import pairwise

import pytest
from PySide6.QtGui import QImage

from bpelens.app.demo_data import load_demo
from bpelens.app.pictures.layers_picture import MAX_CHARS, layers_picture
from bpelens.app.pictures.palette import CONTRAST, PALETTES, contrast
from bpelens.app.pictures.playback_picture import playback_picture
from bpelens.app.pictures.qt_paint import write_picture
from bpelens.app.pictures.shaped_picture import shaped_picture
from bpelens.core import ConfigError, EncodingPlayback

from cli_helpers import bpelens

SVG = "{http://www.w3.org/2000/svg}"
TEXT = "Hello 世界! naïve café 🙂\nこんにちは、tokenization مرحبا नमस्ते"


@pytest.fixture(scope="module")
def tokenizer():
    return load_demo("demo-multilingual-byte")


def expected_text(tokenizer, tid: int) -> str:
    """A token as a chip should name it: its text with a space as ·, else its bytes in hex."""
    data = tokenizer.token_bytes(tid)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return " ".join(f"{b:02X}" for b in data)
    return text.replace(" ", "·").replace("\n", "↵")


def chip_groups(svg: str) -> list[ET.Element]:
    """A token's chip, the first of a token drawn in several parts (a shared cluster, a
    band it goes on into); a playback chip whatever its mark."""
    root = ET.fromstring(svg)
    return [g for g in root.iter(f"{SVG}g") if g.get("class", "").split()[:2] == ["chip", "token"]
            and "continued" not in g.get("class", "")]


@pytest.mark.parametrize("draw", [layers_picture, shaped_picture], ids=["layers", "shaped"])
@pytest.mark.parametrize("width", [1200, 300])
def test_the_svg_has_one_chip_per_token_with_its_id_and_text(tokenizer, draw, width, qapp):
    picture = draw(tokenizer, TEXT, PALETTES["light"], width=width)
    groups = chip_groups(picture.to_svg())
    ids = tokenizer.encode_ids(TEXT)
    assert [int(g.get("data-token-id")) for g in groups] == ids
    assert [g.get("data-text") for g in groups] == [expected_text(tokenizer, i) for i in ids]
    for group in groups:
        rect, *stripes = group.findall(f"{SVG}rect")  # stripes: a cluster shared by tokens
        assert float(rect.get("width")) > 0 and len(stripes) <= 1
    if width == 300:  # wrapped into several lines (bands), within the width
        assert len({round(c.box.y) for c in picture.chips()}) >= 3
        assert max(c.box.x + c.box.w for c in picture.chips()) <= 300
    if draw is layers_picture and width == 300:  # a token goes on into the next band
        root = ET.fromstring(picture.to_svg())
        assert any("continued" in g.get("class", "") for g in root.iter(f"{SVG}g"))


def test_the_layers_chips_show_their_labels_and_ids_as_svg_text(tokenizer, qapp):
    picture = layers_picture(tokenizer, "lowest newest", PALETTES["light"])
    for group, tid in zip(chip_groups(picture.to_svg()), tokenizer.encode_ids("lowest newest"),
                          strict=True):
        texts = [t.text for t in group.findall(f"{SVG}text")]
        assert texts == [expected_text(tokenizer, tid), str(tid)]


@pytest.mark.parametrize("scale", [1, 2, 3])
def test_a_png_has_the_size_asked_for_and_is_not_blank(tokenizer, scale, tmp_path, qapp):
    picture = layers_picture(tokenizer, "Hello 世界", PALETTES["dark"], width=800)
    path = write_picture(picture, tmp_path / "layers.png", scale=scale)
    image = QImage(str(path))
    assert (image.width(), image.height()) == (round(picture.width * scale),
                                               round(picture.height * scale))
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7)
               for y in range(0, image.height(), 7)}
    assert len(colours) > 8


def test_an_svg_scaled_keeps_its_drawing_and_states_the_larger_size(tokenizer, tmp_path, qapp):
    picture = shaped_picture(tokenizer, "Hello", PALETTES["light"], width=600)
    root = ET.fromstring(write_picture(picture, tmp_path / "s.svg", scale=2).read_text("utf-8"))
    assert float(root.get("width")) == pytest.approx(picture.width * 2, abs=0.01)
    assert root.get("viewBox") == f"0 0 {picture.width:g} {picture.height:g}"


def test_a_playback_frame_holds_the_cores_state_after_n_steps(tokenizer, qapp):
    text = "lowest newest widest"
    playback = EncodingPlayback(tokenizer, tokenizer.encode(text, special="none", trace=True))
    last = len(playback.text_steps)
    assert last > 3
    for step in (0, 3, last):
        picture = playback_picture(tokenizer, text, PALETTES["light"], step=step)
        state = [tid for ids in playback.text_state(step) for tid in ids]
        assert [int(g.get("data-token-id")) for g in chip_groups(picture.to_svg())] == state
        if step:
            made = playback.text_steps[step - 1].rule.new_id
            marked = [c.token_id for c in picture.chips() if c.kind == "token merged"]
            assert marked and set(marked) == {made}
    final = playback_picture(tokenizer, text, PALETTES["light"])
    assert [c.token_id for c in final.chips()] == tokenizer.encode_ids(text, special="none")
    with pytest.raises(ConfigError, match=f"steps 0 to {last}"):
        playback_picture(tokenizer, text, PALETTES["light"], step=last + 1)


def test_high_contrast_chip_text_reads_at_seven_to_one_on_every_fill():
    for number in range(len(CONTRAST.fills)):
        assert contrast(CONTRAST.fill(number), CONTRAST.chip_text(number)) >= 7.0, number
    assert contrast(CONTRAST.page, CONTRAST.ink) == 21.0
    assert PALETTES["dark"].page != PALETTES["light"].page


def test_a_text_too_long_for_a_picture_is_refused_with_the_limit(tokenizer, qapp):
    with pytest.raises(ConfigError, match=f"at most {MAX_CHARS:,}"):
        layers_picture(tokenizer, "a" * (MAX_CHARS + 1), PALETTES["light"])


def test_the_command_writes_svg_and_png_and_says_what_it_drew(tmp_path):
    svg = tmp_path / "layers.svg"
    done = bpelens("render", "-t", "demo-multilingual-byte", "--text", "Hello 世界",
                   "--view", "layers", "-o", str(svg), "--theme", "contrast")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    ids = load_demo("demo-multilingual-byte").encode_ids("Hello 世界")
    assert summary["tokens"] == len(ids) and summary["theme"] == "contrast"
    assert [int(g.get("data-token-id")) for g in chip_groups(svg.read_text("utf-8"))] == ids
    png = tmp_path / "frame.png"
    done = bpelens("render", "-t", "demo-multilingual-byte", "--text", "lowest newest",
                   "--view", "playback", "--step", "2", "-o", str(png), "--scale", "2")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    image = QImage(str(png))
    assert (image.width(), image.height()) == (summary["width"], summary["height"])
    for bad, message in ((["-o", str(tmp_path / "x.bmp")], "name an .svg or .png file"),
                         (["-o", str(png), "--step", "3"], "--step picks a playback frame"),
                         (["-o", str(png), "--scale", "20"], "--scale 20")):
        done = bpelens("render", "-t", "demo-multilingual-byte", "--text", "hi", *bad)
        assert done.returncode == 2 and message in done.stderr
        assert done.stderr.count("\n") == 1


def test_a_playback_animates_every_step_as_gif_apng_or_numbered_frames(tmp_path):
    from PIL import Image

    text = "lowest newest"
    tokenizer = load_demo("demo-multilingual-byte")
    steps = len(EncodingPlayback(tokenizer, tokenizer.encode(text, special="none",
                                                             trace=True)).text_steps)
    for name in ("play.gif", "play.apng"):
        done = bpelens("render", "-t", "demo-multilingual-byte", "--text", text, "--view",
                       "playback", "-o", str(tmp_path / name))
        assert done.returncode == 0, done.stderr
        image = Image.open(tmp_path / name)
        assert image.n_frames == steps + 1 == json.loads(done.stdout)["frames"]
        sizes = set()
        for frame in range(image.n_frames):
            image.seek(frame)
            sizes.add(image.size)
        assert len(sizes) == 1  # every frame the same size: nothing jumps on a slide
    done = bpelens("render", "-t", "demo-multilingual-byte", "--text", text, "--view",
                   "playback", "--frames", "-o", str(tmp_path / "frames"))
    assert done.returncode == 0, done.stderr
    files = sorted(p.name for p in (tmp_path / "frames").iterdir())
    assert files == [f"frame-{i:03d}.png" for i in range(steps + 1)]
    done = bpelens("render", "-t", "demo-multilingual-byte", "--text", text, "-o",
                   str(tmp_path / "x.gif"))
    assert done.returncode == 2 and "give --view playback" in done.stderr


def test_a_long_playback_is_sampled_keeping_its_first_and_last_step():
    from bpelens.app.pictures.animation import frame_steps

    assert frame_steps(5) == [0, 1, 2, 3, 4, 5]
    sampled = frame_steps(10_000, 400)
    assert len(sampled) == 400 and sampled[0] == 0 and sampled[-1] == 10_000
    assert sampled == sorted(set(sampled))


def test_the_shaped_picture_lays_out_right_to_left_text_from_the_right(qapp):
    tokenizer = load_demo("demo-multilingual-byte")
    text = "مرحبا بالعالم"
    picture = shaped_picture(tokenizer, text, PALETTES["light"], width=1200)
    chips = [c for c in picture.chips() if c.kind == "token"]
    assert [c.token_id for c in chips] == tokenizer.encode_ids(text)
    # Logical order runs from the right: each token's box starts left of the one before.
    words = [c for c in chips if c.box.w > 2]
    assert all(b.box.x < a.box.x for a, b in pairwise(words))


def test_an_animation_too_big_to_hold_is_refused_before_it_is_drawn(tmp_path, qapp):
    from bpelens.app.pictures.animation import MAX_ANIMATION_PIXELS, write_animation
    from bpelens.app.pictures.picture import Picture

    frame = Picture(2000, 2000, "#ffffff")
    frames = [frame] * (MAX_ANIMATION_PIXELS // (2000 * 2000) + 1)
    with pytest.raises(ConfigError, match="too much to animate"):
        write_animation(frames, tmp_path / "big.gif")
    assert not (tmp_path / "big.gif").exists()


def test_every_pattern_an_svg_fills_with_is_defined_in_it(tokenizer, qapp):
    # "猫" is three bytes the demo tokenizer cuts into two tokens: its cluster is striped.
    picture = shaped_picture(tokenizer, "A猫🙂 naïve", PALETTES["light"])
    root = ET.fromstring(picture.to_svg())
    defined = {p.get("id") for p in root.iter(f"{SVG}pattern")}
    used = {r.get("fill")[5:-1] for r in root.iter(f"{SVG}rect")
            if (r.get("fill") or "").startswith("url(#")}
    assert used and used <= defined
