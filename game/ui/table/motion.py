"""What moves on a game's table, a part of `GameScene` (`scene.motion`).

The scene says where everything is (`sprites`, with the `frame_key` whose change makes
things snap instead of fly); the animator flies each thing from where it was to where the
state now puts it at the player's animation pace. The table may be held as it is for a
while (a finished trick shown before it is taken), and card faces are drawn into the faces'
cache ahead of need, in the time a frame has to spare. Drawing reads: `sync` runs when the
state changes, never in `draw`.
"""
from __future__ import annotations

import pygame

from game.cards import Card
from game.ui.table.animator import STANDING, Animator
from game.ui.table.draw import FaceWarmer, Piece, shadow_reach

DEAL_STAGGER = 0.012     # seconds between two cards of a deal setting off


class Motion:
    def __init__(self, scene):
        self.scene = scene
        self.animator = Animator()
        self.warmer = FaceWarmer()
        self.hold_until = 0.0     # the table stays as it is until then (scene time)

    def sync(self, layout=None) -> None:
        scene = self.scene
        self.animator.sync(scene.sprites(layout), scene.time, scene.app.pace("animation"), scene.frame_key())

    def new_hand(self) -> None:
        """A new hand was dealt: every card flies from the middle of the table, face down, to
        where the new hand puts it, one after another. So the deal shows nothing of where the
        last hand's cards went (Kings Corners' cross lay face up)."""
        middle = self.scene.app.content_rect().center
        self.animator.land()
        self.animator.hold(0.0, stagger=DEAL_STAGGER)
        cards = [sprite for sprite in self.scene.sprites() if isinstance(sprite.key, Card)]
        for sprite in cards:         # (Quarto's pieces go back to the pool from where they stand)
            self.animator.jump(sprite.key, pygame.Rect((0, 0), sprite.rect.size).move_to(center=middle))
            self.animator.reveal(sprite.key, "back")
        pace = self.scene.app.pace("animation")
        if cards and pace > 0:       # nobody plays a card that is still on its way
            self.hold(DEAL_STAGGER * len(cards) + pace)

    def hold(self, seconds: float) -> None:
        """Keep the table as it is for `seconds`."""
        self.hold_until = max(self.hold_until, self.scene.time + seconds)

    def release(self) -> None:
        """The table need not stay as it is any longer (the player went on)."""
        self.hold_until = 0.0

    def held(self) -> bool:
        return self.scene.time < self.hold_until

    def busy(self) -> bool:
        """Held, or something still flies: computers wait, the result waits."""
        return self.held() or self.animator.busy(self.scene.time)

    def moving(self) -> set:
        """The keys in flight (drawn by `draw_flying`, not at their places); none while the
        animator has not seen this window and viewer yet (a frame drawn before the next
        update: everything stands where the state puts it)."""
        return self.animator.moving(self.scene.time) if self.current() else set()

    def current(self) -> bool:
        return self.animator.frame_key == self.scene.frame_key()

    @property
    def flights(self) -> list:
        """The things in flight now."""
        return self.animator.active(self.scene.time)

    def warm_all(self) -> None:
        """As the table opens: every card face of the scene's `face_widths` and of the widths
        its cards lie at (a computer's card shows its face as it leaves a hand, at the hand's
        size: first made in that frame, it cost 3 to 5 ms), queued for the frames after
        (`FaceWarmer`), and what else its table draws later (`GameScene.warm_pictures`)."""
        scene = self.scene
        layout = scene.layout()
        lying = {sprite.rect.w for sprite in scene.sprites(layout) if isinstance(sprite.key, Card)}
        self.warmer.all(sorted(set(scene.face_widths(layout)) | lying), scene.four())
        self.scene.warm_pictures(layout)

    def warm(self) -> None:
        """After drawing: a card face drawn ahead of need in the time the frame has to spare,
        so a card first shown at a size does not stall a frame (see `FaceWarmer`)."""
        self.warmer.step(self.scene.face_widths(self.scene.layout()), self.scene.four(), self.scene.app.spare)

    def draw_resting(self, surface: pygame.Surface, sprites, away=(), live: bool = False) -> None:
        """The sprites at their places: those of the cached table, or with `live` those drawn
        every frame; not those `away` (in flight, dragged)."""
        for sprite in sprites:
            if sprite.live == live and sprite.key not in away:
                self.scene.draw_thing(surface, sprite.key, sprite.rect, sprite.look)

    def resting_pieces(self, sprites, away=()) -> list:
        """The sprites at their places on the cached table as pieces of a `PieceLayer` (not
        those `away`), each with the reach of its shadow."""
        found = []
        for sprite in sprites:
            if not sprite.live and sprite.key not in away:
                reach = shadow_reach(min(sprite.rect.size))      # (the card's width, either way up)
                found.append(Piece(sprite.rect.inflate(2 * reach, 2 * reach), (sprite.key, sprite.look, self.scene.four()),
                                   lambda surface, sprite=sprite: self.scene.draw_thing(surface, sprite.key, sprite.rect,
                                                                                         sprite.look)))
        return found

    def draw_flying(self, surface: pygame.Surface) -> None:
        """Everything in flight, on top of the table (see `moving`)."""
        if not self.current():
            return
        for key, rect, look, size in self.animator.in_flight(self.scene.time):
            turning = self.animator.turning(key, self.scene.time)
            if turning is None:
                self.scene.draw_thing(surface, key, rect, look, size)
                continue
            # a card between a hand on the side and the table: drawn standing, then turned
            # (squeezed into its rect, half-way it was as wide as tall)
            rect, turn = turning
            size = (min(size), max(size))
            reach = shadow_reach(size[0])
            image = pygame.Surface((size[0] + 2 * reach, size[1] + 2 * reach), pygame.SRCALPHA)
            self.scene.draw_thing(image, key, pygame.Rect((reach, reach), size), STANDING.get(look, look), size)
            scale = rect.w / size[0]      # (scaled smooth, then turned without smoothing: 0.2 ms, rotozoom's 0.5)
            image = pygame.transform.rotate(pygame.transform.smoothscale(
                image, (round(image.get_width() * scale), round(image.get_height() * scale))), turn)
            surface.blit(image, image.get_rect(center=rect.center))
