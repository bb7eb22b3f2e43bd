"""Look back at a game: its record stepped through move by move, the table drawn exactly as it
was from the player's seat by the game's own scene, the analysis of the player's moves
streamed in beside it, and a graph of it across the whole game.

The game's scene draws the table as it would fill the screen (through `TableWindow`, an
offscreen window of that size), and the review shows it scaled into the upper part of the
screen, so every game's own layout holds; the picture is made again only when the table
changes. The scene never plays, thinks or saves here: the review only shows it a position
(`GameScene.show_position`). Hidden hands stay hidden: the table
shows the hand of the reviewing seat only, as it did in play, unless the player chooses to
show all hands once the game is over (`GameScene.show_all_hands`: every seat's hand face up
at every move). The analysis (`ai.analysis`) judges each move of the human seats on what its
seat could know then, in worker processes, and is kept with the record so it is computed
once. On request it judges the computers' moves too (each on its own seat's view), kept apart
(`COMPUTERS`) and marked on the graph as triangles along its top. Both requests are offered
only after the game, where a game hides hands: the best move for a computer names its cards.

The graph reads like one: its axis in the game's unit (the chance to win, the points of the
deal, or won / drawn / lost in Quarto), a legend for its marks (your moves' mistakes as dots,
the computers' as triangles), a numbered mark where each deal, hand or round begins (`PARTS`)
and the line of the move shown.

Keys: left/right a move, PgUp/PgDn (Tab) the previous/next mistake, up/down the previous/next
deal (hand, round; in a game without them the first/last move), Home/End the first/last move,
mouse wheel a move; a click on the graph jumps there, on a deal's number to its start, on a
mark to its move. H plays on from here, U plays this deal again (a game without deals: this
game), Enter (A) shows or hides all hands, Y (Back) judges the computers' moves too or no
more, Esc or Backspace leaves.
"""
from __future__ import annotations

import functools

import pygame

from ai.analysis import Judgement, decisive, human_seats, judge_module, losers
from ai.analysis.runner import Runner
from game import record as records
from game import registry
from game.play import scene_class, start_game
from game.ui import input as inp
from game.ui import theme
from game.ui.i18n import has, t
from game.ui.scene import Scene
from game.ui.table.better import mark_better
from game.ui.table.layout import note_floating
from game.ui.table.panels import draw_button
from game.ui.text import SHRINK, blit_in, blit_text, fit_lines, fits, font, lines_height, wrap
from game.words import decided_line, verdict_line

VERDICT_COLOURS = {"inaccuracy": (240, 210, 90), "mistake": (246, 150, 60), "blunder": theme.BAD}
BAND = 196          # the height of the review's band under the table, at UI scale 1
COMPUTERS = "analysis_computers"    # the record's field keeping the judgements of the computers' moves
TEXT_WIDTH = 520    # the move, its verdict and the game's decisive move, left of the graph, at UI scale 1
WIDE_TEXT = 760     # as wide as they get where the graph keeps GRAPH_WIDTH beside them
GRAPH_WIDTH = 420
LOG_MOVES = 40      # the moves the table's log describes back from the one shown
# the parts a game is played in: the state's field that counts them, and their name's key
PARTS = {"kingen": ("deal_no", "review.part.deal"), "kings_corners": ("hand_no", "review.part.hand"),
         "keezen": ("deck_no", "review.part.deal"), "vier_koningen": ("round", "review.part.round")}
# the graph's axis: its title and its marks (value, key) per unit; points are marked where they fall
AXES = {"chance": ("review.axis.chance", ((1.0, "review.axis.all"), (0.5, "review.axis.half"),
                                          (0.0, "review.axis.none"))),
        "outcome": ("review.axis.outcome", ((1.0, "review.axis.won"), (0.0, "review.axis.drawn"),
                                            (-1.0, "review.axis.lost"))),
        "points": ("review.axis.points", ())}


@functools.lru_cache(maxsize=64)
def widest(labels: tuple, size: int) -> int:
    """The width of the widest of `labels` in bold at `size` (the band asks it many times a frame)."""
    return max(font(size, True).size(label)[0] for label in labels)


