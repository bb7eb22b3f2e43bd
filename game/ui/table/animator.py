"""One animator for every table: things fly from where they were drawn to where the state now
puts them.

A scene describes its table as `Sprite`s: a key naming the thing (a card, a pawn, a piece),
the rect the state puts it in and its `look` (face up, a back, a back lying sideways...).
`Animator.sync(sprites, ...)` compares them with the last description: a thing whose rect
changed flies there from where it is now (also when it was still flying), its look
changing half-way (a drawn card turns over in the air). Nothing is compared but positions,
so a card played, a pile moved, a trick taken, a pawn walking and a hand re-sorted all
animate the same way, at the pace the player chose.

Events say what the positions cannot: `come_from(key, rect, look)` gives a thing that
appears the place it comes from (a card drawn from the stock), `route(key, rects)` the
squares a pawn walks over, `leave(key, rect, look)` where a disappearing thing goes, and
`jump(key, rect)` where it was just dropped by the mouse, `reveal(key, look)` that it
shows `look` from the start (a card played from a hidden hand is face up as it leaves it). A change of the window (or of
whose eyes the table is seen through) moves nothing: everything snaps to its place.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame


@dataclass(slots=True)
class Sprite:
    key: object
    rect: pygame.Rect
    look: object = "face"
    live: bool = False      # drawn by the scene every frame (the player's hand), not cached


@dataclass(eq=False, slots=True)
class Flight:
    key: object
    path: list              # rects: the start, any squares passed, the goal
    start: float            # when it sets off
    duration: float
    look: object            # the look it shows until half-way
    arc: float = 0.0        # lifted by this fraction of its height at mid-flight
    end_look: object = None # a leaving thing's look after half-way

    def progress(self, now: float) -> float:
        return max(0.0, min(1.0, (now - self.start) / self.duration)) if self.duration > 0 else 1.0

    def rect(self, now: float, path=None) -> pygame.Rect:
        """Where it is at `now` on its way (along `path`, its own by default)."""
        path = path or self.path
        p = self.progress(now)
        legs = len(path) - 1
        if legs <= 1:
            a, b, q = path[0], path[-1], 1 - (1 - p) ** 3   # eases out
        else:
            index = min(legs - 1, int(p * legs))        # one square after another
            a, b = path[index], path[index + 1]
            q = p * legs - index
            q = q * q * (3 - 2 * q)
        rect = pygame.Rect(round(a.x + (b.x - a.x) * q), round(a.y + (b.y - a.y) * q),
                           round(a.w + (b.w - a.w) * q), round(a.h + (b.h - a.h) * q))
        if self.arc:
            rect.y -= int(math.sin(p * math.pi) * rect.h * self.arc)
        return rect

    def turns(self) -> bool:
        """Whether it lies sideways at one end of its way and stands at the other (a card from
        a hand on the left or the right to the table, or back)."""
        a, b = self.path[0], self.path[-1]
        return a.w != a.h and b.w != b.h and (a.w > a.h) != (b.w > b.h)

    def standing(self, now: float) -> tuple[pygame.Rect, float]:
        """For one that `turns`: where it is at `now` as if it stood all the way (each end
        as tall as it is long there), and the degrees it is still turned by (90 lying, 0
        standing), so it is drawn standing and turned, never squeezed into its rect."""
        upright = [rect if rect.h >= rect.w else pygame.Rect(0, 0, rect.h, rect.w).move_to(center=rect.center)
                   for rect in self.path]
        done = 1 - (1 - self.progress(now)) ** 3       # (as `rect` eases out)
        return self.rect(now, upright), 90.0 * (1 - done if self.path[0].w > self.path[0].h else done)


@dataclass
class Animator:
    arc: float = 0.15
    goals: dict = field(default_factory=dict)      # key -> (rect, look) of the last description
    flights: dict = field(default_factory=dict)    # key -> Flight
    leaving: dict = field(default_factory=dict)    # key -> Flight of a thing on its way out
    frame_key: object = None
    _origins: dict = field(default_factory=dict)
    _routes: dict = field(default_factory=dict)
    _exits: dict = field(default_factory=dict)
    _reveal: dict = field(default_factory=dict)
    _delay: float = 0.0
    _stagger: float = 0.0

    # -- what the events add -----------------------------------------------------------------
    def come_from(self, key, rect, look=None) -> None:
        """A thing about to appear comes from `rect` (with `look` until half-way)."""
        self._origins[key] = (pygame.Rect(rect), look)

    def route(self, key, rects) -> None:
        """The next move of `key` passes over these rects (a pawn walking square by square)."""
        self._routes[key] = [pygame.Rect(rect) for rect in rects]

    def leave(self, key, rect, look=None) -> None:
        """When `key` disappears from the table it first flies to `rect`."""
        self._exits[key] = (pygame.Rect(rect), look)

    def reveal(self, key, look="face") -> None:
        """The next flight of `key` shows `look` from the start (until half-way, as ever)."""
        self._reveal[key] = look

    def jump(self, key, rect) -> None:
        """`key` is at `rect` now (dropped there by the mouse): its next flight starts there."""
        if key in self.goals:
            self.goals[key] = (pygame.Rect(rect), self.goals[key][1])
            self.flights.pop(key, None)

    def land(self) -> None:
        """Everything stands where it goes now (a new hand is dealt at once)."""
        self.flights.clear()

    def hold(self, seconds: float, stagger: float = 0.0) -> None:
        """The flights the next `sync` starts wait `seconds` (each one `stagger` more)."""
        self._delay, self._stagger = seconds, stagger

    # -- each frame, and after each move ------------------------------------------------------
    def sync(self, sprites, now: float, duration: float, frame_key=None) -> None:
        goals = {sprite.key: (sprite.rect, sprite.look) for sprite in sprites}
        if frame_key != self.frame_key or duration <= 0:
            self.frame_key = frame_key
            self.flights.clear()
            self.leaving.clear()
        else:
            started = 0
            for key, (rect, look) in goals.items():
                old = self.goals.get(key)
                if old is None:
                    origin = self._origins.get(key)
                    if origin is None:
                        continue
                    path, start_look = [origin[0]], origin[1] if origin[1] is not None else look
                elif old[0] == rect:
                    continue
                else:
                    path, start_look = [self.rect(key, now) or old[0]], self.look(key, now) or old[1]
                start_look = self._reveal.get(key, start_look)
                path += self._routes.get(key, []) + [rect]
                delay = self._delay + self._stagger * started
                started += 1
                self.flights[key] = Flight(key, path, now + delay, duration * max(1, len(path) - 2) ** 0.5,
                                           start_look, self.arc if len(path) == 2 else 0.0)
            for key, (rect, look) in self.goals.items():
                if key not in goals and key in self._exits:
                    goal, end_look = self._exits[key]
                    self.leaving[key] = Flight(key, [self.rect(key, now) or rect, goal], now + self._delay,
                                               duration, self.look(key, now) or look, end_look=end_look or look)
        self.goals = goals
        self.flights = {key: flight for key, flight in self.flights.items()
                        if key in goals and now < flight.start + flight.duration}
        self.leaving = {key: flight for key, flight in self.leaving.items()
                        if key not in goals and now < flight.start + flight.duration}
        self._origins.clear()
        self._routes.clear()
        self._exits.clear()
        self._reveal.clear()
        self._delay = self._stagger = 0.0

    # -- where to draw --------------------------------------------------------------------------
    def rect(self, key, now: float) -> pygame.Rect | None:
        """Where `key` is now: on its way, or at its goal."""
        flight = self.flights.get(key)
        if flight is not None and now < flight.start + flight.duration:
            return flight.rect(now)
        goal = self.goals.get(key)
        return goal[0] if goal else None

    def look(self, key, now: float):
        flight = self.flights.get(key)
        if flight is not None and flight.progress(now) < 0.5:
            return flight.look
        goal = self.goals.get(key)
        return goal[1] if goal else None

    def moving(self, now: float) -> set:
        """The keys in flight (or waiting to set off)."""
        return {key for key, flight in self.flights.items() if now < flight.start + flight.duration}

    def active(self, now: float) -> list[Flight]:
        return [flight for flight in list(self.flights.values()) + list(self.leaving.values())
                if now < flight.start + flight.duration]

    def busy(self, now: float) -> bool:
        return bool(self.active(now))

    def in_flight(self, now: float):
        """(key, rect, look, size) of everything flying, to draw on top of the table; `size` is
        the size of the place it comes from or goes to, whichever its look belongs to (draw
        the image at that size and scale it: a card between two sizes is not drawn anew)."""
        for key, flight in list(self.flights.items()) + list(self.leaving.items()):
            if now < flight.start + flight.duration:
                if flight.progress(now) < 0.5:
                    look, size = flight.look, flight.path[0].size
                else:
                    look = self.goals[key][1] if key in self.goals else flight.end_look
                    size = flight.path[-1].size
                yield key, flight.rect(now), look, size

    def turning(self, key, now: float) -> tuple[pygame.Rect, float] | None:
        """For a thing flying between a place where it lies sideways and one where it stands:
        where it is standing, and the degrees it is still turned by (`Flight.standing`)."""
        flight = self.flights.get(key) or self.leaving.get(key)
        return flight.standing(now) if flight is not None and flight.turns() else None


STANDING = {"turned": "back", "turned_face": "face"}     # a look lying sideways, and the same standing
