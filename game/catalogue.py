"""Every screen a player can meet, as data: the screen catalogue.

`SCREENS` lists named screen states, each built from a menu's name, a game number and the
moves that lead there (random legal moves from a seed, up to a condition), or a step of a
guided first game; a new screen is one line. The checks in tests/test_catalogue.py run over
every one of them (what covers what, the status line's words, a lesson's pointer, text fit);

    python -m game.catalogue --out screens

renders each at 960x540, 1920x1080 and in couch mode, in every language the game speaks, into
that folder, with `index.html` there: a contact sheet grouped by game and screen, linking the
phone seat's pages (photographed in Chromium into `phones/`; `--no-phones` leaves them out). `--only WORD`
renders the screens whose name holds WORD; `--sizes` and `--languages` choose fewer.

A lesson's steps are reached as a player reaches them: by clicking wherever its pointer
points (a words-only step by Confirm), so building them is the pointer check itself: `Walk`
counts each click the game refused and each step the pointer could not lead through.
"""
from __future__ import annotations

import argparse
import html
import json
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from game import registry
from game.base import IllegalMove
from game.lesson import Free, Reply, Say, Teach, lesson_of
from game.ui import input as inp

CONFIGS = {"960x540": ((960, 540), False), "1920x1080": ((1920, 1080), False), "couch": ((1920, 1080), True)}
GAMES = ("quarto", "kings_corners", "vier_koningen", "kingen", "keezen")


@dataclass(frozen=True)
class Screen:
    group: str                 # "menus" or the game's name: the contact sheet's heading
    name: str                  # what it shows, in a file name's words ("break-long-sheet")
    make: object               # make(app): puts the screen on the app's stack (None for a lesson step)
    lesson: int | None = None  # a lesson step: how many of the group's lesson's steps are done

    @property
    def key(self) -> str:
        return f"{self.group}/{self.name}"


# -- how a screen is reached ----------------------------------------------------------------
def menu(name: str, seed: int = 7):
    """A screen the app opens by name (see game.app.open_scene)."""
    def make(app):
        from game.app import open_scene
        open_scene(app, name, seed)
    return make


def damaged_files(app) -> None:
    """The title screen telling that two damaged files were set aside."""
    from game.app import open_scene
    from game.menu.title import problem_lines
    from game.ui.i18n import t
    from game.ui.menu import MessageOverlay
    open_scene(app, "title", 1)
    problems = [{"file": "settings.json", "moved_to": "settings.json.damaged-20261124-150501"},
                {"file": "statistics.json", "moved_to": ""}]
    app.push(MessageOverlay(app, t("problem.title"), problem_lines(problems)))


def full_statistics(app) -> None:
    """The statistics with numbers in every column."""
    from game.app import open_scene
    from game.menu.stats import stat_rows
    for key, _, _ in stat_rows():
        for outcome in ("won", "won", "lost", "drawn"):
            app.store.record_result(key, outcome, 123456)
    open_scene(app, "stats", 7)


def human_won(scene) -> bool:
    rows = scene.finish.ending().rows
    return any(len(row) > 4 and row[3] and row[4] in scene.human_seats for row in rows)


def play(game: str, seats=None, options=None, seed: int = 1, moves: int = 0, until=None, then=(),
         limit: int = 5000, tries: int = 1, pace: str = "instant", by: str = ""):
    """A game numbered `seed` (seated `seats`, the human first by default, with `options`),
    `moves` random legal moves played (from the seed), or as many as it takes until `until(scene)`
    holds; then each of `then` done in turn (a function of the scene). With `tries`, the next
    game numbers are tried until `until` is met. `pace`: the computers' pace (a trick stays
    on show only at a pace a person can follow). `by`: a level of the game's computer player,
    who chooses every move instead (4 Koningen is won so, never by random moves)."""
    reached = {}    # the game number that reached the screen: the numbers before it never do, at any size

    def make(app):
        app.store.settings["computer_pace"] = pace
        from game.app import open_scene
        info = registry.game(game)
        players = len(seats) if seats else max(info.seats)
        chosen = list(seats or ["human"] + ["easy"] * (players - 1))
        app.store.settings["last_setup"][game] = {"players": players, "seats": chosen, "options": dict(options or {})}
        for number in range(reached.get("number", seed), seed + tries):
            open_scene(app, f"game:{game}", number)
            scene = app.top
            rng = random.Random(number)
            from ai import make_bot
            player = make_bot(game, by, number) if by else None
            with scene.moves_in_a_row():
                for _ in range(limit if until else moves):
                    if until is not None and until(scene) or scene.state.is_over():
                        break
                    if player is not None:
                        scene.apply(player.choose(scene.state.view(scene.state.to_move())))
                        continue
                    legal = [move for move in scene.state.legal_moves() if type(move) not in scene.never_automatic]
                    scene.apply(rng.choice(legal or scene.state.legal_moves()))
            if until is None or until(scene):
                reached["number"] = number
                break
        else:
            raise ValueError(f"{game}: no game from {seed} to {seed + tries - 1} reaches the screen")
        scene.motion.sync()
        scene.motion.animator.land()
        for step in then:
            step(scene)
        app.store.settings["computer_pace"] = "instant"
    return make