def shared_size(texts: list, size: int, width: int, room: float, gap: int) -> int | None:
    """The largest size, from `size` down to the kit's smallest (`SHRINK`), at which every
    one of `texts`, each wrapped to `width`, stands whole in `room` one under the other with
    `gap` between; None where even the smallest is too big."""
    for candidate in range(size, int(size * SHRINK) - 1, -max(1, size // 16)):
        lines = [wrap(text, candidate, width) for text in texts]
        if all(fits(line, candidate, width) for found in lines for line in found) and \
                sum(lines_height(len(found), candidate) for found in lines) + gap * (len(texts) - 1) <= room:
            return candidate
    return None


def triangle(surface, colour, top, size: float) -> None:
    """A computer's mark: a triangle pointing down from `top` (its top's middle)."""
    x, y = top
    pygame.draw.polygon(surface, colour, [(x - size, y), (x + size, y), (x, y + size * 1.6)])


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
        # the game's first move: a deal played again from a review begins at its deal (the
        # match's moves before it are not shown; they have no states here)
        self.first = self.record.deal_start() or 0
        self.states = [None] * self.first + [self.record.replay(self.first)]
        self.replay_from(self.first)
        self.ply = max(self.first, min(len(self.record.moves) if ply is None else ply, len(self.record.moves)))
        field = PARTS.get(self.record.game, (None,))[0]
        # the moves where a deal (hand, round) begins: the table after them is its first
        self.parts = [self.first] + [ply for ply in range(self.first + 1, len(self.states)) if field is not None and
                                     getattr(self.states[ply], field) != getattr(self.states[ply - 1], field)]
        self.table = None
        self.runner = None
        self.judgements = {judgement["ply"]: judgement for judgement in data.get("analysis", {}).get("moves", [])}
        self.judge = judge_module(self.record.game)     # None: this game has no analysis yet
        # after the game (or in a game that hides nothing) the computers' moves may be judged too
        hides = getattr(scene_class(self.info), "hides_hands", False)
        self.finished = self.states[-1].is_over()
        humans = human_seats(self.record)
        self.computer_seats = [seat for seat in range(self.record.players) if seat not in humans] \
            if humans and self.judge is not None and (self.finished or not hides) else []
        self.can_show_hands = self.finished and hides
        self.all_hands = False             # every seat's hand face up on the table
        self.judge_computers = False       # the computers' verdicts shown (and computed when not kept)
        self.computer_judgements = {judgement["ply"]: judgement for judgement in data.get(COMPUTERS, {}).get("moves", [])}
        self.computer_runner = None
        self.buttons: dict = {}
        self.graph_targets: list = []     # (move, rect): the graph's deal numbers and marks, for a click
        self.time = 0.0
        self._picture = None       # (what it shows, the table drawn at full size)
        self._scaled = None        # (that picture, the size shown, it at that size)
        self.table_shown = None    # where the table's picture was shown last

    def replay_from(self, ply: int) -> None:
        """The states after move `ply` made again from state `ply`, each with its move's events
        (the move log says them)."""
        rules = self.info.rules()
        del self.states[ply + 1:]
        for code in self.record.moves[ply:]:
            state = self.states[-1].copy()
            try:
                state.play(rules.parse_move(code))
            except ValueError:
                self.record.replay()         # says which move of the file is damaged, and how
                raise
            self.states.append(state)

    # -- the table ---------------------------------------------------------------------------
    def areas(self):
        area = self.app.content_rect()
        band = int(BAND * self.app.u)
        return pygame.Rect(area.x, area.y, area.w, area.h - band), pygame.Rect(area.x, area.bottom - band, area.w, band)

    def ensure_table(self):
        size = self.app.content_rect().size
        if self.table is None or self.table.app.size != size:
            # (without its phone seats: a review plays nothing, so no phone server starts for it)
            notes = {name: value for name, value in self.record.notes.items() if name != "phones"}
            shown = records.Record(self.record.game, self.record.players, list(self.record.seats),
                                   dict(self.record.options), self.record.seed, [], notes)
            window = TableWindow(self.app, size)
            self.table = scene_class(self.info)(window, shown, self.states[self.first].copy())
            self.table.seats = ["hard"] * self.record.players    # nobody plays in a review
            self.table.shown_seat = self.table.viewer()
            self.table.show_all_hands = self.all_hands
            self.show(self.ply)
        return self.table

    def show(self, ply: int) -> None:
        self.ply = max(self.first, min(ply, len(self.record.moves)))
        table = self.ensure_table()
        table.record.moves[:] = self.record.moves[:self.ply]
        table.log.entries = self.log_upto(self.ply)
        table.show_position(self.states[self.ply].copy(), self.ply)
        # nobody plays or thinks in a review: the status line says the result, else which move is shown
        table.watched = table.status_text() if table.state.is_over() else \
            t("review.position", n=self.ply, total=len(self.record.moves))

    def log_upto(self, ply: int) -> list:
        """The table's move log as it stood after move `ply`: its opening and last moves, each
        with the state it made."""
        rules = self.info.rules()
        entries = [(None, None, self.states[self.first])] if ply - self.first <= LOG_MOVES else []
        for number in range(max(self.first, ply - LOG_MOVES), ply):
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
        for runner in (self.runner, self.computer_runner):
            if runner is not None:
                runner.cancel()
        self.runner = self.computer_runner = None

    def update(self, dt: float) -> None:
        self.time += dt
        table = self.ensure_table()
        table.time += dt
        table.settle()
        if self.runner is not None:
            self.runner = self.poll(self.runner, self.judgements, "analysis")
        elif self.judge_computers and COMPUTERS not in self.data and self.computer_runner is None:
            # the computers' moves after the humans': the two would share the same cores
            self.computer_runner = Runner(self.record.to_dict(), self.computer_seats,
                                          use_process=not self.app.options.no_worker)
        if self.computer_runner is not None:
            self.computer_runner = self.poll(self.computer_runner, self.computer_judgements, COMPUTERS)

    def poll(self, runner: Runner, judgements: dict, field: str) -> Runner | None:
        """The judgements `runner` sent since the last frame into `judgements`; when it has
        finished, they go into the record's `field` and the runner is gone (None)."""
        for judgement in runner.poll():
            judgements[judgement.ply] = judgement.to_dict()
        if not runner.finished():
            return runner
        if not runner.failed:
            self.keep_analysis(judgements, field)
        else:
            self.app.notify(t("review.failed"), 5)
        runner.cancel()
        return None

    def keep_analysis(self, judgements: dict | None = None, field: str = "analysis") -> None:
        """A finished analysis goes into the record's file: computed once."""
        judgements = self.judgements if judgements is None else judgements
        moves = [judgements[ply] for ply in sorted(judgements)]
        self.data = {**self.data, field: {"moves": moves}}
        if self.file_name is not None:
            self.app.store.update_record(self.file_name, self.data)

    def judgement(self, ply: int) -> dict | None:
        """The verdict on move `ply`: a human's, or a computer's while those are shown."""
        found = self.judgements.get(ply)
        if found is None and self.judge_computers:
            found = self.computer_judgements.get(ply)
        return found

    def mistakes(self) -> list[int]:
        shown = dict(self.computer_judgements) if self.judge_computers else {}
        shown.update(self.judgements)
        return sorted(ply for ply, judgement in shown.items() if judgement["verdict"] != "good")

    # -- the two requests --------------------------------------------------------------------
    def toggles(self) -> list[str]:
        """The requests this review offers: "hands" (show every hand) and "computers" (judge
        the computers' moves too)."""
        return (["hands"] if self.can_show_hands else []) + (["computers"] if self.computer_seats else [])

    def toggle_hands(self) -> None:
        if not self.can_show_hands:
            self.app.sound.play("error")
            return
        self.all_hands = not self.all_hands
        self.ensure_table().show_all_hands = self.all_hands
        self.app.sound.play("click")
        self.show(self.ply)

    def toggle_computers(self) -> None:
        if not self.computer_seats:
            self.app.sound.play("error")
            return
        self.judge_computers = not self.judge_computers     # (an analysis under way goes on, hidden)
        self.app.sound.play("click")

    # -- input ------------------------------------------------------------------------------
    def handle(self, action: inp.Action) -> None:
        name = action.name
        steps = {inp.LEFT: -1, inp.RIGHT: 1}
        if name in steps:
            self.show(self.ply + steps[name])
        elif name == inp.SCROLL:
            self.show(self.ply - action.amount)
        elif name in (inp.UP, inp.DOWN) and len(self.parts) > 1:
            self.go_to_part(1 if name == inp.DOWN else -1)
        elif name in (inp.UP, inp.FIRST):
            self.show(self.first)
        elif name in (inp.DOWN, inp.LAST):
            self.show(len(self.record.moves))
        elif name in (inp.NEXT, inp.PREV):
            self.jump_to_mistake(1 if name == inp.NEXT else -1)
        elif name == inp.ACTION1:
            self.play_on()
        elif name == inp.ACTION2:
            self.play_again()
        elif name == inp.CONFIRM:
            self.toggle_hands()
        elif name == inp.WHY:
            self.toggle_computers()
        elif name in (inp.BACK, inp.MENU):
            self.app.pop()
        elif name == inp.PRESS and action.pos is not None:
            self.click(action.pos)

    def part_of(self, ply: int) -> int:
        """The index in `parts` of the deal (hand, round) move `ply` shows."""
        return max(index for index, start in enumerate(self.parts) if start <= ply)

    def go_to_part(self, direction: int) -> None:
        """The start of the next deal (hand, round), or back to the start of this one, else the
        one before; past the last deal, the last move."""
        index = self.part_of(self.ply)
        if direction > 0 or self.ply == self.parts[index]:
            index += direction
        if index >= len(self.parts):
            self.show(len(self.record.moves))
        else:
            self.show(self.parts[max(0, index)])

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
                {"play_on": self.play_on, "again": self.play_again, "hands": self.toggle_hands,
                 "computers": self.toggle_computers}[name]()
                return
        for ply, rect in self.graph_targets:      # a deal's number or a mark: its move
            if rect.collidepoint(pos):
                self.show(ply)
                return
        plot = self.plot_rect()
        if self.graph_rect().collidepoint(pos) and self.moves_shown():
            self.show(self.first + round((pos[0] - plot.x) / max(1, plot.w) * self.moves_shown()))

    def play_on(self) -> None:
        """A new game from the position on screen, counted in no statistics."""
        record = records.Record(self.record.game, self.record.players, list(self.record.seats),
                                dict(self.record.options), self.record.seed, self.record.moves[:self.ply],
                                {"played_on": True, **({} if self.record.deal_start() is None else {"deal_from": self.first})})
        state = self.states[self.ply].copy()
        if state.is_over():
            self.app.sound.play("error")
            return
        self.app.to_title()
        self.app.push(scene_class(self.info)(self.app, record, state))

    def deal_again(self) -> bool:
        """This review's "play again" is one deal's (hand's), not the game's: a match of deals
        that can end with any one of them (`single_deal`: Kingen, Kings Corners)."""
        return hasattr(self.states[self.first], "single_deal")

    def play_again(self) -> None:
        """The deal (hand) on screen as a game of its own (the same cards, dealer and duties,
        the match ending with it), counted in no statistics; a game that cannot end with any
        deal from its start (the same game number) with the same seats."""
        if not self.deal_again():
            start_game(self.app, self.record.game, self.record.setup, self.record.seed)
            return
        start = self.parts[self.part_of(self.ply)]
        record = records.Record(self.record.game, self.record.players, list(self.record.seats),
                                dict(self.record.options), self.record.seed, self.record.moves[:start],
                                {"played_on": True, "deal_from": start})
        self.app.to_title()
        self.app.push(scene_class(self.info)(self.app, record, self.states[start].single_deal()))

    def moves_shown(self) -> int:
        """The moves of the game reviewed (a deal played again: that deal's)."""
        return len(self.record.moves) - self.first

    def again_key(self) -> str:
        """The "play again" button's words: what it plays again."""
        if self.deal_again():
            return PARTS[self.record.game][1].replace("review.part.", "review.again.")
        return "review.again"

    # -- drawing -------------------------------------------------------------------------------
    def button_width(self) -> int:
        """The buttons' width: as wide as their longest label needs (the words beside them take
        the rest), at most 380, or 280 when a second column holds the requests."""
        u = self.app.u
        labels = [t("review.play_on"), t(self.again_key())] + [t(f"review.{name}.{state}") for name in self.toggles()
                                                                 for state in ("show", "hide")]
        need = widest(tuple(labels), int(theme.SMALL * u)) + int(48 * u)
        return min(need, int((280 if self.toggles() else 380) * u))

    def text_width(self) -> int:
        """The width of the words left of the graph: wider where the band has room (the
        verdict's better move in words is long), never narrowing the graph below GRAPH_WIDTH."""
        _, band = self.areas()
        u = self.app.u
        room = band.w - self.buttons_reserve() - int((GRAPH_WIDTH + 64) * u)
        return max(int(TEXT_WIDTH * u), min(int(WIDE_TEXT * u), room))

    def buttons_reserve(self) -> int:
        u = self.app.u
        columns = 2 if self.toggles() else 1
        return columns * self.button_width() + (columns - 1) * int(12 * u) + int(40 * u)

    def graph_rect(self) -> pygame.Rect:
        _, band = self.areas()
        u = self.app.u
        left = band.x + self.text_width() + int(40 * u)
        return pygame.Rect(left, band.y + int(16 * u), band.right - left - self.buttons_reserve(), band.h - int(32 * u))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        table_rect, band = self.areas()
        surface.fill(theme.FELT_DARK, table_rect)
        picture = self.table_picture(alpha)
        shown = picture.get_rect().fit(table_rect)
        scaled = self._scaled       # scaled once a picture: it took a third of a frame
        if scaled is None or scaled[0] is not picture or scaled[1] != shown.size:
            self._scaled = scaled = (picture, shown.size, pygame.transform.smoothscale(picture, shown.size)
                                     if shown.size != picture.get_size() else picture)
        surface.blit(scaled[2], shown)
        self.table_shown = shown        # (where the table's rects are, scaled: the catalogue's check)
        u = self.app.u
        surface.fill(theme.BACKGROUND, band)
        note_floating("review bar", band)
        self.draw_moves(surface, band, u)
        self.draw_graph(surface, self.graph_rect(), u)
        self.draw_buttons(surface, band, u)

    def table_picture(self, alpha: float) -> pygame.Surface:
        """The table as the game's scene draws it, made again only when it changes (while
        things fly, every frame)."""
        table = self.ensure_table()
        key = (table.app.size, self.ply, table.version, self.app.store.settings["language"], self.all_hands)
        if self._picture is None or self._picture[0] != key or table.motion.busy():
            picture = pygame.Surface(table.app.size)
            table.draw(picture, alpha)
            self.draw_better(picture, table)
            self._picture = (key, picture)
        return self._picture[1]

    def better_move(self):
        """The move shown and the better one where the move lost something: (played, best,
        verdict), else None."""
        judgement = self.judgement(self.ply) if self.ply > self.first else None
        if judgement is None or judgement["verdict"] == "good" or judgement["best"] == judgement["move"]:
            return None
        rules = self.info.rules()
        return rules.parse_move(judgement["move"]), rules.parse_move(judgement["best"]), judgement["verdict"]

    def draw_better(self, picture, table) -> None:
        """The better move beside the one played, on the table (`mark_better`): the played one
        in its verdict's colour."""
        shown = self.better_move()
        if shown is not None:
            played, best, verdict = shown
            mark_better(picture, table, played, best, VERDICT_COLOURS[verdict], self.states[self.ply - 1])

    def move_words(self, ply: int, logged: bool = False) -> str:
        """Move `ply` (from 1) in words, with who made it: the table's log line where it says
        the move as the game's words do ('You play ♠2'), else the seat and those words (as the
        verdict names the better move, so the two read alike: Keezen's log says '3 steps',
        its words which pawn); with `logged` the log's line anyway (shorter)."""
        before, table = self.states[ply - 1], self.ensure_table()
        seat = before.to_move()
        move = self.info.rules().parse_move(self.record.moves[ply - 1])
        words = table.move_name(before, move)
        lines = table.log.describe(self.states[ply], seat, move)
        if lines and (logged or words in lines[0] or not hasattr(table.words, "move_words")):
            return lines[0]
        return t("review.move", name=table.seat_name(seat) if seat is not None else "", move=words)

    def draw_moves(self, surface, band: pygame.Rect, u: float) -> None:
        x, width = band.x + int(24 * u), self.text_width()
        size, small = int(theme.BODY * u), int(theme.SMALL * u)
        total = len(self.record.moves)
        position = t("review.position", n=self.ply, total=total)
        if len(self.parts) > 1:     # and which deal (hand, round) it is in
            position += " \u00b7 " + t(PARTS[self.record.game][1], n=self.part_of(self.ply) + 1)
        y = blit_text(surface, position, size, theme.TEXT, (x, band.y + int(16 * u)), bold=True, width=width).bottom
        runner = self.runner or (self.computer_runner if self.judge_computers else None)
        # the last line: the analysis under way, else where the game was decided; a verdict
        # that names a better move takes its room too (a best move in words is long)
        judgement = self.judgement(self.ply) if self.ply > self.first else None
        bottom = band.bottom - int(8 * u)
        free = y                      # where the next line's room begins (a long one takes two)
        if self.ply > self.first:
            words = [(self.move_words(self.ply), theme.TEXT)]
            if judgement is not None:
                words.append((verdict_line(judgement, self.judge.SCALE.unit, self.named),
                              VERDICT_COLOURS.get(judgement["verdict"], theme.GOOD)))
            room = bottom - y - (int(34 * u) if runner is not None else 0)
            shared = shared_size([text for text, _ in words], small, width, room, int(4 * u))
            if shared is None and judgement is not None:    # the log's shorter line where both are long
                words[0] = (self.move_words(self.ply, logged=True), theme.TEXT)
                shared = shared_size([text for text, _ in words], small, width, room, int(4 * u))
            if shared is not None:      # both whole, at one size (a step smaller where both are long)
                for text, colour in words:
                    height = lines_height(len(wrap(text, shared, width)), shared)
                    free = blit_in(surface, text, shared, colour, pygame.Rect(x, free, width, height), "left",
                                   "top").bottom + int(4 * u)
            else:                       # the move on two lines, the verdict below it (cut where it must)
                free = blit_in(surface, words[0][0], small, theme.TEXT, pygame.Rect(x, y, width, int(64 * u)),
                               "left", "top").bottom + int(4 * u)
                if judgement is not None:
                    free = blit_in(surface, words[1][0], small, words[1][1],
                                   pygame.Rect(x, free, width, room - (free - y)), "left", "top").bottom + int(6 * u)
        # the move that turned the game for the side that lost: in a game the player won, the
        # opponent's (known once the computers' moves are judged)
        judged = {**self.computer_judgements, **self.judgements}.values()
        worst = decisive([Judgement(**judgement) for judgement in judged], losers(self.states[-1]))
        if runner is not None:
            key = "review.analysing" if runner is self.runner else "review.analysing_computers"
            blit_text(surface, t(key, percent=round(100 * runner.progress())), small,
                      theme.TEXT_DIM, (x, band.bottom - int(42 * u)), width=width)
        elif worst is not None and (judgement is None or judgement["verdict"] == "good"):
            line = decided_line(worst.to_dict(), self.judge.SCALE.unit, self.named,
                                self.ensure_table().seat_name(worst.seat))
            # only whole: a long verdict above may leave it too little room (it is said at its move)
            if bottom - free >= lines_height(1, small) and \
                    " ".join(fit_lines(line, small, width, bottom - free)[1]).split() == line.split():
                blit_in(surface, line, small, theme.TEXT_DIM, pygame.Rect(x, free, width, bottom - free), "left", "bottom")

    def named(self, ply: int, code: str) -> str:
        """A move of the position before move `ply`, by its code, in the game's words."""
        return self.ensure_table().move_name(self.states[ply - 1], self.info.rules().parse_move(code))

    def axis_title(self) -> str:
        """The graph's title, by its unit: points said of the game's own part (a hand in Kings
        Corners, where the review counts hands), a chance or a result as it is."""
        key = AXES[self.judge.SCALE.unit if self.judge else "points"][0]
        part = PARTS.get(self.record.game, ("", ""))[1].rsplit(".", 1)[-1]
        return t(f"{key}.{part}") if part and has(f"{key}.{part}") else t(key)

    def plot_rect(self) -> pygame.Rect:
        """The graph's plot: the graph less its axis' labels (left), its title and legend (top)
        and the deals' numbers (bottom)."""
        rect, u = self.graph_rect(), self.app.u
        tiny = int(theme.TINY * u)
        line = int(lines_height(1, tiny))
        # the axis' marks stand left of the plot, their middles at its lines: half a line above its top
        left = max([font(tiny).size(words)[0] for _, words in self.axis()[2]] + [0]) + int(16 * u)
        top = rect.y + line * self.header_lines() + line // 2 + int(8 * u)
        plot = pygame.Rect(rect.x + left, top, rect.w - left - int(12 * u), 0)
        plot.h = rect.bottom - self.number_rows(plot) * line - int(8 * u) - top
        return plot

    def number_rows(self, plot: pygame.Rect) -> int:
        """The rows of deal numbers under the plot: two where numbers crowd (short deals lie
        close) and the plot keeps room for its axis' marks, else one."""
        rect, u = self.graph_rect(), self.app.u
        line = int(lines_height(1, int(theme.TINY * u)))
        crowded = any(row for *_, row in self.part_labels(plot, 2))
        room = rect.bottom - 2 * line - int(8 * u) - plot.y
        return 2 if crowded and room >= (len(self.axis()[2]) + 1) * line else 1

    def part_labels(self, plot: pygame.Rect, rows: int) -> list:
        """Each deal's (hand's, round's) number under the plot: (number, its first move, its
        left edge, its row), beside its line (left of it at the graph's right edge); where it
        would touch the number before it, on the second of `rows`, else left out."""
        if len(self.parts) < 2 or not self.moves_shown():
            return []
        rect, u = self.graph_rect(), self.app.u
        tiny = int(theme.TINY * u)
        free, labels = [rect.x, rect.x], []
        for number, start in enumerate(self.parts, 1):
            x = plot.x + plot.w * (start - self.first) / self.moves_shown()
            width = font(tiny).size(str(number))[0]
            left = x + int(3 * u) if x + int(3 * u) + width <= rect.right - int(4 * u) else x - int(3 * u) - width
            row = 0 if left >= free[0] else 1
            if row < rows:
                free[row] = left + width + int(2 * u)
                labels.append((number, start, left, row))
        return labels

    def legend_entries(self) -> list:
        """The graph's marks explained: a dot your mistake, a triangle a computer's (while those
        are shown)."""
        return [("dot", "review.graph.yours")] + ([("triangle", "review.graph.computers")]
                                                  if self.judge_computers else [])

    def header_lines(self) -> int:
        """The lines above the plot: the axis' title and the legend (`legend_places`)."""
        return self.legend_places()[1]

    def legend_places(self) -> tuple[list, int]:
        """The legend's marks after the axis' title, each on the line before where it fits, else
        on the next (a narrow graph, as in couch mode): [(shape, key, its left from the graph's
        left, its line)], and the lines the title and the legend take."""
        rect, u = self.graph_rect(), self.app.u
        tiny, radius = int(theme.TINY * u), max(3, int(6 * u))
        x, line, places = font(tiny).size(self.axis_title())[0] + int(26 * u), 0, []
        for shape, key in self.legend_entries():
            width = 2 * radius + int(4 * u) + font(tiny).size(t(key))[0]
            if x + width > rect.w - int(8 * u) and x > int(10 * u):
                x, line = int(10 * u), line + 1
            places.append((shape, key, x, line))
            x += width + int(14 * u)
        return places, line + 1

    def axis(self) -> tuple:
        """The plot's lowest and highest value, and the axis' marks: (value, words)."""
        unit = self.judge.SCALE.unit if self.judge else ""
        if unit in ("chance", "outcome"):
            marks = AXES[unit][1]
            return min(v for v, _ in marks), max(v for v, _ in marks), [(v, t(key)) for v, key in marks]
        values = [j[name] for j in self.shown_judgements() for name in ("value", "best_value")] or [0.0]
        low, high = min(0.0, min(values)), max(0.0, max(values))
        if high - low < 1:
            low, high = low - 0.5, high + 0.5
        # the whole points at the ends, and 0 (a deal's points are mostly penalties)
        marks = {value: f"{value:+.0f}" for value in (high, low) if abs(value) >= 1}
        return low, high, sorted({**marks, 0.0: "0"}.items(), reverse=True)

    def shown_judgements(self) -> list:
        """The player's judged moves in order: the graph's line."""
        return sorted(self.judgements.values(), key=lambda j: j["ply"])

    def draw_graph(self, surface, rect: pygame.Rect, u: float) -> None:
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=int(10 * u))
        self.graph_targets = []
        total = self.moves_shown()
        if not total:
            return
        tiny = int(theme.TINY * u)
        plot = self.plot_rect()
        low, high, marks = self.axis()
        span = (high - low) or 1.0

        def x_of(ply):
            return plot.x + plot.w * (ply - self.first) / total

        def point(ply, value):
            return x_of(ply), plot.bottom - plot.h * (min(high, max(low, value)) - low) / span

        # the axis: its title and the legend above, its marks left of the plot
        top = rect.y + int(6 * u)
        blit_text(surface, self.axis_title(), tiny, theme.TEXT_DIM, (rect.x + int(10 * u), top),
                  width=rect.w - int(20 * u), box=rect)
        self.draw_graph_legend(surface, rect, top, u)
        for value, words in marks:
            y = point(0, value)[1]
            pygame.draw.line(surface, theme.BACKGROUND, (plot.x, y), (plot.right, y), max(1, int(u)))
            blit_text(surface, words, tiny, theme.TEXT_DIM, (plot.x - int(6 * u), y), anchor="midright", box=rect)
        # where each deal (hand, round) begins, with its number under the plot (`part_labels`)
        line = int(lines_height(1, tiny))
        for start in self.parts if len(self.parts) > 1 else ():
            pygame.draw.line(surface, theme.TEXT_DIM, (x_of(start), plot.y), (x_of(start), plot.bottom), max(1, int(u)))
        for number, start, left, row in self.part_labels(plot, self.number_rows(plot)):
            label = blit_text(surface, str(number), tiny, theme.TEXT, (left, plot.bottom + int(2 * u) + row * line),
                              box=rect)
            self.graph_targets.append((start, label.inflate(int(8 * u), int(6 * u))))
        runner = self.runner or (self.computer_runner if self.judge_computers else None)
        if runner is not None:      # the part analysed so far, as a bar under the graph
            done = pygame.Rect(rect.x, rect.bottom - int(6 * u), int(rect.w * runner.progress()), int(6 * u))
            surface.fill(theme.ACCENT_DARK, done)
        judged = self.shown_judgements()
        if len(judged) > 1:
            pygame.draw.lines(surface, theme.TEXT_DIM, False, [point(j["ply"], j["best_value"]) for j in judged],
                              max(1, int(2 * u)))
            pygame.draw.lines(surface, theme.LEGAL, False, [point(j["ply"], j["value"]) for j in judged],
                              max(2, int(3 * u)))
        radius = max(4, int(7 * u))
        for judgement in judged:
            colour = VERDICT_COLOURS.get(judgement["verdict"])
            if colour is not None:
                centre = point(judgement["ply"], judgement["value"])
                pygame.draw.circle(surface, colour, centre, radius)
                self.graph_targets.append((judgement["ply"], pygame.Rect(0, 0, 3 * radius, 3 * radius)))
                self.graph_targets[-1][1].center = centre
        if self.judge_computers:      # the computers' mistakes: triangles along the top, apart from your line
            for judgement in self.computer_judgements.values():
                colour = VERDICT_COLOURS.get(judgement["verdict"])
                if colour is not None:
                    x = x_of(judgement["ply"])
                    triangle(surface, colour, (x, plot.y), radius)
                    self.graph_targets.append((judgement["ply"],
                                               pygame.Rect(x - radius, plot.y, 2 * radius, 2 * radius)))
        x = x_of(self.ply)
        pygame.draw.line(surface, theme.ACCENT, (x, plot.y - int(4 * u)), (x, plot.bottom + int(4 * u)),
                         max(2, int(3 * u)))

    def draw_graph_legend(self, surface, rect: pygame.Rect, top: int, u: float) -> None:
        """The marks explained where `legend_places` puts them: a dot your mistake, a triangle
        a computer's (while those are shown)."""
        tiny, radius = int(theme.TINY * u), max(3, int(6 * u))
        line_h = int(lines_height(1, tiny))
        for shape, key, left, line in self.legend_places()[0]:
            x, y = rect.x + left, top + line * line_h
            middle, colour = y + lines_height(1, tiny) / 2, VERDICT_COLOURS["mistake"]
            if shape == "dot":
                pygame.draw.circle(surface, colour, (x + radius, middle), radius)
            else:
                triangle(surface, colour, (x + radius, middle - radius), radius)
            blit_text(surface, t(key), tiny, theme.TEXT_DIM, (x + 2 * radius + int(4 * u), y),
                      width=max(1, rect.right - x - 2 * radius - int(12 * u)), box=rect)

    def draw_buttons(self, surface, band: pygame.Rect, u: float) -> None:
        width, height, gap = self.button_width(), int(58 * u), int(12 * u)
        x = band.right - width - int(20 * u)
        self.buttons = {"play_on": pygame.Rect(x, band.y + int(24 * u), width, height),
                        "again": pygame.Rect(x, band.y + int(24 * u) + height + gap, width, height)}
        for row, name in enumerate(self.toggles()):     # the requests in a column of their own
            self.buttons[name] = pygame.Rect(x - width - gap, band.y + int(24 * u) + row * (height + gap), width, height)
        draw_button(surface, self.buttons["play_on"], t("review.play_on"), u, primary=True)
        draw_button(surface, self.buttons["again"], t(self.again_key()), u)
        if "hands" in self.buttons:
            draw_button(surface, self.buttons["hands"], t("review.hands." + ("hide" if self.all_hands else "show")), u,
                        focused=self.all_hands)
        if "computers" in self.buttons:
            draw_button(surface, self.buttons["computers"],
                        t("review.computers." + ("hide" if self.judge_computers else "show")), u,
                        focused=self.judge_computers)

    def corner_button(self):
        return t("button.back"), inp.BACK, False     # the mouse's way back to where the review was opened

    def legend(self):
        toggles = self.toggles()
        # (what does not fit is left out from the end: first and last go first)
        return [(inp.LEFT, "review.legend.step"), (inp.NEXT, "review.legend.mistake")] \
            + ([(inp.CONFIRM, "review.legend.hands")] if "hands" in toggles else []) \
            + ([(inp.WHY, "review.legend.computers")] if "computers" in toggles else []) \
            + [(inp.ACTION1, "review.legend.play_on"), (inp.ACTION2, "review.legend.again"),
               (inp.UP, PARTS[self.record.game][1].replace("part", "legend") if len(self.parts) > 1
                          else "review.legend.ends"), (inp.BACK, "legend.back")]

