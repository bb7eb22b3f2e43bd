"""Frame-time benchmark: `python -m game.bench [--seconds S | --frames N] [--size WxH] [--couch]`.

Drives every screen headless at 1920x1080 (or WxH, or in couch mode) for a few seconds each (or
`--frames N` frames each) and prints per screen the CPU time this process spent on one frame
(events + fixed updates + drawing): the median, the p99, their ratio, how many frames after the
screen's first second (its first 60 frames: each frame moves the screen on by 1/60 s) went over
the 16.7 ms of a 60 Hz display, and the first frame; then the wall-clock median and p99, which
suffer when other programs load the machine. Game screens run with computer players in every
seat at the fast pace, so the worker process is thinking while frames are measured. An end screen
(result:GAME) is measured from its first frame, so its winner's celebration (about two seconds)
is among the frames. The goal (issue 34): p99 at most twice the median, no frame
over 16.7 ms after the first second, a game's first frame within 30 ms.

`--parts` shows where the slowest frames go: for the slowest 2% of frames (by CPU) the
mean CPU ms spent repainting a table's cached layer (what changes with a move), drawing card
faces ahead of need (the face warmer) and the rest, and how many frames repainted a layer.
`--against DIR` measures another checkout of the game (a `git worktree` of an older
version) in the same run: each screen alternately there and here, `--rounds` times, each in
a fresh process, and prints both, so a change is judged on one machine under one load.
On a loaded machine a screen gets fewer frames in its seconds, and so less of its game (a
frame moves it on by 1/60 s however long it took): `--frames` gives each screen as many frames,
and as many moves, whatever the load.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def screens() -> list[str]:
    from game import registry
    from game.lesson import lesson_of
    names = ["title", "settings", "stats", "recent"]
    for info in registry.playable_games():
        names += [f"setup:{info.name}", f"game:{info.name}", f"rules:{info.name}", f"review:{info.name}",
                  f"result:{info.name}"]
        if lesson_of(info.name) is not None:
            names.append(f"learn:{info.name}")
    return names


@contextlib.contextmanager
def timing_parts(parts: dict):
    """While inside: the CPU seconds of this frame spent repainting cached layers ("layer")
    and drawing card faces ahead of need ("warm") add up in `parts`."""
    from game.ui.table import draw as table_draw
    real_get, real_step = table_draw.CachedLayer.get, table_draw.FaceWarmer.step
    real_pieces = table_draw.PieceLayer.get

    def pieces(layer, size, key, compose):
        if key == layer.key:
            return real_pieces(layer, size, key, compose)
        started = time.process_time()
        try:
            return real_pieces(layer, size, key, compose)
        finally:
            parts["layer"] = parts.get("layer", 0.0) + time.process_time() - started

    def get(layer, size, key, paint):
        def timed(surface):
            started = time.process_time()
            paint(surface)
            parts["layer"] = parts.get("layer", 0.0) + time.process_time() - started
        return real_get(layer, size, key, timed)

    def step(warmer, *args, **kwargs):
        started = time.process_time()
        try:
            return real_step(warmer, *args, **kwargs)
        finally:
            parts["warm"] = parts.get("warm", 0.0) + time.process_time() - started
    table_draw.CachedLayer.get, table_draw.FaceWarmer.step, table_draw.PieceLayer.get = get, step, pieces
    try:
        yield parts
    finally:
        table_draw.CachedLayer.get, table_draw.FaceWarmer.step, table_draw.PieceLayer.get = real_get, real_step, real_pieces


BUDGET = 1 / 60     # one frame of a 60 Hz display
SETTLING = 1.0      # a screen's first second (of its own time: a frame moves it on by 1/60 s), in which a frame may overrun


def measure(name: str, seconds: float, size: tuple[int, int], couch: bool = False, parts: list | None = None,
            frames: int = 0) -> dict:
    """The frames of screen `name` for `seconds` (or, given, `frames` frames): {"times": wall
    seconds, "cpu": CPU seconds, "starts": the screen's own time when it began (1/60 s a frame)}
    per frame; with a list `parts`, each frame's parts (see `timing_parts`) are appended to it."""
    from game import registry
    from game.app import App, LaunchOptions, open_scene

    app = App(LaunchOptions(headless=True, size=size, couch=couch, data_dir=tempfile.mkdtemp(prefix="spelavond-bench-")))
    kind, _, game = name.partition(":")
    if not app.options.no_worker:
        _ = app.worker     # started while the title screen shows, as `App.run` does
    if kind == "game":  # every seat a computer: the worker thinks while frames are drawn
        info = registry.game(game)
        players = max(info.seats)
        app.store.settings["last_setup"][game] = {"players": players, "seats": ["hard"] * players}
        app.store.settings["computer_pace"] = "fast"
    if kind == "result":
        finish_game(app, game)
    else:
        open_scene(app, name, 1)
    times, cpu_times, starts, frame_parts = [], [], [], {}
    try:
        with timing_parts(frame_parts) if parts is not None else contextlib.nullcontext():
            opened = time.perf_counter()
            deadline = opened + seconds
            while len(times) < frames if frames else time.perf_counter() < deadline:
                frame_parts.clear()
                started, cpu_started = time.perf_counter(), time.process_time()
                app.tick(1 / 60)
                starts.append(len(starts) * BUDGET)
                times.append(time.perf_counter() - started)
                cpu_times.append(time.process_time() - cpu_started)
                if parts is not None:
                    parts.append(dict(frame_parts))
                if not app.scenes:
                    break
                time.sleep(max(0.0, BUDGET - (time.perf_counter() - started)))  # a 60 Hz display
    finally:
        app.close()
    return {"times": times, "cpu": cpu_times, "starts": starts}


def finish_game(app, game: str) -> None:
    """A game of random moves (you in the first seat) played to its end, its end screen on top
    with the winner's celebration about to begin: it runs during the first frames measured."""
    import random

    from game import registry
    from game.app import open_scene
    from game.ui.endings import EndScreen
    players = max(registry.game(game).seats)
    app.store.settings["last_setup"][game] = {"players": players, "seats": ["human"] + ["random"] * (players - 1)}
    open_scene(app, f"game:{game}", 1)
    scene, rng = app.top, random.Random(1)
    while not scene.state.is_over():     # straight through the rules and the record: no saves, no motion
        move = rng.choice(scene.state.legal_moves())
        scene.state.play(move)
        scene.record.add(move)
    scene.version += 1
    scene.keeping.game_ended()
    scene.motion.sync()
    scene.finish.show()
    scene.finish.shown = True
    assert isinstance(app.top, EndScreen)


def percentile(ordered: list[float], p: float) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))]