def over(scene) -> bool:
    return scene.state.is_over()


def at_break(scene) -> bool:
    return scene.at_break() and not scene.state.is_over()


def humans_turn(scene) -> bool:
    return scene.can_play()


def humans_choice(name: str):
    """The human to choose in the rules' phase `name` (Kingen's dealer's choices)."""
    def reached(scene) -> bool:
        return scene.state.phase == name and scene.is_human(scene.state.to_move())
    return reached


def computers_turn(scene) -> bool:
    return not scene.state.is_over() and not scene.at_break() and not scene.is_human(scene.state.to_move())


def next_human(scene) -> bool:
    """Another human than the one whose hand shows is to move (the hand-over screen comes)."""
    seat = scene.state.to_move()
    return len(scene.record.moves) > 3 and scene.is_human(seat) and seat != scene.shown_seat


def trick_taken(scene) -> bool:
    return scene.trick_shown() is not None


def won(scene) -> bool:
    return scene.state.is_over() and human_won(scene)


def lost(scene) -> bool:
    return scene.state.is_over() and not human_won(scene)


def last_break(scene) -> bool:
    """The break before a match's last deal: the standings after the most deals, its score sheet
    as long as it gets."""
    return at_break(scene) and scene.state.deal_no == scene.state.last_deal - 1


def full_sheet(scene) -> None:
    """At a break, the full score sheet instead of the standings (Tab)."""
    scene.app.send(inp.Action(inp.NEXT, inp.KEYBOARD))


def tick(scene, frames: int = 2) -> None:
    for _ in range(frames):
        scene.app.tick(1 / 60)


def computer_moves(scene) -> None:
    """The computers play (in this process) until the human's turn comes back: "Why?" then
    asks about the last of their moves."""
    wait(scene, lambda: scene.computers.last is not None and scene.can_play())
    scene.motion.animator.land()


def hint(scene) -> None:
    """The hint asked for and given (the computer player thinks in this process)."""
    scene.computers.ask_hint()
    wait(scene, lambda: scene.computers.asked is None)


def autoplay(scene) -> None:
    """The helper asked to play the human's seat (it plays on until any input)."""
    scene.set_autoplay(True)
    tick(scene)


def why(scene) -> None:
    """'Why?' asked about the computer's last move and answered."""
    scene.computers.why()
    wait(scene, lambda: scene.computers.asked is None)


def wait(scene, done, seconds: float = 600.0) -> None:
    """Frames go by until `done()` (the scene takes the computer player's answer itself). The
    time is a safety cap only: a screen without the answer is an error, not another screen
    (under load an expert's answer took more than the 30 s this waited before)."""
    end = time.monotonic() + seconds
    while not done():
        if time.monotonic() > end:
            raise TimeoutError(f"{scene.game}: no answer from the computer player in {seconds:.0f} s")
        scene.app.tick(1 / 60)


def refused(scene) -> None:
    """A move the rules refuse, tried: the game says why. The move is one legal somewhere
    else in the same game (a card, a square), so the refusal is a real one."""
    rules = scene.info.rules()
    state = scene.state
    for seed in range(1, 40):
        other = rules.new_game(seed, state.players, dict(scene.record.options))
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 30)):
            if other.is_over():
                break
            for move in other.legal_moves():
                if refuses(state, move):
                    scene.apply(move)
                    return
            other.play(rng.choice(other.legal_moves()))
    raise ValueError(f"{scene.game}: no refused move found")


def refuses(state, move) -> bool:
    """Whether the rules refuse `move` at `state`."""
    try:
        state.copy().play(move)
    except (ValueError, IllegalMove):
        return True
    return False


