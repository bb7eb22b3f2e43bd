"""The person at the table in a guided first game, a part of `GameScene` (`scene.coach`,
None in an ordinary game).

It follows a lesson (game/lesson.py) step by step: it says in a short panel what to do and
why, points at the place on the table (a pulsing ring and an arrow at the step's target),
lets the human play only the taught move (any other gets a friendly reason and the same
step again), gives the computers their scripted replies, and after each move says what
happened. Words-only steps go on with Confirm or a click on the panel. At the end the player
plays on from there as in an ordinary game (not counted in the statistics) or leaves.
"""
from __future__ import annotations

import pygame

from game.lesson import Free, Reply, Say, Teach
from game.ui import input as inp
from game.ui import theme
from game.ui.i18n import t
from game.ui.table.draw import panel, pulse
from game.ui.table.layout import note_floating
from game.ui.text import SHRINK, blit_wrapped, wrap


class Coach:
    def __init__(self, scene, lesson, done: int = 0):
        self.scene, self.lesson = scene, lesson
        self.done = done              # steps finished (kept in the record's note "lesson")
        self.after = ""               # what the last move did, said with the next step
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def step(self):
        return self.lesson.steps[self.done] if self.done < len(self.lesson.steps) else None

    def finished(self) -> bool:
        return self.step is None

    def words(self, key: str) -> str:
        """The lesson's words, with its values and the seats' names ({seat1}: seat 1's)."""
        if not key:
            return ""
        names = {f"seat{seat}": self.scene.seat_name(seat) for seat in range(self.scene.state.players)}
        return t(key, **names, **self.lesson.params)

    def text(self) -> str:
        step = self.step
        said = self.words(self.after)
        now = self.words(self.lesson.end if step is None else getattr(step, "key", ""))
        return "\n".join(part for part in (said, now) if part)

    def _advance(self, after: str = "") -> None:
        self.done += 1
        self.after = after
        self.scene.record.notes["lesson"] = self.done
        self.scene.keeping.save()

    # -- what the game asks ----------------------------------------------------------------
    def refusal(self, move) -> str | None:
        """Why the human may not play `move` now (None: they may)."""
        step = self.step
        if step is None or isinstance(step, Free):
            return None
        if isinstance(step, Teach) and move.code == step.code:
            return None
        self.scene.forget_choice()    # refused: the move starts again from its first part
        if isinstance(step, Teach) and step.wrong:
            return self.words(step.wrong)
        # a words-only step: read them first (repeating its words after "Not yet:" reads oddly)
        return t("lesson.not_now", step=self.words(step.key) if isinstance(step, Teach) else t("lesson.read_on"))

    def scripted(self):
        """The computer's move the lesson gives now (None: it searches its own)."""
        step = self.step
        if isinstance(step, Reply):
            return self.scene.info.rules().parse_move(step.code)
        return None

    def waits(self) -> bool:
        """Words to read: the game waits for Confirm."""
        return isinstance(self.step, Say)

    def played(self, seat, move) -> None:
        step = self.step
        if isinstance(step, (Teach, Reply)) and move.code == step.code or isinstance(step, Free) \
                and self.scene.is_human(seat):
            # a computer's reply with nothing to say leaves the last words in view (Keezen's
            # three replies would wipe what the player's move did before it could be read)
            self._advance(step.after or (self.after if isinstance(step, Reply) else ""))
        else:
            self.after = ""

    def handle(self, action: inp.Action) -> bool:
        """Confirm (or a click on the words) goes on past a words-only step, and after the
        last step hands the game over: it goes on as an ordinary one. True when used."""
        clicked = action.name == inp.PRESS and action.pos is not None and self.panel_rect.collidepoint(action.pos)
        if (self.waits() or self.finished()) and (action.name == inp.CONFIRM or clicked):
            if self.finished():
                self.scene.coach = None
            else:
                self._advance()
            self.scene.app.sound.play("click")
            return True
        return clicked

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        scene, u = self.scene, self.scene.app.u
        area = scene.app.content_rect()
        size = self.size = int(theme.SMALL * u)      # (smaller where the words must fit a spare place)
        text = self.text()
        if not text and not self._go_on():      # a computer's turn with nothing to say: no panel
            self.panel_rect = pygame.Rect(0, 0, 0, 0)
            return
        target = self._target_rect()
        rect = self.panel_rect = self._place(text, area, size, u, target)
        width, size = rect.w, self.size
        # the words are a layer of their own over the table, which they cover where they lie
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        panel(layer, layer.get_rect(), u, theme.BACKGROUND, theme.ACCENT)
        y = int(18 * u)
        for part in text.split("\n"):
            count = len(wrap(part, size, width - int(40 * u)))
            blit_wrapped(layer, part, size, theme.TEXT, int(20 * u), y, width - int(40 * u), count)
            y += int(size * 1.25 * count)
        if self._go_on():
            blit_wrapped(layer, self._go_on(), size, theme.ACCENT, int(20 * u), y, width - int(40 * u),
                         len(wrap(self._go_on(), size, width - int(40 * u))))
        surface.blit(layer, rect)
        note_floating("lesson words", rect)
        if target is not None:
            self._point(surface, rect, self._target_rects(), u)

    def _go_on(self) -> str:
        """How to go on, under words to read ('' while a move is awaited)."""
        return t("lesson.play_on" if self.finished() else "lesson.go_on") if self.waits() or self.finished() else ""

    def _height(self, text: str, size: int, width: int, u: float) -> int:
        parts = text.split("\n") + ([self._go_on()] if self._go_on() else [])
        lines = sum(len(wrap(part, size, width - int(40 * u))) for part in parts)
        return int(size * 1.25 * lines + 36 * u)

    def _place(self, text: str, area: pygame.Rect, size: int, u: float, target) -> pygame.Rect:
        """Where the words go: beside a board in the middle, over the move log (Keezen); else at
        the top; when that would hide a seat's plate (a seat across the table), in a place the
        table leaves spare this round (4 Koningen's grid beyond the round's cards), else a top corner
        instead (at the bottom if that is nearer the target), where they hide no plate and not
        the target, nor a thing on the table (the scene's sprites) if they can; at the bottom
        when the top would hide the target."""
        wide = min(int(760 * u), area.w - int(40 * u))
        rect = pygame.Rect(0, 0, wide, self._height(text, size, wide, u))
        rect.midtop = (area.centerx, area.y + int(96 * u))
        layout = self.scene.layout()
        kept = list(layout.protected().values())     # the plates, the hand, the board with its coordinates
        board, log = layout.board_rect, layout.log
        if board is not None and log is not None and rect.colliderect(board):
            # a board in the middle with the move log beside it (Keezen): the words go over the
            # log (all of it: no half line peeps out), which they say anyway, and hide nothing
            # of the board; where the log's column is short (couch mode) over the plate below
            # it too, never over the player's own; rather the words smaller, by the kit's rule,
            # where they then fit above the plate
            below = [other.top for other in kept if other.top >= log.bottom and other.x < log.right and other.right > log.x]
            room = min(below, default=area.bottom) - int(10 * u) - log.y
            for smaller in (size, int(size * SHRINK)):
                place = pygame.Rect(log.x, log.y, log.w, max(log.h, self._height(text, smaller, log.w, u)))
                if place.h <= room and (target is None or not place.colliderect(target)):
                    self.size = smaller
                    return place
            place = pygame.Rect(log.x, log.y, log.w, max(log.h, self._height(text, size, log.w, u)))
            by_seat = layout.plates
            for seat, plate in by_seat.items():
                if seat != self.scene.bottom_seat() and place.colliderect(plate):   # all of it, with its cards
                    for part in [plate.inflate(int(24 * u), 0)] + list(layout.backs.get(seat, [])):
                        place.union_ip(part)
            place = place.clamp(area).clip(area)    # (longer words than the log at the bottom: upwards)
            own = by_seat.get(self.scene.bottom_seat())
            if not place.colliderect(board) and (own is None or not place.colliderect(own)) \
                    and (target is None or not place.colliderect(target)):
                return place
        if rect.collidelist(kept) >= 0:
            # a top corner, else the same corner under the status line (which says whose turn
            # it is: the words never hide it)
            status = layout.status
            tops = [area.y + int(10 * u)] + ([status.bottom + int(10 * u)] if status is not None else [])
            # first the same place slid sideways off what it covers, then the middle of the table
            # where nothing lies there (Kingen's couch mode: between its trick's turns)
            places = []
            for other in kept:
                if rect.colliderect(other):
                    places += [rect.move(other.right + int(10 * u) - rect.x, 0),
                               rect.move(other.x - int(10 * u) - rect.right, 0)]
            places.append(rect.move(area.centerx - rect.centerx, area.centery - rect.centery))
            for top in tops:
                for corner, x in (("topright", area.right - int(10 * u)), ("topleft", area.x + int(10 * u))):
                    for width in (min(wide, int(600 * u)), min(wide, int(480 * u))):
                        place = pygame.Rect(0, 0, width, self._height(text, size, width, u))
                        setattr(place, corner, (x, top))
                        places.append(place)
            bottom = rect.copy()
            bottom.midbottom = (area.centerx, area.bottom - int(20 * u))
            # each thing pointed at (not all between them: 4 Koningen's cards and its button)
            keep = kept + self._target_rects() + ([status] if status is not None else [])
            things = [sprite.rect for sprite in self.scene.sprites(layout)]
            # before all, a place the table leaves spare this round (4 Koningen's grid beyond the
            # round's cards), the words smaller if they must
            for spare in layout.spare:
                for smaller in (size, int(size * SHRINK)):
                    place = pygame.Rect(spare.x, spare.y, spare.w, self._height(text, smaller, spare.w, u))
                    if spare.w >= int(360 * u) and place.h <= spare.h and place.collidelist(keep + things) < 0:
                        self.size = smaller
                        return place
            for hidden in (keep + things, keep):      # rather over a seat's cards than over its plate
                free = [place for place in places + [bottom] if area.contains(place) and place.collidelist(hidden) < 0]
                if free and bottom in free and target is not None and gap(bottom, target) < gap(free[0], target):
                    return bottom
                if free:
                    return free[0]
        if target is not None and rect.colliderect(target):
            rect.midbottom = (area.centerx, area.bottom - int(20 * u))     # never over what it points at
        return rect

    def _target_rect(self):
        rects = self._target_rects()
        return rects[0].unionall(rects[1:]) if rects else None

    def _target_rects(self) -> list:
        point = getattr(self.step, "point", None)
        if point is None:
            return []
        scene = self.scene
        targets = scene.targets(scene.layout())
        if isinstance(point, list) and point and all(isinstance(stage, list) for stage in point):
            # a list of lists: the stages of one move (Keezen's card, its pawn, where it goes),
            # the target only once the choice before it is made: the last stage on the table now
            for stage in reversed(point):
                found = [targets.get(key) for key in stage]
                if any(target is not None for target in found):
                    return [target.rect for target in found if target is not None]
            return []
        keys = point if isinstance(point, list) else [point]
        if len(keys) > 1:
            # a move made in parts (a square, then the piece to give; cards, then where they go):
            # once begun, the parts not chosen yet in the lesson's order, else the ones to choose now
            left = [key for key in keys if not scene.is_chosen(key)]
            keys = left if 0 < len(left) < len(keys) else [key for key in keys if scene.is_legal_target(key)] or keys
        found = [targets.get(key) for key in keys]
        return [target.rect for target in found if target is not None]

    def _point(self, surface, words: pygame.Rect, targets: list, u: float) -> None:
        """A pulsing ring round each target (several cards apart: a ring each, not one round
        what lies between them) and an arrow from the words to the first, from the side
        the words are on."""
        glow = pulse(self.scene.time)
        rings = [target.inflate(int((14 + 8 * glow) * u), int((14 + 8 * glow) * u)) for target in targets]
        for ring in rings:     # a gold wash inside: never taken for the thin ring of the cursor
            wash = pygame.Surface(ring.size, pygame.SRCALPHA)
            pygame.draw.rect(wash, (*theme.ACCENT, int(40 + 40 * glow)), wash.get_rect(), border_radius=int(14 * u))
            surface.blit(wash, ring)
            pygame.draw.rect(surface, theme.ACCENT, ring, max(3, int(5 * u)), border_radius=int(14 * u))
        ring = rings[0]
        if words.bottom < ring.top or ring.bottom < words.top:
            above = words.bottom < ring.top
            start = pygame.Vector2(words.centerx, words.bottom if above else words.top)
            end = pygame.Vector2(ring.centerx, ring.top if above else ring.bottom)
        elif words.right < ring.left or ring.right < words.left:
            left = words.right < ring.left
            start = pygame.Vector2(words.right if left else words.left, words.centery)
            end = pygame.Vector2(ring.left if left else ring.right, ring.centery)
        else:
            return
        if start.distance_to(end) < 40 * u:
            return
        pygame.draw.line(surface, theme.ACCENT, start, end, max(3, int(5 * u)))
        direction = (end - start).normalize()
        side = pygame.Vector2(-direction.y, direction.x)
        head = int(22 * u)
        pygame.draw.polygon(surface, theme.ACCENT, [end, end - direction * head + side * head * 0.6,
                                                    end - direction * head - side * head * 0.6])


def gap(a: pygame.Rect, b: pygame.Rect) -> float:
    """How far apart two rectangles are (0 when they touch or overlap)."""
    across = max(a.left - b.right, b.left - a.right, 0)
    down = max(a.top - b.bottom, b.top - a.bottom, 0)
    return (across * across + down * down) ** 0.5
