"""The window, the fixed-timestep loop and the scene stack.

The loop follows "Fix Your Timestep": updates run at a fixed rate from an accumulator, a
long frame is clamped so a stall cannot snowball, catch-up updates are capped, and drawing
gets the interpolation factor. Scenes form a stack; an overlay (pause, rules, hand-over)
draws on top of the scene below it. Everything is drawn directly at the window's size, so
text and cards are rendered at the size they are shown. A window made smaller than
MIN_WINDOW (by a window manager that ignores the minimum size) gets a canvas of at least
that size, shown scaled down, so every layout stays within the sizes it was designed for.
"""
from __future__ import annotations

import collections
import dataclasses
import os
import signal
import statistics
import sys
import threading
import time
import warnings
from dataclasses import dataclass, field

import pygame

from game.paths import asset
from game.ui import input as inp
from game.ui import theme
from game.ui.i18n import language, set_language, system_language, t
from game.ui.scene import Scene
from game.ui.table.layout import note_floating
from game.ui.text import blit_in, blit_text, fit_lines, lines_height, recording_now, render

STEP = 1 / 120          # update rate
MAX_FRAME = 0.25        # a longer frame (a stall, a dragged window) counts as this long
MAX_UPDATES = 8         # catch-up updates per frame at most
MIN_WINDOW = (960, 540)
BASE_HEIGHT = 1080      # sizes are designed for 1080p at UI scale 1
COUCH_SCALE = 1.3       # couch mode: larger UI, read from three metres
NOTICE_LINES = 3        # a notice wraps onto at most this many lines of small text
AHEAD_SHARE = 1.5       # work ahead of need keeps a frame under this many typical frames
TYPICAL_FRAMES = 120    # the frames whose median is the typical frame
# SDL's fallbacks when no real screen answers: a window there exists but nobody can see it.
INVISIBLE_DRIVERS = ("offscreen", "dummy")
# Signals that end the game as closing its window does (the last save written, exit 0).
QUIT_SIGNALS = ("SIGTERM", "SIGINT")


NO_DISPLAY = ("no display was found, so no window can open. Start Spelavond from a desktop session, or use "
              "--headless (with --frames and --screenshot) on a machine without a display")


