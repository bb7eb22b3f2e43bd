"""Synthesize the game's sound effects into assets/sounds/*.wav (pure Python: array + wave).

    python tools/make_sounds.py            # writes assets/sounds/{card,piece,win,error,click,shuffle,fanfare}.wav
    python tools/make_sounds.py --out DIR  # somewhere else

16-bit mono at 22050 Hz, each well under a second. Deterministic: the noise comes from a
seeded random.Random, so running the script again writes identical files.
"""
from __future__ import annotations

import argparse
import array
import math
import random
import sys
import wave
from pathlib import Path

RATE = 22050
ROOT = Path(__file__).resolve().parent.parent


# Building blocks -----------------------------------------------------------------------------
def silence(seconds: float) -> list[float]:
    return [0.0] * int(round(seconds * RATE))


def noise(seconds: float, rng: random.Random) -> list[float]:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(round(seconds * RATE)))]


def biquad(samples: list[float], kind: str, freq: float, q: float = 0.707) -> list[float]:
    """RBJ cookbook filter: kind is 'lowpass', 'highpass' or 'bandpass'."""
    w0 = 2 * math.pi * freq / RATE
    cos_w, sin_w = math.cos(w0), math.sin(w0)
    alpha = sin_w / (2 * q)
    if kind == "lowpass":
        b0, b1, b2 = (1 - cos_w) / 2, 1 - cos_w, (1 - cos_w) / 2
    elif kind == "highpass":
        b0, b1, b2 = (1 + cos_w) / 2, -(1 + cos_w), (1 + cos_w) / 2
    elif kind == "bandpass":
        b0, b1, b2 = alpha, 0.0, -alpha
    else:
        raise ValueError(kind)
    a0, a1, a2 = 1 + alpha, -2 * cos_w, 1 - alpha
    b0, b1, b2, a1, a2 = b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0
    out = []
    x1 = x2 = y1 = y2 = 0.0
    for x in samples:
        y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        out.append(y)
        x2, x1, y2, y1 = x1, x, y1, y
    return out


def envelope(samples: list[float], attack: float, decay: float, hold: float = 0.0) -> list[float]:
    """Linear attack (s), optional hold (s), then exponential decay with time constant (s)."""
    a = max(1, int(attack * RATE))
    hd = int(hold * RATE)
    out = []
    for i, x in enumerate(samples):
        if i < a:
            g = i / a
        elif i < a + hd:
            g = 1.0
        else:
            g = math.exp(-(i - a - hd) / (decay * RATE))
        out.append(x * g)
    return out


def tone(freq: float, seconds: float, partials=((1, 1.0),), decay: float = 0.3,
         attack: float = 0.004, glide: float = 0.0) -> list[float]:
    """A sum of sine partials (multiple, amplitude) with an exponential decay; `glide` bends
    the pitch by that fraction over the sound."""
    n = int(round(seconds * RATE))
    out = []
    phase = 0.0
    for i in range(n):
        t = i / RATE
        f = freq * (1 + glide * t / seconds)
        phase += 2 * math.pi * f / RATE
        s = sum(amp * math.sin(mult * phase) for mult, amp in partials)
        out.append(s)
    return envelope(out, attack, decay)


def mix(*tracks, offsets=None) -> list[float]:
    offsets = offsets or [0.0] * len(tracks)
    length = max(int(round(o * RATE)) + len(t) for t, o in zip(tracks, offsets))
    out = [0.0] * length
    for track, off in zip(tracks, offsets):
        start = int(round(off * RATE))
        for i, x in enumerate(track):
            out[start + i] += x
    return out


def finish(samples: list[float], peak: float, fade: float = 0.01) -> list[float]:
    """Normalize to `peak` (0..1), fade the last `fade` seconds, remove any DC offset."""
    if not samples:
        return samples
    mean = sum(samples) / len(samples)
    samples = [x - mean for x in samples]
    top = max(abs(x) for x in samples) or 1.0
    samples = [x * peak / top for x in samples]
    n = min(len(samples), max(1, int(fade * RATE)))
    for k in range(n):
        samples[-1 - k] *= k / n
    return samples


def write_wav(path: Path, samples: list[float]) -> None:
    data = array.array("h", (max(-32767, min(32767, int(round(x * 32767)))) for x in samples))
    if sys.byteorder == "big":
        data.byteswap()
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(data.tobytes())


# The sounds ----------------------------------------------------------------------------------
def flick(rng: random.Random, length: float = 0.1, bright: float = 2000.0) -> list[float]:
    """One card sliding off another and landing: a breathy band of noise, then a soft tap."""
    slide = biquad(noise(length, rng), "bandpass", bright, 0.8)
    slide = biquad(biquad(slide, "highpass", 700), "lowpass", 6000)  # soft, not hissy
    n = len(slide)
    shaped = []
    for i, x in enumerate(slide):  # swell then fall
        t = i / n
        shaped.append(x * (math.sin(math.pi * min(1.0, t * 1.6)) ** 2 if t < 0.62 else
                           math.exp(-(t - 0.62) * 14)))
    tap = envelope(biquad(noise(0.03, rng), "lowpass", 1400), 0.001, 0.006)
    thump = tone(190, 0.04, decay=0.01, attack=0.001)
    return mix(shaped, [x * 0.9 for x in tap], [x * 0.25 for x in thump],
               offsets=[0.0, length * 0.55, length * 0.55])


