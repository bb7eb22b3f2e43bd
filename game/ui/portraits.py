"""Portraits of the cast (game/characters.py), drawn by code at any size.

A portrait is a head and shoulders in a disc: the face's shape, the hair's, glasses, a beard,
a hat and earrings come from the character's description, so two characters differ in
outline as well as in colour. It is drawn at two to four times its size and scaled down
smoothly, which gives clean edges at 24 pixels as at 256, and kept per (character, size).
"""
from __future__ import annotations

import functools
import math

import pygame

from game.characters import OWN_BY_KEY, Character

EYE = (40, 34, 40)
MOUTH = (150, 60, 60)
FRAME = (40, 40, 48)
GOLD = (246, 196, 70)
WHITE = (250, 250, 250)


def _shade(colour, factor: float) -> tuple:
    return tuple(max(0, min(255, int(c * factor))) for c in colour[:3])


def portrait(character: Character, size: int) -> pygame.Surface:
    """The character's portrait, `size` pixels square, round, on a transparent ground."""
    return _portrait(character, max(8, int(size)))


@functools.lru_cache(maxsize=256)
def _portrait(character: Character, size: int) -> pygame.Surface:
    scale = 4 if size <= 64 else 3 if size <= 128 else 2
    big = size * scale
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    _paint(canvas, character, big)
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (big // 2, big // 2), big // 2)
    canvas.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)    # everything inside the disc
    return pygame.transform.smoothscale(canvas, (size, size))


def seat_face(scene, seat: int) -> Character | None:
    """The face beside a seat's name (the end screen, a break's standings): its character's,
    the player's own (Settings, "Your face") for the one human at the table, else None (the
    name's initial)."""
    character = scene.seat_character(seat)
    if character is None and scene.human_seats == (seat,):
        return OWN_BY_KEY.get(scene.app.store.settings.get("face", ""))
    return character


def initial(name: str, size: int) -> pygame.Surface:
    """A person without a portrait (a human at the table): the first letter of their name,
    white on a disc of the table's gold, `size` pixels square."""
    return _initial((name.strip()[:1] or "?").upper(), max(8, int(size)))