def _no_display_named() -> bool:
    """On Linux and the BSDs: no X11 or Wayland display in the environment and no video driver
    chosen, so there is no window to open (macOS and Windows always have their own)."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return False
    return not any(os.environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"))


class NoDisplay(RuntimeError):
    """No screen to open a window on (a server, an SSH session without X forwarding)."""


class FixedStep:
    """Accumulator arithmetic of the fixed-timestep loop (pure: unit-tested)."""

    def __init__(self, step: float = STEP, max_frame: float = MAX_FRAME, max_updates: int = MAX_UPDATES):
        self.step, self.max_frame, self.max_updates = step, max_frame, max_updates
        self.accumulator = 0.0

    def advance(self, elapsed: float) -> int:
        """Add a frame's real time; return how many fixed updates to run now."""
        self.accumulator += min(max(elapsed, 0.0), self.max_frame)
        updates = int(self.accumulator // self.step)
        if updates > self.max_updates:
            updates = self.max_updates
            self.accumulator = 0.0  # too far behind: drop the backlog rather than spiral
        else:
            self.accumulator -= updates * self.step
        return updates

    @property
    def alpha(self) -> float:
        """How far between the last update and the next one this frame is drawn (0..1)."""
        return min(1.0, self.accumulator / self.step)


@dataclass
class LaunchOptions:
    fullscreen: bool | None = None
    couch: bool = False
    headless: bool = False
    frames: int | None = None
    scene: str | None = None
    screenshot: str | None = None
    seed: int | None = None
    size: tuple | None = None
    data_dir: str | None = None
    no_worker: bool = False
    events: list = field(default_factory=list)


class App:
    def __init__(self, options: LaunchOptions | None = None, store=None):
        from game.store import Store
        from game.ui.sound import Sound

        self.options = options or LaunchOptions()
        if self.options.headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ.setdefault("SDL_HINT_VIDEO_ALLOW_SCREENSAVER", "1")
        if not self.options.headless and _no_display_named():
            raise NoDisplay(NO_DISPLAY)      # before SDL probes for one and prints its own error lines
        pygame.display.init()
        self._check_display()
        pygame.font.init()
        self.store = store or Store(self.options.data_dir)
        settings = self.store.settings
        if not settings["language"]:
            settings["language"] = system_language()
        set_language(settings["language"])
        if self.options.couch:
            settings["couch"] = True
        self.sound = Sound()
        self.sound.init()
        self.apply_sound_settings()
        self.input = inp.InputMapper()
        if self.options.couch or settings["couch"]:
            self.input.last_device = inp.GAMEPAD
        self.scenes: list[Scene] = []
        self.running = True
        self.clock = pygame.time.Clock()
        self.step = FixedStep()
        self._worker = None
        self.notices: list[list] = []   # [text, seconds left]
        self.problems_told = 0          # store.problems the player has seen and closed
        self._problems_seen = len(self.store.problems)   # a write failing later is told at once
        self.legend_chips: list = []    # (rect, action) of the legend entries, clickable
        self._legend = None             # (what it shows, the legend bar's picture, its chips)
        self._under, self._under_key = None, None  # the frozen picture beneath an overlay
        self.frame_times: list[float] = []
        self._frame_started = 0.0       # the thread's CPU clock when this frame began
        self.ticking = False            # inside `tick`: what a scene leaves for the frame's end gets done there
        self._allowance = 0.0           # the CPU seconds a frame may take with work ahead of need
        self._recent = collections.deque(maxlen=TYPICAL_FRAMES)   # recent frames' CPU, that work left out
        self._f11_held = False
        fullscreen = self.options.fullscreen
        if fullscreen is None:
            fullscreen = settings["fullscreen"] or settings["couch"]
        self.fullscreen = bool(fullscreen) and not self.options.headless
        self.window = self.screen = None
        self._use_window(self._open_window())
        pygame.display.set_caption("Spelavond")
        pygame.display.set_icon(pygame.image.load(asset("icon", "spelavond.png")))
        pygame.key.set_repeat(350, 60)
        pygame.key.start_text_input()  # digits for the game-number field arrive as TEXTINPUT

    def _check_display(self) -> None:
        """Refuse to run in an invisible window: without a display SDL quietly falls back to
        drawing off screen, and the player would wait for a window that never comes."""
        driver = pygame.display.get_driver()
        if self.options.headless or driver not in INVISIBLE_DRIVERS or os.environ.get("SDL_VIDEODRIVER"):
            return
        pygame.quit()
        raise NoDisplay(f"{NO_DISPLAY} (SDL offered only its {driver!r} driver)")

    # -- window ---------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.options.size:
            size = self.options.size
        elif self.options.headless:
            size = (1920, 1080)
        else:
            size = tuple(self.store.settings["window"])
        size = (max(MIN_WINDOW[0], size[0]), max(MIN_WINDOW[1], size[1]))
        if self.fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    pygame.Window.from_display_module().minimum_size = MIN_WINDOW
            except (AttributeError, pygame.error):
                pass
        return screen

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        if self.options.headless or on == self.fullscreen:
            return
        self.fullscreen = on
        self.store.settings["fullscreen"] = on
        self.store.save_settings()
        self._use_window(self._open_window())

    def _use_window(self, window: pygame.Surface) -> None:
        """Draw straight into the window, or into a canvas of at least MIN_WINDOW when the
        window is smaller (`present()` scales it down into the window)."""
        self.window = window
        w, h = self._window_size = window.get_size()
        if w >= MIN_WINDOW[0] and h >= MIN_WINDOW[1]:
            self.screen = window
            return
        size = (max(w, MIN_WINDOW[0]), max(h, MIN_WINDOW[1]))
        if self.screen is None or self.screen is window or self.screen.get_size() != size:
            self.screen = pygame.Surface(size, 0, window)

    def present(self) -> None:
        """Put the frame in the window (a canvas is scaled down into it)."""
        if self.screen is self.window:
            return
        try:
            pygame.transform.smoothscale(self.screen, self.window.get_size(), self.window)
        except (ValueError, pygame.error):   # a pixel format smoothscale does not take
            pygame.transform.scale(self.screen, self.window.get_size(), self.window)

    def to_canvas(self, pos):
        """A window position in canvas pixels (the same unless the window is undersized)."""
        if self.screen is self.window:
            return pos
        (w, h), (cw, ch) = self.window.get_size(), self.screen.get_size()
        return (int(pos[0] * cw / max(1, w)), int(pos[1] * ch / max(1, h)))

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def u(self) -> float:
        """The size unit: 1.0 at 1080p with UI scale 1 (larger in couch mode)."""
        w, h = self.size
        return min(w / 1920, h / BASE_HEIGHT) * self.store.settings["ui_scale"] * self.couch_scale

    @property
    def space_u(self) -> float:
        """The unit for the air between things (margins, gaps): `u` without couch mode's
        enlargement, so that in couch mode the larger text takes room from the air and not
        from the board and the cards."""
        return self.u / self.couch_scale

    @property
    def couch_scale(self) -> float:
        """How much couch mode enlarges the text, the cards and the pieces (1 outside it)."""
        return COUCH_SCALE if self.store.settings["couch"] else 1.0

    def legend_height(self) -> int:
        return int(54 * self.u)

    def corner_rect(self, label: str) -> pygame.Rect:
        """Where the way back (a table's Menu, a screen's Back) sits: a button at the right end
        of the legend bar, so that it covers nothing of any screen at any size."""
        u, (w, h), bar = self.u, self.size, self.legend_height()
        width = render(label, int(theme.SMALL * u), theme.TEXT, True).get_width() + int(56 * u)
        return pygame.Rect(w - int(10 * u) - width, h - bar + int(6 * u), width, bar - int(12 * u))

    def content_rect(self) -> pygame.Rect:
        """The screen minus the legend bar at the bottom."""
        w, h = self.size
        return pygame.Rect(0, 0, w, h - self.legend_height())

    # -- services -------------------------------------------------------------------------
    @property
    def worker(self):
        """The computer-player worker process (started early, see run())."""
        if self._worker is None:
            from ai.worker import BotWorker
            self._worker = BotWorker(use_process=not self.options.no_worker)
        return self._worker

    def apply_sound_settings(self) -> None:
        self.sound.set_volume(self.store.settings["volume"])
        self.sound.set_muted(self.store.settings["muted"])

    def pace(self, kind: str = "computer") -> float:
        """Seconds for one computer move (or one animation) at the chosen speed."""
        key = "computer_pace" if kind == "computer" else "animation_speed"
        return {"slow": 1.6, "normal": 0.9, "fast": 0.4, "instant": 0.0}[self.store.settings[key]] * (
            1.0 if kind == "computer" else 0.4)

    def notify(self, text: str, seconds: float = 3.0) -> None:
        self.notices.append([text, seconds])

    # -- scene stack ----------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self._under_key = None
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        self._under_key = None
        scene = self.scenes.pop()
        scene.exit()
        if self.top:
            self.top.resume()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def reset_to(self, scene: Scene) -> None:
        """Close every scene and show this one (quit to menu)."""
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def quit(self) -> None:
        self.running = False

    # -- what the scenes below may ask for (they do not import the menus) ------------------
    def to_title(self) -> None:
        """Close every scene and show the title screen (quit to menu)."""
        from game.menu.title import TitleScene
        self.reset_to(TitleScene(self))

    def pause(self, game: str, extras: list | None = None) -> None:
        """The pause menu over a game: resume, rules, settings, the game's extras, quit."""
        from game.menu.pause import PauseOverlay
        self.push(PauseOverlay(self, game, extras))

    def review(self, data: dict, name: str | None = None) -> None:
        """Look back at a game (`data`: its record; `name`: its file among the kept records,
        where its analysis is kept). A record that cannot be replayed is said, not shown."""
        from game.menu.review import ReviewScene
        try:
            scene = ReviewScene(self, data, name)
        except ValueError as error:
            self.notify(str(error), 6)
            return
        self.push(scene)

    def new_game(self, game: str, setup: dict, seed: int | None = None) -> None:
        """Start a game (a new game number unless one is given), above the title screen."""
        from game.play import start_game
        start_game(self, game, setup, seed)

    # -- loop -----------------------------------------------------------------------------
    def dispatch(self, event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key == pygame.K_F11:
            # once per press: a held key repeats its KEYDOWN, which must not flip the window back
            if event.type == pygame.KEYDOWN and not self._f11_held:
                self.toggle_fullscreen()
            self._f11_held = event.type == pygame.KEYDOWN
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._use_window(pygame.display.get_surface() or self.window)
            if not self.fullscreen and not self.options.headless:
                self.store.settings["window"] = list(self.size)
            return
        if event.type == pygame.CONTROLLERDEVICEADDED:
            before = len(self.input.controllers)
            self.input.translate(event)
            if len(self.input.controllers) > before:
                self.notify(t("notice.controller_added"))
            return
        if event.type == pygame.CONTROLLERDEVICEREMOVED:
            self.input.translate(event)
            self.notify(t("notice.controller_removed"))
            return
        for action in self.input.translate(event):
            if action.pos is not None:
                action = dataclasses.replace(action, pos=self.to_canvas(action.pos))
            self.send(action)

    def send(self, action: inp.Action) -> None:
        if action.name == inp.PRESS and action.pos is not None:
            for rect, legend_action in self.legend_chips:
                if rect.collidepoint(action.pos):  # a click on a legend entry does what it says
                    action = inp.Action(legend_action, inp.MOUSE, pos=action.pos)
                    break
        if self.top:
            self.top.handle(action)

    def spare(self) -> float:
        """The CPU seconds this frame may still spend on work ahead of need (a card face drawn
        before a card shows it): what keeps the frame under AHEAD_SHARE typical frames, so
        that work never makes a slow frame; none before ten frames are known."""
        return self._allowance - (time.thread_time() - self._frame_started)

    def tick(self, elapsed: float) -> None:
        """One frame: events, fixed updates, drawing, then work ahead of need in what is left
        of a typical frame."""
        self._frame_started = time.thread_time()
        self._allowance = AHEAD_SHARE * statistics.median(self._recent) if len(self._recent) >= 10 else 0.0
        self.ticking = True
        try:
            self._tick(elapsed)
        finally:
            self.ticking = False

    def _tick(self, elapsed: float) -> None:
        events = pygame.event.get()
        # the window's surface takes its new size as the events are fetched (its event may come
        # later): one smaller than MIN_WINDOW gets its canvas before any event is handled
        if self.window.get_size() != self._window_size:
            self._use_window(self.window)
        for event in events:
            self.dispatch(event)
            if not self.scenes:
                break
        for _ in range(self.step.advance(elapsed)):
            for action in self.input.update(self.step.step):
                self.send(action)
            if self.top:
                self.top.update(self.step.step)
            for notice in self.notices:
                notice[1] -= self.step.step
            self.notices = [n for n in self.notices if n[1] > 0]
        self._tell_unwritten()
        self.draw(self.step.alpha)
        self._recent.append(time.thread_time() - self._frame_started)
        if self.top:
            self.top.ahead()
        self.present()
        if not self.scenes:
            self.running = False

    def _tell_unwritten(self) -> None:
        """A file the store could not write (a full disk, data with no JSON form) is said at
        once, whatever the screen; the title screen lists it too."""
        problems = self.store.problems
        if len(problems) > self._problems_seen:
            from game.menu.title import problem_lines
            for problem in problems[self._problems_seen:]:
                if problem.get("writing"):
                    self.notify(problem_lines([problem])[0], 6)
            self._problems_seen = len(problems)

    def draw(self, alpha: float) -> None:
        surface = self.screen
        surface.fill(theme.BACKGROUND)
        first = 0
        for index in range(len(self.scenes) - 1, -1, -1):
            if not self.scenes[index].overlay:
                first = index
                break
        visible = self.scenes[first:]
        if len(visible) > 1:
            # Under an overlay nothing updates, so what lies beneath is drawn once and reused.
            key = (tuple(id(scene) for scene in visible[:-1]), surface.get_size())
            if self._under_key != key:
                self._under = surface.copy()
                for scene in visible[:-1]:
                    scene.draw(self._under, alpha)
                    scene.draw_over(self._under)
                if visible[-1].shade:
                    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
                    shade.fill(theme.OVERLAY_SHADE)
                    self._under.blit(shade, (0, 0))
                self._under_key = key
            surface.blit(self._under, (0, 0))
            visible = visible[-1:]
        else:
            self._under_key = None
        for scene in visible:
            scene.draw(surface, alpha)
            scene.draw_over(surface)
        self.draw_legend(surface)

    def draw_legend(self, surface: pygame.Surface) -> None:
        """The bar at the bottom: what the buttons do on the left, the newest notice (a hint, a
        refused move) on the right, so a notice never covers the table or the status line. The
        bar without the notice changes seldom: it is drawn once per change and blitted."""
        if not self.top:
            return
        u = self.u
        w, h = surface.get_size()
        bar = pygame.Rect(0, h - self.legend_height(), w, self.legend_height())
        corner = self.top.corner_button()
        end = self.corner_rect(corner[0]).x - int(6 * u) if corner is not None else bar.right
        placed = self.notice_box(bar, end)
        right = (placed[0].x if placed is not None else end) - 24 * u
        entries = tuple(self.top.legend())
        key = (tuple(bar), u, corner, entries, right, language(),
               tuple(self.input.legend_name(action) for action, _ in entries))
        cached = self._legend
        if cached is None or cached[0] != key or recording_now():
            chips = self.paint_legend(surface, bar, corner, list(entries), right)
            image = surface.subsurface(bar.clip(surface.get_rect())).copy()    # (its pixels exactly)
            self._legend = cached = (key, image, chips)
        else:
            surface.blit(cached[1], bar)
        self.legend_chips = list(cached[2])
        if placed is not None:
            self.draw_notice(surface, placed)

    def paint_legend(self, surface: pygame.Surface, bar: pygame.Rect, corner, entries: list, right: float) -> list:
        """The legend bar's ground, its corner button and its entries (up to `right`); returns
        the clickable (rect, action) of each."""
        u = self.u
        surface.fill(theme.BACKGROUND, bar)
        pygame.draw.line(surface, theme.PANEL_LIGHT, bar.topleft, bar.topright, max(1, int(2 * u)))
        chips = []
        if corner is not None:       # (label, action, focused): a click on it sends the action
            from game.ui.table.panels import draw_button
            rect = self.corner_rect(corner[0])
            draw_button(surface, rect, corner[0], u, focused=corner[2], ground=theme.PANEL_LIGHT)
            chips.append((rect, corner[1]))
        x = bar.x + 24 * u

        def width(action, key):
            return (render(self.input.legend_name(action), int(theme.TINY * u), theme.BACKGROUND, True).get_width()
                    + render(t(key), int(theme.TINY * u), theme.TEXT).get_width() + 60 * u)
        # what does not fit is left out from the middle: the last entry (pause) always shows
        while len(entries) > 1 and x + sum(width(*entry) for entry in entries) - 34 * u > right:
            entries.pop(-2)
        for action, key in entries:
            name = self.input.legend_name(action)
            chip = render(name, int(theme.TINY * u), theme.BACKGROUND, True)
            box = chip.get_rect(midleft=(x, bar.centery)).inflate(int(16 * u), int(8 * u))
            box.x = int(x)
            label = render(t(key), int(theme.TINY * u), theme.TEXT)
            if box.right + 10 * u + label.get_width() > right:
                break
            pygame.draw.rect(surface, theme.TEXT_DIM, box, border_radius=int(8 * u))
            blit_text(surface, name, theme.TINY * u, theme.BACKGROUND, box.center, "center", bold=True, box=box)
            label = blit_text(surface, t(key), theme.TINY * u, theme.TEXT, (box.right + 10 * u, bar.centery), "midleft")
            if action not in inp.DIRECTIONS:
                chips.append((box.union(label).inflate(int(12 * u), int(10 * u)), action))
            x = label.right + 34 * u
        return chips

    def draw_notice(self, surface: pygame.Surface, placed) -> None:
        """The newest notice where `notice_box` placed it: (box, text size, text)."""
        box, size, text = placed
        u = self.u
        pad, air = int(14 * u), int(6 * u)
        note_floating("notice", box)
        pygame.draw.rect(surface, theme.PANEL_LIGHT, box, border_radius=int(10 * u))
        pygame.draw.rect(surface, theme.ACCENT, box, max(1, int(2 * u)), border_radius=int(10 * u))
        blit_in(surface, text, size, theme.TEXT, box.inflate(-2 * pad, -2 * air))

    def notice_box(self, bar: pygame.Rect, end: int):
        """Where the newest notice goes at the right of the legend bar, ending at `end` (left
        of the corner button), and at what text size: (box, size, text), or None. Never over
        the status line at the top: a long one wraps at the small text size (shrinking at most
        by the kit's rule) and grows upwards over the table's corner, so it stays readable at
        any window size."""
        if not self.notices:
            return None
        u = self.u
        text = self.notices[-1][0]
        pad, air = int(14 * u), int(6 * u)
        natural = render(text, int(theme.SMALL * u), theme.TEXT).get_width() + 2 * pad
        kept = self.top.kept_clear()
        widest = min(end - bar.x - int(20 * u), natural)
        span = pygame.Rect(end - int(10 * u) - widest, 0, widest, bar.bottom)      # (its columns)
        under = [rect.bottom for rect in kept if rect.colliderect(span)]
        room = bar.bottom - int(4 * u) - max(under, default=0) - 1 - 2 * air
        # as wide as the text up to 70% of the bar; wider, over the legend, where its lines
        # would rise over what the table keeps in sight (the hand, a plate); then as high as
        # the room under that, its text smaller by the kit's rule, where it all fits there
        for width, most in ((min(int(bar.w * 0.7), natural), None), (widest, None), (widest, room)):
            size, lines = fit_lines(text, theme.SMALL * u, width - 2 * pad,
                                    most or lines_height(NOTICE_LINES, int(theme.SMALL * u)))
            if most is not None and (most < 1 or " ".join(lines).split() != text.split()):
                break               # (cut short there: rather over the table, whole)
            height = max(bar.h - int(8 * u), int(lines_height(len(lines), size)) + 2 * air)
            box = pygame.Rect(end - int(10 * u) - width, bar.bottom - int(4 * u) - height, width, height)
            if box.collidelist(kept) < 0:
                break
        return box, size, text

    def run(self) -> int:
        """The main loop. Headless runs a fixed number of frames at a simulated 60 Hz."""
        frames = self.options.frames
        count = 0
        caught = self._catch_quit_signals()
        try:
            while self.running:
                if self.options.headless:
                    for event in self.options.events[count:count + 1]:
                        pygame.event.post(event)
                    elapsed = 1 / 60
                else:
                    elapsed = self.clock.tick(240) / 1000
                self.tick(elapsed)
                if not self.options.headless:
                    pygame.display.flip()
                count += 1
                if count == 2 and not self.options.no_worker:
                    _ = self.worker  # start the computer-player process once the menu shows
                if frames is not None and count >= frames:
                    break
            if self.options.screenshot and not self.screenshot(self.options.screenshot):
                return 3
        finally:
            self.close()
            for number, handler in caught.items():
                signal.signal(number, handler)
        return 0

    def _catch_quit_signals(self) -> dict:
        """SIGTERM and SIGINT ask the loop to end, as closing the window does: it notices at
        its next frame (a frame is never longer than a few milliseconds, even when idle), and
        close() writes the last save. (SDL turns SIGTERM into a QUIT event only where it sets
        its own handlers, and SIGINT was a KeyboardInterrupt mid-frame.) Returns the handlers
        to put back when the loop ends."""
        caught = {}
        if threading.current_thread() is not threading.main_thread():
            return caught   # signals reach the main thread only: its own handlers stay
        for name in QUIT_SIGNALS:
            number = getattr(signal, name, None)
            if number is not None:
                before = signal.signal(number, lambda *_: self.quit())
                caught[number] = signal.SIG_DFL if before is None else before   # None: SDL's, set outside Python
        return caught

    def screenshot(self, path: str) -> bool:
        """The last frame as a PNG; a file that cannot be written is said in one line."""
        try:
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
            pygame.image.save(self.screen, path)
        except (OSError, pygame.error) as error:
            print(f"spelavond: cannot write the screenshot {path}: {error}", file=sys.stderr)
            return False
        return True

    def close(self) -> None:
        while self.scenes:
            self.scenes.pop().exit()
        if self._worker is not None:
            self._worker.close()
            self._worker = None
        self.store.save_settings()
        self.store.close()


def parse_size(text: str) -> tuple[int, int]:
    """'1280x720' as (1280, 720), for --size; a clear error for anything else."""
    import argparse
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}") from None
    if width < 320 or height < 240 or width > 16384 or height > 16384:
        raise argparse.ArgumentTypeError(f"size {text} is out of range (320x240 to 16384x16384)")
    return width, height


def open_scene(app: App, name: str | None, seed: int | None, resume: bool = False, seats: list | None = None) -> None:
    """Put the requested screen on the stack (above the title screen): title, settings, stats,
    recent, setup:GAME, game:GAME, pause:GAME, rules:GAME, review:GAME (its newest kept
    record) or learn:GAME (its guided first game); `resume` presses Continue on the title
    screen instead. `seats` (one kind a seat) seat a new game instead of the last setup."""
    from game import registry

    app.to_title()
    if resume:
        from game.play import continue_game
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
    elif kind == "learn":
        from game.lesson import lesson_of
        from game.play import start_lesson
        if lesson_of(registry.game(game).name) is None:
            raise ValueError(f"{game} has no guided first game yet")
        start_lesson(app, game)
    elif kind == "recent":
        from game.menu.recent import RecentGamesScene
        app.push(RecentGamesScene(app))
    elif kind == "review":
        registry.game(game)
        kept = [name for name in app.store.record_names() if name.endswith(f"-{game}.json")]
        if kept:
            app.review(app.store.load_record(kept[-1]), kept[-1])
        else:     # no game of it kept yet: one of random moves from the game number, for a look
            from game.record import random_record
            app.review(random_record(game, seed if seed is not None else 1).to_dict())
    elif kind in ("setup", "game", "pause", "rules"):
        info = registry.game(game)
        if not info.playable():
            raise ValueError(f"{game} cannot be played yet")
        if kind == "setup":
            from game.menu.setup import SetupScene
            app.push(SetupScene(app, game))
            return
        from game.menu.setup import clean_setup
        setup = clean_setup(info, app.store.last_setup(game))
        if seats is not None:
            if len(seats) not in info.seats:
                raise ValueError(f"{game} is played by {' or '.join(map(str, info.seats))} seats, not {len(seats)}")
            setup.update(players=len(seats), seats=list(seats))
        app.new_game(game, setup, seed if seed is not None else 1)
        if kind == "pause":
            app.top.handle(inp.Action(inp.MENU, inp.KEYBOARD))
        elif kind == "rules":
            from game.menu.rules_help import RulesOverlay
            app.push(RulesOverlay(app, game))
    else:
        raise ValueError(f"unknown scene {name!r}")
