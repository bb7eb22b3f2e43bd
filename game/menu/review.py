"""Look back at a game: its record stepped through move by move, the table drawn exactly as it
was from the player's seat by the game's own scene, the analysis of the player's moves
streamed in beside it, and a graph of it across the whole game.

The game's scene draws the table as it would fill the screen (through `TableWindow`, an
offscreen window of that size), and the review shows it scaled into the upper part of the
screen, so every game's own layout holds; the picture is made again only when the table
changes. The scene never plays, thinks or saves here: the review only shows it a position
(`GameScene.show_position`). Hidden hands stay hidden: the table
shows the hand of the reviewing seat only, as it did in play. The analysis (`ai.analysis`)
judges each move on what its seat could know then, in worker processes, and is kept with
the record so it is computed once.

Keys: left/right a move, PgUp/PgDn (Tab) the previous/next mistake, Home/End (up/down) the
first/last move, mouse wheel a move, a click on the graph jumps there; H plays on from here,
U plays this deal again, Esc or Backspace leaves.
"""
from __future__ import annotations

import pygame

from ai.analysis import Judgement, decisive, judge_module
from ai.analysis.runner import Runner
from game import record as records
from game import registry
from game.play import scene_class, start_game
from game.ui import input as inp
from game.ui import theme
from game.ui.i18n import t
from game.ui.scene import Scene
from game.ui.table.panels import draw_button
from game.ui.text import blit_text

VERDICT_COLOURS = {"inaccuracy": (240, 210, 90), "mistake": (246, 150, 60), "blunder": theme.BAD}
BAND = 196          # the height of the review's band under the table, at UI scale 1
LOG_MOVES = 40      # the moves the table's log describes back from the one shown


class TableWindow:
    """The app as the game's scene sees it in a review: the same app, but its window is the
    table's part of the screen."""

    def __init__(self, app, size):
        self._app = app
        self.size = size

    def __getattr__(self, name):
        return getattr(self._app, name)

    def content_rect(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.size)

    def legend_height(self) -> int:
        return 0


