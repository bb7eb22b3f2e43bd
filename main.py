"""Spelavond: start the game collection.

    python main.py [--fullscreen | --windowed] [--couch] [--size WxH] [--continue]
    python main.py --headless --frames N [--scene NAME] [--screenshot FILE] [--seed S]
    python main.py --headless --frames N --continue

--continue opens the saved game directly, as Continue on the title screen does (a damaged
save is set aside and reported the same way, and the title screen goes on).

Scenes for --scene: title, settings, stats, setup:GAME, game:GAME, pause:GAME, rules:GAME.
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


def parse_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}") from None
    if width < 320 or height < 240 or width > 16384 or height > 16384:
        raise argparse.ArgumentTypeError(f"size {text} is out of range (320x240 to 16384x16384)")
    return width, height


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="spelavond", description="Spelavond: Dutch and Flemish table games.")
    screen = parser.add_mutually_exclusive_group()
    screen.add_argument("--fullscreen", dest="fullscreen", action="store_true", default=None, help="start in fullscreen")
    screen.add_argument("--windowed", dest="fullscreen", action="store_false", help="start in a window")
    parser.add_argument("--couch", action="store_true", help="couch mode: fullscreen, larger UI, gamepad legends")
    parser.add_argument("--size", type=parse_size, help="window size, such as 1280x720")
    parser.add_argument("--headless", action="store_true", help="no display and no sound (tests, screenshots)")
    parser.add_argument("--frames", type=int, help="stop after this many frames")
    parser.add_argument("--scene", help="open this screen first (title, settings, stats, setup:GAME, game:GAME, pause:GAME, rules:GAME)")
    parser.add_argument("--screenshot", help="write the last frame to this PNG file")
    parser.add_argument("--continue", dest="resume", action="store_true",
                        help="open the saved game directly, as Continue on the title screen does")
    parser.add_argument("--seed", type=int, help="game number for --scene game:GAME")
    parser.add_argument("--data-dir", help="folder for settings, statistics and the saved game")
    args = parser.parse_args(argv)
    if args.frames is not None and args.frames < 1:
        parser.error("--frames must be at least 1")
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        parser.error(f"--seed must be a game number from 0 to {MAX_SEED}")
    if args.resume and args.scene:
        parser.error("--continue opens the saved game: it cannot be combined with --scene")
    if args.resume and args.seed is not None:
        parser.error("--continue resumes the saved game with its own game number: leave out --seed")
    return args


def open_scene(app, name: str | None, seed: int | None, resume: bool = False) -> None:
    """Put the requested screen on the stack (above the title screen); `resume` presses
    Continue on the title screen."""
    from game import registry
    from game.menu.title import TitleScene

    app.push(TitleScene(app))
    if resume:
        from game.ui.game_scene import continue_game
        continue_game(app)
        return
    if not name or name == "title":
        return
    kind, _, game = name.partition(":")
    if kind == "settings":
        from game.menu.settings import SettingsScene
        app.push(SettingsScene(app))
    elif kind == "stats":
        from game.menu.stats import StatsScene
        app.push(StatsScene(app))
    elif kind in ("setup", "game", "pause", "rules"):
        info = registry.game(game)
        if not info.playable():
            raise ValueError(f"{game} cannot be played yet")
        if kind == "setup":
            from game.menu.setup import SetupScene
            app.push(SetupScene(app, game))
            return
        from game.menu.setup import clean_setup
        from game.ui.game_scene import start_game
        start_game(app, game, clean_setup(info, app.store.last_setup(game)), seed if seed is not None else 1)
        if kind == "pause":
            from game.ui import input as inp
            app.top.handle(inp.Action(inp.MENU, inp.KEYBOARD))
        elif kind == "rules":
            from game.menu.rules_help import RulesOverlay
            app.push(RulesOverlay(app, game))
    else:
        raise ValueError(f"unknown scene {name!r}")


def main(argv=None) -> int:
    multiprocessing.freeze_support()
    args = parse_args(sys.argv[1:] if argv is None else argv)
    from game.app import App, LaunchOptions, NoDisplay

    options = LaunchOptions(fullscreen=True if args.couch else args.fullscreen, couch=args.couch,
                            headless=args.headless, frames=args.frames, scene=args.scene,
                            screenshot=args.screenshot, seed=args.seed, size=args.size, data_dir=args.data_dir)
    try:
        app = App(options)
    except NoDisplay as error:
        print(f"spelavond: {error}", file=sys.stderr)
        return 1
    try:
        open_scene(app, args.scene, args.seed, args.resume)
    except ValueError as error:
        print(f"spelavond: {error}", file=sys.stderr)
        app.close()
        return 2
    return app.run()


if __name__ == "__main__":
    sys.exit(main())