def long_hint() -> str:
    """The longest hint a computer player gives, in the language in use, to see it wrap: the
    Kingen dealer's for the game with the longest name, the same game in every language."""
    from game.kingen import words
    from game.ui.i18n import t
    reason = t("kingen.hint.game.no_kings_jacks", **words.reason_params({"points": "\u22125.6", "gain": "\u22123.1"}))
    return t("kingen.scene.say.hint", reason=reason)


def long_notice(scene) -> None:
    """A computer player that got stuck and the longest hint, said while the status line says
    what to do."""
    from game.ui.i18n import t
    scene.app.notify(t("notice.computer_failed", name=scene.seat_name(0)))
    scene.app.notify(long_hint())


def holds_move(kind: str, parts: int = 1):
    """The human to move, holding a card with a move of the rules' `kind` in `parts` parts
    (Keezen: a jack's Swap, a 7's Walk of two parts)."""
    def reached(scene) -> bool:
        return humans_turn(scene) and any(type(move).__name__ == kind and len(getattr(move, "parts", (move,))) == parts
                                          for move in scene.state.legal_moves())
    return reached


def begun(kind: str, parts: int = 1):
    """The move of `kind` in `parts` parts begun as a player begins it: its card chosen, the
    first pawn and, of two parts, where that one goes (Keezen's 7 split half made)."""
    def then(scene) -> None:
        move = next(move for move in scene.state.legal_moves()
                    if type(move).__name__ == kind and len(getattr(move, "parts", (move,))) == parts)
        scene.select_card(next(index for index, card in enumerate(scene.layout().hand_cards)
                               if card.rank == move.card), True)
        steps = next(steps for steps, option in scene.options() if option == move or len(steps) == parts)
        scene.choose(steps[0][0], True)
        if parts > 1:
            scene.choose(steps[0][1], True)
    return then


def show_end(scene) -> None:
    scene.finish.shown = True
    scene.finish.show()


def review(game: str, at: str = "last", hands: bool = False, judged: bool = False, seed: int = 3):
    """The review of a game of random moves: at its first, middle or last move, every hand
    shown, the computers judged; or ("better") analysed up to its first move that lost
    something, shown there with the better move on the table and the graph's marks."""
    judged_once = {}     # the analysis up to the first move that lost something: the same at any size

    def make(app):
        from ai.analysis import analyse
        from game.app import open_scene
        from game.record import random_record
        open_scene(app, "title", 1)
        record = random_record(game, seed, 240)
        data, shown = record.to_dict(), len(record.moves)
        if at == "better":
            if not judged_once:
                moves = []
                for judgement in analyse(record, work=0.1):
                    moves.append(judgement.to_dict())
                    if judgement.verdict != "good" and judgement.best != judgement.move:
                        judged_once["shown"] = judgement.ply
                        break
                judged_once["moves"] = moves
            shown = judged_once.get("shown", shown)
            data["analysis"] = {"moves": [dict(move) for move in judged_once["moves"]]}
        app.review(data)
        scene = app.top
        scene.show({"first": 1, "middle": len(scene.record.moves) // 2, "last": len(scene.record.moves),
                    "better": shown}[at])
        if hands and scene.can_show_hands:
            scene.toggle_hands()
        if judged and scene.computer_seats:
            scene.toggle_computers()
        for runner in (scene.runner, scene.computer_runner):   # no analysis running: a look at the screen
            if runner is not None:
                runner.cancel()
        scene.runner = scene.computer_runner = None
    return make


def lesson_steps(game: str) -> list[Screen]:
    """Every step of the game's lesson that waits for the player (a computer's reply goes by
    by itself), and its end."""
    steps = lesson_of(game).steps
    return [Screen(game, f"lesson-{done:02d}", None, done) for done in range(len(steps) + 1)
            if done == len(steps) or not isinstance(steps[done], Reply)]


def menus() -> list[Screen]:
    screens = [Screen("menus", "title", menu("title")), Screen("menus", "settings", menu("settings")),
               Screen("menus", "statistics", full_statistics), Screen("menus", "recent-games", menu("recent")),
               Screen("menus", "damaged-files", damaged_files)]
    for game in GAMES:
        screens += [Screen("menus", f"setup-{game}", menu(f"setup:{game}")),
                    Screen("menus", f"rules-{game}", menu(f"rules:{game}"))]
    return screens


