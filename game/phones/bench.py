"""Phone seats, measured: `python -m game.phones.bench [--seconds S] [--size WxH]`.

Plays Kingen headless at 1920x1080 in real time (a frame every 1/60 s, drawn), twice:
- "computers": four computer seats (the worker process) at the fast pace;
- "phones": four phone seats, each a WebSocket client on the loopback address (aiohttp, in a
  process of its own, as a phone is another machine) that taps a legal card
  `--think` seconds after its turn shows,
alternately `--rounds` times, and prints per run the median, p99 and max time of one frame
(events, updates, drawing, as game/bench.py counts them; the first second is left out), the
CPU ms of the game's process per frame (median and p99; the server's thread included: it is
the steadier figure on a loaded machine), and for the phones
the time from a tap leaving the phone to the move played on the TV's table (the card starts
to fly in that frame): median and worst.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import statistics
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SPELAVOND_PHONE_HOST", "127.0.0.1")


def robots(urls: dict, think: float, stop, results) -> None:
    """Phones, in a process of their own (a phone is another machine: its work must not count
    as the game's): each taps a legal move `think` seconds after its turn shows; the send
    time of each tap, by the version it answers, goes to `results` when `stop` is set."""
    import aiohttp
    rng, sent = random.Random(1), {}

    async def phone(session, url):
        async with session.ws_connect(url.rstrip("/") + "/ws") as ws:
            async for message in ws:
                data = json.loads(message.data)
                if data.get("type") != "state":
                    continue
                if data["turn"] and data["moves"]:
                    await asyncio.sleep(think)
                    move = rng.choice(data["moves"])
                    sent[data["version"]] = time.monotonic()
                    await ws.send_str(json.dumps({"type": "move", "code": move["code"], "version": data["version"]}))
                elif data["next"]:
                    await ws.send_str(json.dumps({"type": "next"}))

    async def main():
        async with aiohttp.ClientSession() as session:
            tasks = [asyncio.ensure_future(phone(session, url)) for url in urls.values()]
            while not stop.is_set():
                await asyncio.sleep(0.05)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(main())
    results.put(sent)


def run(kind: str, seconds: float, size, think: float) -> dict:
    from game.app import App, LaunchOptions, open_scene
    from game.play import start_game
    app = App(LaunchOptions(headless=True, size=size, data_dir=tempfile.mkdtemp(prefix="spelavond-bench-")))
    app.store.settings["computer_pace"] = "fast"
    app.store.settings["animation_speed"] = "fast"
    open_scene(app, "title", None)
    seats = ["phone"] * 4 if kind == "phones" else ["normal"] * 4
    start_game(app, "kingen", {"players": 4, "seats": seats, "options": {}}, 7)
    scene = app.top
    stop, results, phones = multiprocessing.Event(), multiprocessing.Queue(), None
    if kind == "phones":
        phones = multiprocessing.Process(target=robots, args=(scene.phones.urls(), think, stop, results), daemon=True)
        phones.start()
        scene.phones.show_codes = False
    frames, cpu = [], []
    start = time.monotonic()
    step = 1 / 60
    next_frame = start
    try:
        while time.monotonic() - start < seconds and app.top is scene:
            began, began_cpu = time.perf_counter(), time.process_time()
            app.tick(step)
            frames.append((time.perf_counter() - began) * 1000)
            cpu.append((time.process_time() - began_cpu) * 1000)
            next_frame += step
            pause = next_frame - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            else:
                next_frame = time.monotonic()
        latency = []
        if phones is not None:
            stop.set()
            sent = results.get(timeout=30)
            phones.join(10)
            for applied, version in scene.phones.applied:
                if version - 1 in sent:
                    latency.append((applied - sent[version - 1]) * 1000)
        moves = len(scene.record.moves)
    finally:
        stop.set()
        app.close()
    frames, cpu = sorted(frames[60:]), sorted(cpu[60:])
    return {"kind": kind, "frames": len(frames), "moves": moves, "median": statistics.median(frames),
            "p99": frames[int(len(frames) * 0.99) - 1], "max": frames[-1], "cpu": statistics.median(cpu),
            "cpu99": cpu[int(len(cpu) * 0.99) - 1], "latency": latency}


def main(argv=None) -> int:
    from game.app import parse_size
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--size", type=parse_size, default=(1920, 1080))
    parser.add_argument("--think", type=float, default=0.4, help="a robot phone's seconds before it taps")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args(argv)
    for kind in ("computers", "phones") * args.rounds:
        result = run(kind, args.seconds, args.size, args.think)
        line = (f"{kind:9}  {result['frames']} frames, {result['moves']} moves  frame ms: median "
                f"{result['median']:.2f}  p99 {result['p99']:.2f}  max {result['max']:.2f}  "
                f"cpu ms: median {result['cpu']:.2f}  p99 {result['cpu99']:.2f}")
        if result["latency"]:
            latency = sorted(result["latency"])
            line += (f"\n           tap to the card moving on the TV ({len(latency)} taps): median "
                     f"{statistics.median(latency):.1f} ms, worst {latency[-1]:.1f} ms")
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
