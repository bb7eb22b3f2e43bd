"""Frame-time benchmark: `python -m game.bench [--seconds S] [--size WxH]`.

Drives every screen headless at 1920x1080 for a few seconds each and prints per screen the
median, p99 and max time of one frame (events + fixed updates + drawing). Game screens run
with computer players in every seat, so the worker process is thinking while frames are
measured. An end screen (result:GAME) is measured from its first frame, so its winner's
celebration (about two seconds) is among the frames. The 60 Hz budget is 16.7 ms; the
target is p99 under 8 ms. Wall-clock times suffer when other programs load the machine; the
CPU time this process spent on each frame (`cpu` columns) is the steadier figure then.

`--parts` shows where the slowest frames go: for the slowest 2% of frames (by CPU) the
mean CPU ms spent repainting a table's cached layer (what changes with a move), drawing card
faces ahead of need (the face warmer) and the rest, and how many frames repainted a layer.
`--against DIR` measures another checkout of the game (a `git worktree` of an older
version) in the same run: each screen alternately there and here, `--rounds` times, each in
a fresh process, and prints both, so a change is judged on one machine under one load.
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
    table_draw.CachedLayer.get, table_draw.FaceWarmer.step = get, step
    try:
        yield parts
    finally:
        table_draw.CachedLayer.get, table_draw.FaceWarmer.step = real_get, real_step


def measure(name: str, seconds: float, size: tuple[int, int], parts: list | None = None) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of each frame of screen `name`; with a list `parts`, each frame's
    parts (see `timing_parts`) are appended to it."""
    from game import registry
    from game.app import App, LaunchOptions, open_scene

    app = App(LaunchOptions(headless=True, size=size, data_dir=tempfile.mkdtemp(prefix="spelavond-bench-")))
    kind, _, game = name.partition(":")
    if kind == "game":  # every seat a computer: the worker thinks while frames are drawn
        info = registry.game(game)
        players = max(info.seats)
        app.store.settings["last_setup"][game] = {"players": players, "seats": ["hard"] * players}
        app.store.settings["computer_pace"] = "fast"
    if kind == "result":
        finish_game(app, game)
    else:
        open_scene(app, name, 1)
    times, cpu_times, frame_parts = [], [], {}
    try:
        with timing_parts(frame_parts) if parts is not None else contextlib.nullcontext():
            deadline = time.perf_counter() + seconds
            while time.perf_counter() < deadline:
                frame_parts.clear()
                started, cpu_started = time.perf_counter(), time.process_time()
                app.tick(1 / 60)
                times.append(time.perf_counter() - started)
                cpu_times.append(time.process_time() - cpu_started)
                if parts is not None:
                    parts.append(dict(frame_parts))
                if not app.scenes:
                    break
                time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - started)))  # a 60 Hz display
    finally:
        app.close()
    return times, cpu_times


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


HEADER = f"{'screen':<26}{'frames':>8}{'median ms':>11}{'p99 ms':>9}{'max ms':>9}{'cpu median':>12}{'cpu p99':>9}"


def row(label: str, times: list[float], cpu_times: list[float]) -> str:
    times, cpu_times = sorted(times), sorted(cpu_times)
    return (f"{label:<26}{len(times):>8}{statistics.median(times) * 1000:>11.2f}{percentile(times, 99) * 1000:>9.2f}"
            f"{times[-1] * 1000:>9.2f}{statistics.median(cpu_times) * 1000:>12.2f}{percentile(cpu_times, 99) * 1000:>9.2f}")


def parts_row(cpu_times: list[float], parts: list[dict]) -> str:
    """Where the slowest 2% of the frames (by CPU) went, in mean CPU ms."""
    slow = sorted(range(len(cpu_times)), key=lambda index: -cpu_times[index])[:max(1, len(cpu_times) // 50)]

    def mean(values):
        return sum(values) / len(slow) * 1000
    layer = mean(parts[index].get("layer", 0.0) for index in slow)
    warm = mean(parts[index].get("warm", 0.0) for index in slow)
    total = mean(cpu_times[index] for index in slow)
    repaints = sum(1 for frame in parts if frame.get("layer"))
    return (f"{'':<4}slowest {len(slow)}: cpu {total:.2f} ms = layer repaint {layer:.2f} + faces ahead {warm:.2f}"
            f" + the rest {total - layer - warm:.2f}; {repaints} of {len(parts)} frames repainted a layer")


def measure_elsewhere(folder: str, name: str, seconds: float, size: str) -> tuple[list[float], list[float]]:
    """The frames of screen `name` measured in a fresh process with the game in `folder`
    (this benchmark's code, the other checkout's game)."""
    env = dict(os.environ, PYTHONPATH=os.path.abspath(folder))
    done = subprocess.run([sys.executable, os.path.abspath(__file__), "--raw", name, "--seconds", str(seconds),
                           "--size", size], cwd=folder, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"measuring {name} in {folder} failed:\n{done.stderr[-2000:]}")
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return found["times"], found["cpu"]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--only", help="measure only screens whose name contains this")
    parser.add_argument("--parts", action="store_true", help="where the slowest frames go")
    parser.add_argument("--against", metavar="DIR", help="also measure the game in DIR (another checkout), alternately")
    parser.add_argument("--rounds", type=int, default=2, help="with --against: runs of each screen in each checkout")
    parser.add_argument("--raw", metavar="SCREEN", help=argparse.SUPPRESS)   # one screen's frames as JSON
    args = parser.parse_args(argv)
    from game.app import parse_size
    size = parse_size(args.size)
    if args.raw:
        times, cpu_times = measure(args.raw, args.seconds, size)
        print(json.dumps({"times": times, "cpu": cpu_times}))
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
            runs = {args.against: ([], []), here: ([], [])}
            for _ in range(max(1, args.rounds)):
                for folder, (times, cpu_times) in runs.items():
                    more_times, more_cpu = measure_elsewhere(folder, name, args.seconds, args.size)
                    times += more_times
                    cpu_times += more_cpu
            print(row(name + " (against)", *runs[args.against]))
            print(row(name, *runs[here]))
            continue
        parts = [] if args.parts else None
        times, cpu_times = measure(name, args.seconds, size, parts)
        if not times:
            continue
        print(row(name, times, cpu_times))
        if parts is not None:
            print(parts_row(cpu_times, parts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