def game_screens(game: str, handover=None, long_match=None, wins: bool = True, computers: bool = True,
                 better_seed: int = 3, **special) -> list[Screen]:
    """A game's screens: its start, play, a hint, the longest hint, a "why?", a refused move,
    the pause, the hand-over (where hands are hidden), a break, the end won and lost, the review."""
    screens = [Screen(game, "start", play(game)),
               Screen(game, "play", play(game, moves=9)),
               Screen(game, "hint", play(game, until=humans_turn, moves=6, then=(hint,))),
               Screen(game, "long-notice", play(game, then=(long_notice,))),
               *([Screen(game, "why", play(game, until=computers_turn, then=(computer_moves, why)))] if computers
                 else []),
               Screen(game, "refused", play(game, until=humans_turn, then=(refused,))),
               Screen(game, "pause", menu(f"pause:{game}")),
               *([Screen(game, "end-won", play(game, until=won, then=(show_end,), tries=40))] if wins else []),
               Screen(game, "end-lost", play(game, until=lost, then=(show_end,), tries=40)),
               Screen(game, "review-first", review(game, "first")),
               Screen(game, "review-middle", review(game, "middle")),
               Screen(game, "review-last", review(game, "last", hands=True, judged=True)),
               Screen(game, "review-better", review(game, "better", seed=better_seed))]
    if handover:
        screens.append(Screen(game, "hand-over", play(game, seats=handover, until=next_human, then=(tick,))))
    if long_match:
        screens.append(Screen(game, "break-long-sheet", play(game, options=long_match, until=last_break,
                                                             then=(full_sheet,), limit=100000)))
    for name, make in special.items():
        screens.append(Screen(game, name.strip("_").replace("_", "-"), make))
    return screens


def catalogue() -> list[Screen]:
    screens = menus()
    screens += game_screens("quarto", break_=play("quarto", options={"games": 3}, until=at_break))
    # (its review's better move from random game 6, whose first move judged is a slip already;
    # game 3's is the ninth, two seconds of analysis more at each size)
    screens += game_screens("kings_corners", handover=["human", "human"], better_seed=6,
                            break_=play("kings_corners", until=at_break, limit=20000),
                            break_sheet=play("kings_corners", until=at_break, limit=20000, then=(full_sheet,)))
    # (4 Koningen is played alone: random moves never win it, its helper does)
    screens += game_screens("vier_koningen", wins=False, computers=False,
                            end_won=play("vier_koningen", until=won, then=(show_end,), by="hard"),
                            autoplay=play("vier_koningen", moves=3, then=(autoplay,)))
    screens += game_screens("kingen", handover=["human", "human", "easy", "easy"],
                            long_match={"match": "dubbelkingen"},
                            dealer_choice=play("kingen", options={"match": "dubbelkingen"},
                                               until=humans_choice("choose_game")),
                            trick_on_show=play("kingen", until=trick_taken, pace="normal"),
                            break_=play("kingen", until=at_break),
                            break_last_deal=play("kingen", until=last_break, limit=100000))
    screens += game_screens("keezen", handover=["human", "easy", "human", "easy"],
                            jack_swap=play("keezen", until=holds_move("Swap"), then=(begun("Swap"),)),
                            seven_split_half=play("keezen", until=holds_move("Walk", 2), then=(begun("Walk", 2),)))
    for game in GAMES:
        screens += lesson_steps(game)
    return screens


SCREENS = catalogue()


# -- building the screens -------------------------------------------------------------------
@dataclass
class Walk:
    """A lesson walked by its pointer: where it has got to, and what went wrong on the way."""
    game: str
    scene: object
    refusals: list = field(default_factory=list)     # (step, the words of the refusal)
    stuck: list = field(default_factory=list)        # (step, what happened) where the pointer led nowhere


def new_app(config: str, language: str, data_dir: str, worker: bool = False):
    from game.app import App, LaunchOptions
    from game.ui.i18n import set_language
    size, couch = CONFIGS[config]
    app = App(LaunchOptions(headless=True, size=size, couch=couch, no_worker=not worker, data_dir=data_dir))
    app.store.settings["language"] = language
    app.store.settings["computer_pace"] = "instant"
    app.store.settings["animation_speed"] = "instant"
    set_language(language)
    return app


ANSWERS: dict = {}      # (kind, game, level, seed, the position) -> the computer player's Answer