@functools.lru_cache(maxsize=64)
def _initial(letter: str, size: int) -> pygame.Surface:
    from game.ui.text import blit_in
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(surface, (*_shade(GOLD, 0.62), 255), (size // 2, size // 2), size // 2)
    blit_in(surface, letter, size * 0.56, WHITE, surface.get_rect(), bold=True)
    return surface


def _paint(surface: pygame.Surface, c: Character, s: int) -> None:
    """The whole portrait on a square of `s` pixels (before the disc's mask)."""
    def r(x, y, w, h) -> pygame.Rect:        # a rect in fractions of the square
        return pygame.Rect(round(x * s), round(y * s), max(1, round(w * s)), max(1, round(h * s)))

    def p(x, y) -> tuple:
        return round(x * s), round(y * s)

    line = max(1, round(s * 0.022))
    skin, dark_skin, hair = c.skin, _shade(c.skin, 0.82), c.hair_colour
    surface.fill((*c.backdrop, 255))
    # the face's box: its width and height by shape, its chin at 0.74
    width, height = {"round": (0.50, 0.52), "oval": (0.44, 0.56), "square": (0.50, 0.52), "long": (0.40, 0.60),
                     "heart": (0.48, 0.54), "wide": (0.56, 0.50)}[c.face]
    face = r(0.5 - width / 2, 0.74 - height, width, height)
    # shoulders and neck
    pygame.draw.ellipse(surface, c.shirt, r(0.12, 0.80, 0.76, 0.50))
    pygame.draw.rect(surface, dark_skin, r(0.43, 0.66, 0.14, 0.18))
    collar = [p(0.38, 0.81), p(0.5, 0.90), p(0.62, 0.81)]
    pygame.draw.polygon(surface, _shade(c.shirt, 0.7), collar)
    pygame.draw.polygon(surface, dark_skin, [p(0.42, 0.81), p(0.5, 0.87), p(0.58, 0.81)])
    _hair_behind(surface, c, face, r, p)
    # ears, then the face over them
    ear = round(face.h * 0.16)
    for x in (face.left + round(face.w * 0.03), face.right - round(face.w * 0.03)):
        pygame.draw.circle(surface, dark_skin, (x, face.centery + round(face.h * 0.04)), ear)
    _face(surface, c.face, face, skin)
    if c.earrings:
        for x in (face.left + round(face.w * 0.02), face.right - round(face.w * 0.02)):
            pygame.draw.circle(surface, GOLD, (x, face.centery + round(face.h * 0.22)), max(2, round(s * 0.022)))
    # eyes, brows, nose, mouth
    eye_y = face.y + round(face.h * 0.50)
    if c.beard == "full":
        _full_beard(surface, face, eye_y, hair)
    gap = round(face.w * 0.20)
    eye = max(2, round(s * 0.026))
    for x in (face.centerx - gap, face.centerx + gap):
        pygame.draw.circle(surface, EYE, (x, eye_y), eye)
        brow = pygame.Rect(0, 0, round(face.w * 0.22), round(face.h * 0.12))
        brow.center = (x, eye_y - round(face.h * 0.10))
        pygame.draw.arc(surface, _shade(hair, 0.8), brow, 0.35, 2.8, line)
    nose = [(face.centerx, eye_y + round(face.h * 0.04)),
            (face.centerx - round(face.w * 0.05), eye_y + round(face.h * 0.20)),
            (face.centerx + round(face.w * 0.02), eye_y + round(face.h * 0.21))]
    pygame.draw.lines(surface, _shade(skin, 0.68), False, nose, line)
    if c.beard == "moustache":
        _moustache(surface, face, eye_y + round(face.h * 0.23), hair)
    smile = pygame.Rect(0, 0, round(face.w * 0.32), round(face.h * 0.16))
    smile.midbottom = (face.centerx, eye_y + round(face.h * (0.44 if c.beard == "moustache" else 0.40)))
    pygame.draw.arc(surface, MOUTH, smile, 3.5, 5.9, line + 1)
    _glasses(surface, c.glasses, face, eye_y, gap, line)
    _hair_front(surface, c, face, r, p)
    _hat(surface, c, face, r, p)


def _jaw_point(face: pygame.Rect, angle: float, grow: float = 1.0, drop: float = 0.0) -> tuple:
    """A point on the face's outline (an ellipse of its box), `angle` 0 at the right and pi/2
    at the chin, the outline grown by `grow` and lowered by `drop` of the face's height."""
    return (round(face.centerx + face.w / 2 * grow * math.cos(angle)),
            round(face.centery + face.h * drop + face.h / 2 * grow * math.sin(angle)))


def _full_beard(surface, face: pygame.Rect, eye_y: int, hair) -> None:
    """A beard over the jaw from ear to ear, its top along the cheekbones and dipping under
    the nose into a moustache: the mouth shows through it as a mouth, not a snout."""
    outer = [_jaw_point(face, math.pi * (i / 12) * 1.2 - math.pi * 0.1, 1.04, 0.05) for i in range(13)]
    cheek = eye_y + round(face.h * 0.12)
    under_nose = eye_y + round(face.h * 0.20)
    low_cheek = cheek + round(face.h * 0.06)
    inner = [(face.left + round(face.w * 0.04), cheek), (face.left + round(face.w * 0.22), low_cheek),
             (face.centerx - round(face.w * 0.12), under_nose), (face.centerx + round(face.w * 0.12), under_nose),
             (face.right - round(face.w * 0.22), low_cheek), (face.right - round(face.w * 0.04), cheek)]
    pygame.draw.polygon(surface, hair, outer + inner)
    lip = pygame.Rect(0, 0, round(face.w * 0.26), round(face.h * 0.08))      # the lower lip's shadow in the beard
    lip.midtop = (face.centerx, eye_y + round(face.h * 0.34))
    pygame.draw.ellipse(surface, _shade(hair, 0.7), lip)


def _moustache(surface, face: pygame.Rect, top: int, hair) -> None:
    """A handlebar moustache under the nose: wide and low at its turned-down ends, notched in
    the middle, so it reads as hair and not as lips."""
    w, h, x = face.w, face.h, face.centerx
    right = [(x, top + round(h * 0.015)), (x + round(w * 0.10), top), (x + round(w * 0.20), top + round(h * 0.035)),
             (x + round(w * 0.27), top + round(h * 0.12)), (x + round(w * 0.17), top + round(h * 0.085)),
             (x + round(w * 0.07), top + round(h * 0.075)), (x, top + round(h * 0.05))]
    left = [(2 * x - px, py) for px, py in reversed(right)]
    pygame.draw.polygon(surface, hair, right + left)


def _face(surface, shape: str, face: pygame.Rect, skin) -> None:
    if shape == "square":
        pygame.draw.rect(surface, skin, face, border_radius=round(face.w * 0.22))
    elif shape == "heart":    # wide at the brow, narrowing to a pointed chin
        top = pygame.Rect(face.x, face.y, face.w, round(face.h * 0.78))
        pygame.draw.ellipse(surface, skin, top)
        pygame.draw.polygon(surface, skin, [(face.x + round(face.w * 0.06), top.centery),
                                            (face.right - round(face.w * 0.06), top.centery),
                                            (face.centerx, face.bottom)])
    else:                     # round, oval, long, wide: an ellipse of the face's box
        pygame.draw.ellipse(surface, skin, face)


def _glasses(surface, kind: str, face: pygame.Rect, eye_y: int, gap: int, line: int) -> None:
    if not kind:
        return
    lens = round(face.w * 0.30)
    width = max(1, round(line * 1.2))
    rects = []
    for x in (face.centerx - gap, face.centerx + gap):
        rect = pygame.Rect(0, 0, lens, round(lens * (0.8 if kind == "square" else 1)))
        rect.center = (x, eye_y)
        rects.append(rect)
        if kind == "round":
            pygame.draw.ellipse(surface, FRAME, rect, width)
        else:
            pygame.draw.rect(surface, FRAME, rect, width, border_radius=max(1, lens // 6))
    pygame.draw.line(surface, FRAME, (rects[0].right, eye_y), (rects[1].left, eye_y), width)
    pygame.draw.line(surface, FRAME, (rects[0].left, eye_y), (face.left + 1, eye_y - lens // 8), width)
    pygame.draw.line(surface, FRAME, (rects[1].right, eye_y), (face.right - 1, eye_y - lens // 8), width)


def _hair_behind(surface, c: Character, face: pygame.Rect, r, p) -> None:
    """Hair that falls behind the face: a bob's sides, long hair, a ponytail, curls, a bun."""
    hair = c.hair_colour
    if c.hair == "bob":
        pygame.draw.rect(surface, hair, pygame.Rect(face.x - round(face.w * 0.10), face.y - round(face.h * 0.08),
                                                    round(face.w * 1.2), round(face.h * 0.92)),
                         border_radius=round(face.w * 0.35))
    elif c.hair == "long":
        pygame.draw.rect(surface, hair, pygame.Rect(face.x - round(face.w * 0.12), face.y - round(face.h * 0.08),
                                                    round(face.w * 1.24), round(face.h * 1.3)),
                         border_radius=round(face.w * 0.4))
    elif c.hair == "ponytail":
        tail = pygame.Rect(face.right - round(face.w * 0.1), face.y + round(face.h * 0.05), round(face.w * 0.36),
                           round(face.h * 0.8))
        pygame.draw.ellipse(surface, hair, tail)
    elif c.hair == "curls":
        radius = round(face.w * 0.17)
        for i in range(9):
            angle_x = [-0.56, -0.62, -0.5, -0.28, 0.0, 0.28, 0.5, 0.62, 0.56][i]
            angle_y = [0.62, 0.34, 0.08, -0.08, -0.14, -0.08, 0.08, 0.34, 0.62][i]
            centre = (face.centerx + round(face.w * angle_x), face.y + round(face.h * angle_y))
            pygame.draw.circle(surface, hair, centre, radius)
    elif c.hair == "bun":
        pygame.draw.circle(surface, hair, (face.centerx, face.y - round(face.h * 0.08)), round(face.w * 0.22))


def _hair_front(surface, c: Character, face: pygame.Rect, r, p) -> None:
    """The hair over the brow, by style."""
    hair = c.hair_colour
    cap = pygame.Rect(face.x - round(face.w * 0.04), face.y - round(face.h * 0.06), round(face.w * 1.08),
                      round(face.h * 0.56))
    if c.hair in ("bun", "long", "ponytail"):     # parted and swept back
        pygame.draw.ellipse(surface, hair, cap.inflate(0, -round(face.h * 0.1)).move(0, -round(face.h * 0.04)))
        pygame.draw.rect(surface, c.skin, pygame.Rect(face.x + round(face.w * 0.14), face.y + round(face.h * 0.22),
                                                     round(face.w * 0.72), round(face.h * 0.2)))
        pygame.draw.ellipse(surface, c.skin, pygame.Rect(face.x + round(face.w * 0.14), face.y + round(face.h * 0.12),
                                                        round(face.w * 0.72), round(face.h * 0.3)))
    elif c.hair == "bob":                         # a straight fringe
        fringe = pygame.Rect(cap.x, cap.y, cap.w, round(face.h * 0.36))
        pygame.draw.rect(surface, hair, fringe, border_top_left_radius=cap.w // 2, border_top_right_radius=cap.w // 2)
    elif c.hair == "curls":
        radius = round(face.w * 0.15)
        for fx in (-0.3, -0.1, 0.1, 0.3):
            centre = (face.centerx + round(face.w * fx), face.y + round(face.h * 0.08))
            pygame.draw.circle(surface, hair, centre, radius)
    elif c.hair == "short":
        pygame.draw.ellipse(surface, hair, cap.inflate(0, -round(face.h * 0.16)).move(0, -round(face.h * 0.05)))
        pygame.draw.ellipse(surface, c.skin, pygame.Rect(face.x + round(face.w * 0.1), face.y + round(face.h * 0.14),
                                                        round(face.w * 0.8), round(face.h * 0.34)))
    elif c.hair == "spiky":     # short, tousled tufts swept to one side (not a row of points: a crown)
        pygame.draw.ellipse(surface, hair, cap.inflate(0, -round(face.h * 0.16)).move(0, -round(face.h * 0.05)))
        pygame.draw.ellipse(surface, c.skin, pygame.Rect(face.x + round(face.w * 0.1), face.y + round(face.h * 0.16),
                                                        round(face.w * 0.8), round(face.h * 0.32)))
        for fx, height, lean in ((-0.34, 0.07, 0.10), (-0.18, 0.12, 0.13), (-0.02, 0.09, 0.12), (0.14, 0.13, 0.14),
                                 (0.30, 0.08, 0.10)):
            base = face.centerx + round(face.w * fx)
            root = face.y + round(face.h * 0.02) + round(face.h * 0.9 * fx * fx)
            foot = root + round(face.h * 0.05)
            tuft = [(base - round(face.w * 0.09), foot), (base + round(face.w * 0.09), foot),
                    (base + round(face.w * lean), root - round(face.h * height))]
            pygame.draw.polygon(surface, hair, tuft)
    elif c.hair == "bald":                       # a fringe of hair over the ears only
        for x in (face.x + round(face.w * 0.02), face.right - round(face.w * 0.02)):
            side = pygame.Rect(0, 0, round(face.w * 0.14), round(face.h * 0.3))
            side.center = (x, face.y + round(face.h * 0.42))
            pygame.draw.ellipse(surface, hair, side)
        shine = pygame.Rect(face.x + round(face.w * 0.56), face.y + round(face.h * 0.06), round(face.w * 0.2),
                            round(face.h * 0.08))
        pygame.draw.ellipse(surface, _shade(c.skin, 1.12), shine)


def _hat(surface, c: Character, face: pygame.Rect, r, p) -> None:
    if c.hat == "cap":
        crown = pygame.Rect(face.x - round(face.w * 0.04), face.y - round(face.h * 0.12), round(face.w * 1.08),
                            round(face.h * 0.5))
        colour = _shade(c.shirt, 1.3) if sum(c.shirt) < 400 else _shade(c.shirt, 0.7)
        pygame.draw.ellipse(surface, colour, crown)
        pygame.draw.rect(surface, colour, pygame.Rect(crown.x, crown.centery, crown.w, round(face.h * 0.08)))
        brim = pygame.Rect(face.centerx - round(face.w * 0.1), crown.centery + round(face.h * 0.02),
                           round(face.w * 0.8), round(face.h * 0.1))
        pygame.draw.ellipse(surface, _shade(colour, 0.75), brim)
        pygame.draw.circle(surface, _shade(colour, 0.75), (crown.centerx, crown.y + 2), max(2, round(face.w * 0.05)))
    elif c.hat == "beret":
        beret = pygame.Rect(face.x - round(face.w * 0.16), face.y - round(face.h * 0.16), round(face.w * 1.2),
                            round(face.h * 0.36))
        pygame.draw.ellipse(surface, (170, 40, 60), beret)
        stalk = (beret.centerx + round(face.w * 0.16), beret.y - round(face.h * 0.08))
        pygame.draw.line(surface, (120, 24, 40), (beret.centerx + round(face.w * 0.1), beret.y + 2), stalk,
                         max(2, round(face.w * 0.04)))