class ReviewScene(Scene):
    name = "review"

    def __init__(self, app, data: dict, name: str | None = None, ply: int | None = None):
        super().__init__(app)
        self.data, self.file_name = data, name     # the record as kept, and its file in records/
        self.record = records.from_dict(data)
        self.info = registry.game(self.record.game)
        self.states = [self.record.replay(0)]
        rules = self.info.rules()
        for code in self.record.moves:
            state = self.states[-1].copy()
            try:
                state.play(rules.parse_move(code))
            except ValueError:
                self.record.replay()         # says which move of the file is damaged, and how
                raise
            self.states.append(state)        # with its move's events: the move log says them
        self.ply = len(self.record.moves) if ply is None else max(0, min(ply, len(self.record.moves)))
        self.table = None
        self.runner = None
        self.judgements = {judgement["ply"]: judgement for judgement in data.get("analysis", {}).get("moves", [])}
        self.judge = judge_module(self.record.game)     # None: this game has no analysis yet
        self.buttons: dict = {}
        self.time = 0.0
        self._picture = None       # (what it shows, the table drawn at full size)

    # -- the table ---------------------------------------------------------------------------
    def areas(self):
        area = self.app.content_rect()
        band = int(BAND * self.app.u)
        return pygame.Rect(area.x, area.y, area.w, area.h - band), pygame.Rect(area.x, area.bottom - band, area.w, band)

    def ensure_table(self):
        size = self.app.content_rect().size
        if self.table is None or self.table.app.size != size:
            shown = records.Record(self.record.game, self.record.players, list(self.record.seats),
                                   dict(self.record.options), self.record.seed, [], dict(self.record.notes))
            window = TableWindow(self.app, size)
            self.table = scene_class(self.info)(window, shown, self.states[0].copy())
            self.table.seats = ["hard"] * self.record.players    # nobody plays in a review
            self.table.shown_seat = self.table.viewer()
            self.show(self.ply)
        return self.table

    def show(self, ply: int) -> None:
        self.ply = max(0, min(ply, len(self.record.moves)))
        table = self.ensure_table()
        table.record.moves[:] = self.record.moves[:self.ply]
        table.log_entries = self.log_upto(self.ply)
        table.show_position(self.states[self.ply].copy(), self.ply)

    def log_upto(self, ply: int) -> list:
        """The table's move log as it stood after move `ply`: its opening and last moves, each
        with the state it made."""
        rules = self.info.rules()
        entries = [(None, None, self.states[0])] if ply <= LOG_MOVES else []
        for number in range(max(0, ply - LOG_MOVES), ply):
            entries.append((self.states[number].to_move(), rules.parse_move(self.record.moves[number]),
                            self.states[number + 1]))
        return entries

    # -- the analysis ------------------------------------------------------------------------
    def enter(self) -> None:
        if not self.analysed() and self.judge is not None:
            self.runner = Runner(self.record.to_dict(), use_process=not self.app.options.no_worker)

    def analysed(self) -> bool:
        return "analysis" in self.data

    def exit(self) -> None:
        if self.runner is not None:
            self.runner.cancel()
            self.runner = None

    def update(self, dt: float) -> None:
        self.time += dt
        table = self.ensure_table()
        table.time += dt
        table.settle()
        if self.runner is None:
            return
        for judgement in self.runner.poll():
            self.judgements[judgement.ply] = judgement.to_dict()
        if self.runner.finished():
            if not self.runner.failed:
                self.keep_analysis()
            else:
                self.app.notify(t("review.failed"), 5)
            self.runner.cancel()
            self.runner = None

    def keep_analysis(self) -> None:
        """The finished analysis goes into the record's file: computed once."""
        moves = [self.judgements[ply] for ply in sorted(self.judgements)]
        self.data = {**self.data, "analysis": {"moves": moves}}
        if self.file_name is not None:
            self.app.store.update_record(self.file_name, self.data)

    def mistakes(self) -> list[int]:
        return sorted(ply for ply, judgement in self.judgements.items() if judgement["verdict"] != "good")

    # -- input ------------------------------------------------------------------------------
    def handle(self, action: inp.Action) -> None:
        name = action.name
        steps = {inp.LEFT: -1, inp.RIGHT: 1}
        if name in steps:
            self.show(self.ply + steps[name])
        elif name == inp.SCROLL:
            self.show(self.ply - action.amount)
        elif name in (inp.UP, inp.FIRST):
            self.show(0)
        elif name in (inp.DOWN, inp.LAST):
            self.show(len(self.record.moves))
        elif name in (inp.NEXT, inp.PREV):
            self.jump_to_mistake(1 if name == inp.NEXT else -1)
        elif name == inp.ACTION1:
            self.play_on()
        elif name == inp.ACTION2:
            self.play_again()
        elif name in (inp.BACK, inp.MENU):
            self.app.pop()
        elif name == inp.PRESS and action.pos is not None:
            self.click(action.pos)

    def jump_to_mistake(self, direction: int) -> None:
        # a judgement's ply is the move's number: the table after it is state `ply`
        candidates = [ply for ply in self.mistakes() if (ply - self.ply) * direction > 0]
        if not candidates:
            self.app.sound.play("error")
            return
        self.show(min(candidates) if direction > 0 else max(candidates))

    def click(self, pos) -> None:
        for name, rect in self.buttons.items():
            if rect.collidepoint(pos):
                (self.play_on if name == "play_on" else self.play_again)()
                return
        graph = self.graph_rect()
        if graph.collidepoint(pos) and self.record.moves:
            self.show(round((pos[0] - graph.x) / max(1, graph.w) * len(self.record.moves)))

    def play_on(self) -> None:
        """A new game from the position on screen, counted in no statistics; a record of a game
        saved before records starts from the same picture."""
        record = records.Record(self.record.game, self.record.players, list(self.record.seats),
                                dict(self.record.options), self.record.seed, self.record.moves[:self.ply],
                                {"played_on": True}, self.record.start)
        state = self.states[self.ply].copy()
        if state.is_over():
            self.app.sound.play("error")
            return
        self.app.to_title()
        self.app.push(scene_class(self.info)(self.app, record, state))

    def play_again(self) -> None:
        """The same deal (the seed) with the same seats."""
        start_game(self.app, self.record.game, self.record.setup, self.record.seed)

    # -- drawing -------------------------------------------------------------------------------
    def graph_rect(self) -> pygame.Rect:
        _, band = self.areas()
        u = self.app.u
        left = band.x + int(520 * u)
        return pygame.Rect(left, band.y + int(16 * u), band.right - left - int(420 * u), band.h - int(32 * u))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        table_rect, band = self.areas()
        surface.fill(theme.FELT_DARK, table_rect)
        picture = self.table_picture(alpha)
        shown = picture.get_rect().fit(table_rect)
        surface.blit(pygame.transform.smoothscale(picture, shown.size) if shown.size != picture.get_size()
                     else picture, shown)
        u = self.app.u
        surface.fill(theme.BACKGROUND, band)
        self.draw_moves(surface, band, u)
        self.draw_graph(surface, self.graph_rect(), u)
        self.draw_buttons(surface, band, u)

    def table_picture(self, alpha: float) -> pygame.Surface:
        """The table as the game's scene draws it, made again only when it changes (while
        things fly, every frame)."""
        table = self.ensure_table()
        key = (table.app.size, self.ply, table.version, self.app.store.settings["language"])
        if self._picture is None or self._picture[0] != key or table.motion.busy():
            picture = pygame.Surface(table.app.size)
            table.draw(picture, alpha)
            self._picture = (key, picture)
        return self._picture[1]

    def move_words(self, ply: int) -> str:
        """Move `ply` (from 1) in words: the table's log line for it, else the game's words
        for the move with who made it."""
        before, table = self.states[ply - 1], self.table
        seat = before.to_move()
        move = self.info.rules().parse_move(self.record.moves[ply - 1])
        lines = table.describe(self.states[ply], seat, move)
        if lines:
            return lines[0]
        return t("review.move", name=table.seat_name(seat) if seat is not None else "",
                 move=table.move_name(before, move))

    def draw_moves(self, surface, band: pygame.Rect, u: float) -> None:
        x, width = band.x + int(24 * u), int(480 * u)
        size, small = int(theme.BODY * u), int(theme.SMALL * u)
        total = len(self.record.moves)
        blit_text(surface, t("review.position", n=self.ply, total=total), size, theme.TEXT,
                  (x, band.y + int(16 * u)), bold=True)
        y = band.y + int(62 * u)
        if self.ply:
            blit_text(surface, self.move_words(self.ply), small, theme.TEXT, (x, y), width=width)
            judgement = self.judgements.get(self.ply)
            if judgement is not None:
                colour = VERDICT_COLOURS.get(judgement["verdict"], theme.GOOD)
                line = t(f"review.verdict.{judgement['verdict']}")
                if judgement["verdict"] != "good":
                    best = str(self.info.rules().parse_move(judgement["best"]))
                    line = t("review.instead", verdict=line, best=best, loss=self.loss_text(judgement["loss"]))
                blit_text(surface, line, small, colour, (x, y + int(40 * u)), width=width)
        worst = decisive([Judgement(**judgement) for judgement in self.judgements.values()])
        if worst is not None and self.runner is None:
            line = t("review.decided", n=worst.ply, move=str(self.info.rules().parse_move(worst.move)),
                     best=str(self.info.rules().parse_move(worst.best)), loss=self.loss_text(worst.loss))
            blit_text(surface, line, small, theme.TEXT_DIM, (x, band.bottom - int(44 * u)), width=width)
        elif self.runner is not None:
            blit_text(surface, t("review.analysing", percent=round(100 * self.runner.progress())), small,
                      theme.TEXT_DIM, (x, band.bottom - int(44 * u)), width=width)

    def loss_text(self, loss: float) -> str:
        unit = self.judge.SCALE.unit
        if unit == "chance":
            return t("review.loss.chance", n=round(100 * loss))
        if unit == "outcome":
            return t("review.loss.outcome")
        return t("review.loss.points", n=f"{loss:.1f}")

    def draw_graph(self, surface, rect: pygame.Rect, u: float) -> None:
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=int(10 * u))
        total = len(self.record.moves)
        if not total:
            return
        inner = rect.inflate(-int(20 * u), -int(20 * u))
        judged = sorted(self.judgements.values(), key=lambda j: j["ply"])
        values = [j["value"] for j in judged] + [j["best_value"] for j in judged]
        low, high = (min(values), max(values)) if values else (0.0, 1.0)
        unit = self.judge.SCALE.unit if self.judge else ""
        if unit in ("chance", "outcome"):
            low, high = (0.0, 1.0) if unit == "chance" else (-1.0, 1.0)
        span = (high - low) or 1.0

        def point(ply, value):
            return (inner.x + inner.w * ply / total, inner.bottom - inner.h * (value - low) / span)

        if self.runner is not None:      # the part analysed so far, as a bar under the graph
            done = pygame.Rect(rect.x, rect.bottom - int(6 * u), int(rect.w * self.runner.progress()), int(6 * u))
            surface.fill(theme.ACCENT_DARK, done)
        if len(judged) > 1:
            pygame.draw.lines(surface, theme.TEXT_DIM, False, [point(j["ply"], j["best_value"]) for j in judged],
                              max(1, int(2 * u)))
            pygame.draw.lines(surface, theme.LEGAL, False, [point(j["ply"], j["value"]) for j in judged],
                              max(2, int(3 * u)))
        for judgement in judged:
            colour = VERDICT_COLOURS.get(judgement["verdict"])
            if colour is not None:
                pygame.draw.circle(surface, colour, point(judgement["ply"], judgement["value"]), max(4, int(7 * u)))
        x = inner.x + inner.w * self.ply / total
        pygame.draw.line(surface, theme.ACCENT, (x, rect.y + int(4 * u)), (x, rect.bottom - int(4 * u)),
                         max(2, int(3 * u)))

    def draw_buttons(self, surface, band: pygame.Rect, u: float) -> None:
        width, height, gap = int(380 * u), int(58 * u), int(12 * u)
        x = band.right - width - int(20 * u)
        self.buttons = {"play_on": pygame.Rect(x, band.y + int(24 * u), width, height),
                        "again": pygame.Rect(x, band.y + int(24 * u) + height + gap, width, height)}
        draw_button(surface, self.buttons["play_on"], t("review.play_on"), u, primary=True)
        draw_button(surface, self.buttons["again"], t("review.again"), u)

    def legend(self):
        return [(inp.LEFT, "review.legend.step"), (inp.NEXT, "review.legend.mistake"),
                (inp.UP, "review.legend.ends"), (inp.ACTION1, "review.play_on"), (inp.ACTION2, "review.again"),
                (inp.BACK, "legend.back")]