def card(rng):
    return finish(flick(rng), 0.6, 0.015)


def piece(rng):
    """A wooden piece set down on a board: short resonant knocks plus a click."""
    body = tone(170, 0.2, partials=((1, 1.0),), decay=0.035, attack=0.0015)
    knock1 = tone(560, 0.2, partials=((1, 1.0),), decay=0.022, attack=0.001)
    knock2 = tone(1230, 0.2, partials=((1, 1.0),), decay=0.012, attack=0.001)
    knock3 = tone(2110, 0.2, partials=((1, 1.0),), decay=0.007, attack=0.001)
    click = envelope(biquad(noise(0.02, rng), "bandpass", 3000, 1.2), 0.0005, 0.002)
    return finish(mix([x * 0.8 for x in body], [x * 0.7 for x in knock1],
                      [x * 0.35 for x in knock2], [x * 0.2 for x in knock3],
                      [x * 0.5 for x in click]), 0.75, 0.03)


def win(rng):
    """A rising major arpeggio, C5 E5 G5 C6, in soft bell tones, the last one ringing."""
    bell = ((1, 1.0), (2, 0.28), (3, 0.08), (4.2, 0.03))
    notes = [(523.25, 0.0, 0.35), (659.25, 0.11, 0.35), (783.99, 0.22, 0.38),
             (1046.50, 0.33, 0.55)]
    tracks = [tone(f, 1.05 - start, bell, decay=d, attack=0.006) for f, start, d in notes]
    return finish(mix(*tracks, offsets=[s for _, s, _ in notes]), 0.55, 0.15)


def error(rng):
    """A short low buzz, twice: a soft square wave at 110 Hz."""
    square = ((1, 1.0), (3, 0.33), (5, 0.2), (7, 0.14), (9, 0.11))

    def buzz():
        b = tone(110, 0.11, square, decay=10.0, attack=0.006)
        n = len(b)
        return [x * min(1.0, (n - i) / (0.02 * RATE)) for i, x in enumerate(b)]

    b = biquad(mix(buzz(), buzz(), offsets=[0.0, 0.15]), "lowpass", 1400)
    return finish(b, 0.5, 0.01)


def click(rng):
    """A light tick for moving the focus in a menu."""
    t = tone(1900, 0.03, ((1, 1.0), (2.7, 0.2)), decay=0.005, attack=0.0005, glide=-0.35)
    return finish(t, 0.32, 0.005)


def shuffle(rng):
    """A riffle: a quick run of flicks of varying loudness, closing with a squaring tap."""
    tracks, offsets = [], []
    t = 0.0
    for _ in range(11):
        f = flick(rng, length=rng.uniform(0.035, 0.055), bright=rng.uniform(1800, 3000))
        loud = rng.uniform(0.45, 1.0)
        tracks.append([x * loud for x in f])
        offsets.append(t)
        t += rng.uniform(0.032, 0.048)
    tap = envelope(biquad(noise(0.05, rng), "lowpass", 900), 0.001, 0.012)
    tracks.append([x * 1.4 for x in tap])
    offsets.append(t + 0.06)
    return finish(mix(*tracks, offsets=offsets), 0.55, 0.02)


def fanfare(rng):
    """The end of a match: a short brass call, G4 C5 E5 then a held G5 over a C major chord,
    with a bright sparkle of high bells as it lands."""
    brass = ((1, 1.0), (2, 0.55), (3, 0.35), (4, 0.2), (5, 0.12), (6, 0.06))
    calls = [(392.00, 0.0, 0.16, 0.09), (523.25, 0.13, 0.16, 0.09), (659.25, 0.26, 0.16, 0.09),
             (783.99, 0.40, 0.95, 0.45)]
    tracks, offsets = [], []
    for freq, start, length, decay in calls:
        note = tone(freq, length, brass, decay=decay, attack=0.018)
        tracks.append(biquad(note, "lowpass", 3200))
        offsets.append(start)
    for freq in (261.63, 329.63, 392.00):            # the chord under the held note
        tracks.append([x * 0.35 for x in biquad(tone(freq, 0.9, brass, decay=0.4, attack=0.03), "lowpass", 2000)])
        offsets.append(0.40)
    bell = ((1, 1.0), (2.76, 0.3), (5.4, 0.1))
    for index, freq in enumerate((2093.0, 2637.0, 3136.0, 4186.0)):
        tracks.append([x * 0.18 for x in tone(freq, 0.5, bell, decay=0.12, attack=0.002)])
        offsets.append(0.42 + index * 0.06 + rng.uniform(0.0, 0.02))
    return finish(mix(*tracks, offsets=offsets), 0.55, 0.12)


SOUNDS = {"card": card, "piece": piece, "win": win, "error": error, "click": click,
          "shuffle": shuffle, "fanfare": fanfare}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "assets" / "sounds"))
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for seed, (name, make) in enumerate(SOUNDS.items()):
        samples = make(random.Random(1000 + seed))
        path = out / f"{name}.wav"
        write_wav(path, samples)
        print(f"{path}  {len(samples) / RATE:.2f} s  {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