HEADER = (f"{'screen':<26}{'frames':>7}{'cpu median':>11}{'cpu p99':>9}{'p99/med':>8}{'over 16.7':>10}"
          f"{'first':>8}{'wall median':>12}{'wall p99':>9}")


def row(label: str, frames: dict) -> str:
    """One screen's line of the table (CPU ms unless said): the median and p99 of the frames
    after the first, which has a column of its own (`first`); `over 16.7`: the frames after the
    first second (`SETTLING`) whose CPU time went over a 60 Hz frame."""
    times, cpu_times = sorted(frames["times"][1:] or frames["times"]), sorted(frames["cpu"][1:] or frames["cpu"])
    median, p99 = statistics.median(cpu_times), percentile(cpu_times, 99)
    over = sum(1 for cpu, start in zip(frames["cpu"], frames["starts"]) if start >= SETTLING and cpu > BUDGET)
    return (f"{label:<26}{len(times):>7}{median * 1000:>11.2f}{p99 * 1000:>9.2f}{p99 / median:>8.2f}{over:>10}"
            f"{frames['cpu'][0] * 1000:>8.1f}{statistics.median(times) * 1000:>12.2f}{percentile(times, 99) * 1000:>9.2f}")


def parts_row(cpu_times: list[float], parts: list[dict]) -> str:
    """Where the slowest 2% of the frames after the first (by CPU) went, in mean CPU ms."""
    slow = sorted(range(1, len(cpu_times)), key=lambda index: -cpu_times[index])[:max(1, len(cpu_times) // 50)]

    def mean(values):
        return sum(values) / len(slow) * 1000
    layer = mean(parts[index].get("layer", 0.0) for index in slow)
    warm = mean(parts[index].get("warm", 0.0) for index in slow)
    total = mean(cpu_times[index] for index in slow)
    repaints = sum(1 for frame in parts[1:] if frame.get("layer"))
    return (f"{'':<4}slowest {len(slow)}: cpu {total:.2f} ms = layer repaint {layer:.2f} + faces ahead {warm:.2f}"
            f" + the rest {total - layer - warm:.2f}; {repaints} of {len(parts) - 1} frames after the first repainted a layer")


def measure_elsewhere(folder: str, name: str, seconds: float, size: str, couch: bool, frames: int = 0) -> dict:
    """The frames of screen `name` (as `measure` gives them) measured in a fresh process with the
    game in `folder` (this benchmark's code, the other checkout's game)."""
    env = dict(os.environ, PYTHONPATH=os.path.abspath(folder))
    command = [sys.executable, os.path.abspath(__file__), "--raw", name, "--seconds", str(seconds), "--size", size,
               "--frames", str(frames)]
    done = subprocess.run(command + (["--couch"] if couch else []), cwd=folder, env=env, capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"measuring {name} in {folder} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def joined(runs: list[dict]) -> dict:
    """Several runs of one screen as one: their frames together, the first frame the slowest
    first frame of them (a screen opens once per run)."""
    slowest = max(runs, key=lambda found: found["cpu"][0])
    rest = [found for found in runs if found is not slowest]
    return {key: slowest[key] + [value for found in rest for value in found[key]] for key in ("times", "cpu", "starts")}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--frames", type=int, default=0, help="measure this many frames of each screen instead")
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--couch", action="store_true", help="in couch mode")
    parser.add_argument("--only", help="measure only screens whose name contains this")
    parser.add_argument("--parts", action="store_true", help="where the slowest frames go")
    parser.add_argument("--against", metavar="DIR", help="also measure the game in DIR (another checkout), alternately")
    parser.add_argument("--rounds", type=int, default=2, help="with --against: runs of each screen in each checkout")
    parser.add_argument("--raw", metavar="SCREEN", help=argparse.SUPPRESS)   # one screen's frames as JSON
    args = parser.parse_args(argv)
    from game.app import parse_size
    size = parse_size(args.size)
    if args.raw:
        print(json.dumps(measure(args.raw, args.seconds, size, args.couch, frames=args.frames)))
        return 0
    if args.against and not os.path.isdir(os.path.join(args.against, "game")):
        print(f"--against {args.against}: no checkout of the game there (no game folder)")
        return 2
    print(HEADER)
    for name in screens():
        if args.only and args.only not in name:
            continue
        if args.against:
            here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
            runs = {args.against: [], here: []}
            for _ in range(max(1, args.rounds)):
                for folder, found in runs.items():
                    found.append(measure_elsewhere(folder, name, args.seconds, args.size, args.couch, args.frames))
            print(row(name + " (against)", joined(runs[args.against])))
            print(row(name, joined(runs[here])))
            continue
        parts = [] if args.parts else None
        frames = measure(name, args.seconds, size, args.couch, parts, args.frames)
        if not frames["times"]:
            continue
        print(row(name, frames))
        if parts is not None:
            print(parts_row(frames["cpu"], parts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