class KeptAnswers:
    """The catalogue's computer players: each question answered in this process by a player
    made afresh for it (`ai.worker._answer`), so that an answer depends on its question
    alone and a screen is made the same way every time (a worker process's players carry
    what they were asked before, and a question dropped restarts the process: a screen
    differed from run to run). Kept by question (in ANSWERS, for the process): a screen made
    again, in another language or at another size, gets its answers at once."""

    def __init__(self, worker):
        self.worker = worker      # (the app's own, closed with it; never asked)
        self.answer = None        # the answer to the last question, until polled
        self.asked = 0

    thinking = False

    def ask(self, game: str, level: str, seed, state, kind: str = "choose") -> int:
        from ai.worker import _answer
        self.asked += 1
        question = (kind, game, level, seed, json.dumps(state.to_dict(), sort_keys=True))
        answer = ANSWERS.get(question)
        if answer is None:
            answer = _answer({}, (self.asked, kind, game, level, seed, state))
            if not answer.error:
                ANSWERS[question] = answer
        self.answer = answer
        return self.asked

    def poll(self, wait: float = 0.0):
        answer, self.answer = self.answer, None
        return answer

    def cancel(self) -> None:
        self.answer = None

    def close(self) -> None:
        self.worker.close()


class Builder:
    """Puts each screen of the catalogue on an app in turn; a lesson's steps follow one walk."""

    def __init__(self, app):
        self.app = app
        if not isinstance(app.worker, KeptAnswers):
            app._worker = KeptAnswers(app.worker)
        self.walk: Walk | None = None
        self.walks: list[Walk] = []      # every lesson walked, with what went wrong on the way

    def build(self, screen: Screen) -> None:
        app = self.app
        if screen.lesson is None:
            self.walk = None
            app.notices.clear()         # (a notice of the screen before is no part of this one)
            screen.make(app)
            return
        walk = self.walk
        if walk is None or walk.game != screen.group or walk.scene.coach is None \
                or walk.scene.coach.done > screen.lesson or app.top is not walk.scene:
            from game.app import open_scene
            app.notices.clear()
            open_scene(app, f"learn:{screen.group}", 1)
            walk = self.walk = Walk(screen.group, app.top)
            self.walks.append(walk)
        while walk.scene.coach is not None and walk.scene.coach.done < screen.lesson:
            step_on(app, walk)
        settle(app, walk.scene)


def settle(app, scene, frames: int = 600) -> None:
    """Tick until the computers have played the lesson's replies due now and nothing flies."""
    for _ in range(frames):
        app.tick(1 / 60)
        if not scene.motion.busy() and (scene.coach is None or not isinstance(scene.coach.step, Reply)):
            return


def step_on(app, walk: Walk) -> None:
    """One step of the lesson done as its words and pointer say: Confirm on words, a click on
    each place the pointer points at (a move in parts: a click a part); a refusal or a pointer
    that leads nowhere is noted, and the step's own move played so the walk goes on."""
    scene = walk.scene
    coach = scene.coach
    done = coach.done
    settle(app, scene)
    if coach.done != done:
        return
    step = coach.step
    if isinstance(step, Say):
        app.send(inp.Action(inp.CONFIRM, inp.KEYBOARD))
        return
    if isinstance(step, Reply):
        if coach.done == done:
            walk.stuck.append((done, "the computer's reply did not come"))
            scene.apply(scene.info.rules().parse_move(step.code))
        return
    for _ in range(8):          # the parts of one move, a click each
        rects = coach._target_rects()
        if not rects:
            walk.stuck.append((done, "no pointer"))
            break
        notices = len(app.notices)
        version = scene.version
        pos = rects[0].center
        for name in (inp.POINT, inp.PRESS, inp.RELEASE):
            app.send(inp.Action(name, inp.MOUSE, pos=pos))
        if len(app.notices) > notices and scene.version == version:
            walk.refusals.append((done, app.notices[-1][0]))
            break
        app.tick(1 / 60)
        if coach.done != done or scene.coach is None:
            return
    else:
        walk.stuck.append((done, "the pointer's clicks never made the move"))
    if isinstance(step, Teach):
        scene.forget_choice()
        scene.apply(scene.info.rules().parse_move(step.code))
    elif isinstance(step, Free):
        scene.apply(scene.state.legal_moves()[0])


# -- the contact sheet ----------------------------------------------------------------------
def picture_name(screen: Screen, config: str, language: str) -> str:
    return f"{screen.group}/{screen.name}-{language}-{config}.png"


