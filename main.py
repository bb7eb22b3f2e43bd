"""Spelavond: start the game collection.

    python main.py [--fullscreen | --windowed] [--couch] [--size WxH] [--continue]
    python main.py --headless --frames N [--scene NAME] [--screenshot FILE] [--seed S]
    python main.py --scene game:GAME --seats hard,normal,...   (a game of those seats: computers alone is a demo)
    python main.py --scene game:GAME --phones 0,2   (those seats played from phones; prints their addresses)
    python main.py --headless --frames N --continue

--continue opens the saved game directly, as Continue on the title screen does (a damaged
save is set aside and reported the same way, and the title screen goes on).

Scenes for --scene: title, settings, stats, recent, setup:GAME, game:GAME, pause:GAME, rules:GAME,
review:GAME (the newest kept record of GAME; without one, a game of random moves), learn:GAME
(its guided first game).
Installed (pip or pipx), this file is `spelavond/main.py` and the `spelavond` command runs
`main()`.
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Installed, `game` and `ai` sit beside this file inside site-packages/spelavond/ (not as
# top-level names of their own): this folder goes first on the path so they import by their
# plain names. Run from the source folder, it already is first.
HERE = os.path.dirname(os.path.abspath(__file__))
if sys.path[:1] != [HERE]:
    sys.path.insert(0, HERE)

from game.base import MAX_SEED  # noqa: E402  (pure Python: no pygame is loaded here)
from game.phones.views import GAMES as PHONE_GAMES  # noqa: E402  (pure as well)
from game.record import SEAT_KINDS  # noqa: E402


def parse_seats(text: str) -> list[str]:
    seats = [part.strip() for part in text.split(",")]
    wrong = [seat for seat in seats if seat not in SEAT_KINDS]
    if wrong:
        raise argparse.ArgumentTypeError(f"{wrong[0]!r} is not a seat; each seat is one of {', '.join(SEAT_KINDS)}")
    return seats


def parse_phone_seats(text: str) -> list[int]:
    from game.phones.views import parse_phones
    try:
        seats = parse_phones(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if not seats:
        raise argparse.ArgumentTypeError("name at least one seat, such as 0,2")
    return seats


def parse_args(argv):
    from game.app import parse_size
    parser = argparse.ArgumentParser(prog="spelavond", description="Spelavond: Dutch and Flemish table games.")
    screen = parser.add_mutually_exclusive_group()
    screen.add_argument("--fullscreen", dest="fullscreen", action="store_true", default=None, help="start in fullscreen")
    screen.add_argument("--windowed", dest="fullscreen", action="store_false", help="start in a window")
    parser.add_argument("--couch", action="store_true", help="couch mode: fullscreen, larger UI, gamepad legends")
    parser.add_argument("--size", type=parse_size, help="window size, such as 1280x720")
    parser.add_argument("--headless", action="store_true", help="no display and no sound (tests, screenshots)")
    parser.add_argument("--frames", type=int, help="stop after this many frames")
    parser.add_argument("--scene", help="open this screen first (title, settings, stats, recent, setup:GAME, "
                                        "game:GAME, pause:GAME, rules:GAME, review:GAME, learn:GAME)")
    parser.add_argument("--screenshot", help="write the last frame to this PNG file")
    parser.add_argument("--continue", dest="resume", action="store_true",
                        help="open the saved game directly, as Continue on the title screen does")
    parser.add_argument("--seed", type=int, help="game number for --scene game:GAME")
    parser.add_argument("--seats", type=parse_seats,
                        help=f"who sits at each seat for --scene game:GAME, one of {', '.join(SEAT_KINDS)} per seat, "
                             "such as hard,normal,human,easy (4 Koningen: hard is its helper playing)")
    parser.add_argument("--phones", type=parse_phone_seats,
                        help="with --scene game:GAME (Kingen, Keezen, Kings Corners): these seats, such as 0,2, "
                             "are played from phones on the home network; each seat's address is printed "
                             "as 'seat N: http://...' (the other seats are computers unless --seats says)")
    parser.add_argument("--data-dir", help="folder for settings, statistics and the saved game")
    args = parser.parse_args(argv)
    if args.frames is not None and args.frames < 1:
        parser.error("--frames must be at least 1")
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        parser.error(f"--seed must be a game number from 0 to {MAX_SEED}")
    if args.resume and args.scene:
        parser.error("--continue opens the saved game: it cannot be combined with --scene")
    if args.seats is not None and not (args.scene or "").startswith("game:"):
        parser.error("--seats sets the seats of a new game: use it with --scene game:GAME")
    if args.phones is not None:
        kind, _, game = (args.scene or "").partition(":")
        if kind not in ("game", "pause") or game not in PHONE_GAMES:
            parser.error(f"--phones seats a new game of {', '.join(PHONE_GAMES)}: use it with --scene game:GAME")
        seats = list(args.seats) if args.seats is not None else ["normal"] * 4
        if max(args.phones) >= len(seats):
            parser.error(f"--phones names seat {max(args.phones)}, but the game has seats 0 to {len(seats) - 1}")
        for seat in args.phones:
            seats[seat] = "phone"
        args.seats = seats
    if args.resume and args.seed is not None:
        parser.error("--continue resumes the saved game with its own game number: leave out --seed")
    return args


def main(argv=None) -> int:
    multiprocessing.freeze_support()
    args = parse_args(sys.argv[1:] if argv is None else argv)
    from game.app import App, LaunchOptions, NoDisplay, open_scene

    options = LaunchOptions(fullscreen=True if args.couch else args.fullscreen, couch=args.couch,
                            headless=args.headless, frames=args.frames, scene=args.scene,
                            screenshot=args.screenshot, seed=args.seed, size=args.size, data_dir=args.data_dir)
    try:
        app = App(options)
    except NoDisplay as error:
        print(f"spelavond: {error}", file=sys.stderr)
        return 1
    try:
        open_scene(app, args.scene, args.seed, args.resume, args.seats)
    except (ValueError, OSError) as error:
        print(f"spelavond: {error}", file=sys.stderr)
        app.close()
        return 2
    phones = next((scene.phones for scene in app.scenes if getattr(scene, "phones", None) is not None), None)
    if args.phones is not None and phones is None:
        print("spelavond: the phones' server could not start (see above)", file=sys.stderr)
        app.close()
        return 2
    if phones is not None:     # one line a seat, for the players (and scripts) to open
        for seat, url in phones.urls().items():
            print(f"seat {seat}: {url}", flush=True)
    return app.run()


if __name__ == "__main__":
    sys.exit(main())