def write_index(out: Path, screens: list[Screen], configs: list[str], languages: list[str]) -> Path:
    """index.html: per game a heading, per screen a row of its pictures (language by size)."""
    parts = ["<!doctype html><meta charset='utf-8'><title>Spelavond: every screen</title>",
             "<style>body{font-family:sans-serif;background:#222;color:#eee}img{width:320px;margin:2px}"
             "figure{display:inline-block;margin:4px}figcaption{font-size:12px}</style>",
             f"<h1>Spelavond: every screen ({len(screens)} screens, "
             f"{len(screens) * len(configs) * len(languages)} pictures)</h1>"]
    groups = list(dict.fromkeys(screen.group for screen in screens))
    phones = " · <a href='phones/index.html'>phone pages</a>" if (out / "phones" / "index.html").exists() else ""
    parts.append("<p>" + " · ".join(f"<a href='#{group}'>{group}</a>" for group in groups) + phones + "</p>")
    for group in groups:
        parts.append(f"<h2 id='{group}'>{html.escape(group)}</h2>")
        for screen in (s for s in screens if s.group == group):
            parts.append(f"<h3>{html.escape(screen.name)}</h3><div>")
            for language in languages:
                for config in configs:
                    name = picture_name(screen, config, language)
                    if (out / name).exists():
                        parts.append(f"<figure><a href='{name}'><img src='{name}' loading='lazy'></a>"
                                     f"<figcaption>{language} · {config}</figcaption></figure>")
            parts.append("</div>")
    index = out / "index.html"
    index.write_text("\n".join(parts), encoding="utf-8")
    return index


def render(out: Path, screens: list[Screen], configs: list[str], languages: list[str]) -> int:
    import tempfile

    import pygame
    count = 0
    for config in configs:
        for language in languages:
            with tempfile.TemporaryDirectory(prefix="spelavond-catalogue-") as data_dir:
                app = new_app(config, language, data_dir)
                builder = Builder(app)
                try:
                    for screen in screens:
                        try:
                            builder.build(screen)
                            for _ in range(2):
                                app.tick(1 / 60)
                        except Exception as error:      # one broken screen does not stop the sheet
                            print(f"{screen.key} ({language}, {config}): {type(error).__name__}: {error}",
                                  file=sys.stderr)
                            builder.walk = None
                            continue
                        path = out / picture_name(screen, config, language)
                        path.parent.mkdir(parents=True, exist_ok=True)
                        pygame.image.save(app.screen, str(path))
                        count += 1
                finally:
                    app.close()
    return count


def phone_pages(out: Path, languages: list[str]) -> None:
    """The phone seat's pages, where this is a checkout with its tools and Chromium is there
    (tools/phone_pages.py says what it photographs); said and left out otherwise."""
    import shutil
    import subprocess
    tool = Path(__file__).resolve().parent.parent / "tools" / "phone_pages.py"
    if not tool.exists() or not any(shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome")):
        print("the phone pages are left out: they need a checkout's tools/phone_pages.py and Chromium")
        return
    subprocess.run([sys.executable, str(tool), "--out", str(out), "--languages", ",".join(languages)], check=False)


def main(argv=None) -> int:
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.ui.i18n import LANGUAGES
    parser = argparse.ArgumentParser(prog="python -m game.catalogue", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="screens", help="the folder for the pictures and index.html")
    parser.add_argument("--only", default="", help="only the screens whose group/name holds this")
    parser.add_argument("--sizes", default=",".join(CONFIGS), help="of " + ", ".join(CONFIGS))
    parser.add_argument("--languages", default=",".join(LANGUAGES), help="of " + ", ".join(LANGUAGES))
    parser.add_argument("--no-phones", action="store_true",
                        help="leave out the phone pages (photographed in Chromium by tools/phone_pages.py)")
    args = parser.parse_args(argv)
    screens = [screen for screen in SCREENS if args.only in screen.key]
    configs, languages = args.sizes.split(","), args.languages.split(",")
    out = Path(args.out)
    start = time.monotonic()
    if not args.no_phones and not args.only:
        phone_pages(out / "phones", languages)
    count = render(out, screens, configs, languages)
    index = write_index(out, screens, configs, languages)
    print(f"{len(screens)} screens, {count} pictures in {time.monotonic() - start:.0f} s: {index}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
