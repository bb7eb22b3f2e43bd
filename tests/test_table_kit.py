"""The table kit on its own: the animator, targets and the cursor, drag-and-drop, seats, panels."""
import pygame
import pytest

from game.cards import Card
from game.ui import input as inp
from game.ui.table.animator import Animator, Sprite
from game.ui.table.layout import watching_floating
from game.ui.table.panels import ScoreSheet, Sheet, choice_rects, draw_choice, stack_buttons
from game.ui.table.seats import arrange_seats, hand_fan, seat_sides
from game.ui.table.targets import Controls, Drag, Target, Targets

R = pygame.Rect


# ----------------------------------------------------------------------------- animator

def test_a_thing_flies_from_where_it_was_drawn_to_where_it_now_lies():
    animator = Animator(arc=0.0)
    animator.sync([Sprite("a", R(0, 0, 10, 14)), Sprite("b", R(50, 0, 10, 14))], now=0.0, duration=1.0)
    assert not animator.busy(0.0)                     # the first description moves nothing
    animator.sync([Sprite("a", R(100, 0, 10, 14), "back"), Sprite("b", R(50, 0, 10, 14))], now=1.0, duration=1.0)
    assert animator.moving(1.0) == {"a"}
    assert animator.rect("a", 1.0).topleft == (0, 0)
    halfway = animator.rect("a", 1.5)
    assert 50 < halfway.x < 100                       # eased out: past the middle at half time
    assert animator.look("a", 1.2) == "face" and animator.look("a", 1.8) == "back"   # turns over half-way
    assert animator.rect("a", 2.5).topleft == (100, 0) and not animator.busy(2.5)
    assert animator.rect("b", 1.5).topleft == (50, 0)


def test_a_new_flight_starts_where_the_last_one_had_got_to():
    animator = Animator(arc=0.0)
    animator.sync([Sprite("a", R(0, 0, 10, 14))], 0.0, 1.0)
    animator.sync([Sprite("a", R(100, 0, 10, 14))], 0.0, 1.0)
    where = animator.rect("a", 0.5)
    animator.sync([Sprite("a", R(100, 200, 10, 14))], 0.5, 1.0)
    assert animator.rect("a", 0.5) == where


def test_events_say_where_new_things_come_from_and_where_pawns_walk():
    animator = Animator(arc=0.0)
    animator.sync([Sprite("p", R(0, 0, 10, 10))], 0.0, 1.0)
    animator.come_from("c", R(500, 500, 10, 14), "back")
    animator.route("p", [R(10, 0, 10, 10), R(20, 0, 10, 10)])
    animator.sync([Sprite("p", R(30, 0, 10, 10)), Sprite("c", R(0, 100, 10, 14))], 1.0, 1.0)
    assert animator.rect("c", 1.0).topleft == (500, 500) and animator.look("c", 1.0) == "back"
    flight = animator.flights["p"]
    assert len(flight.path) == 4                      # from, the two squares passed, to
    assert animator.rect("p", flight.start + flight.duration / 3).x == 10   # square by square
    assert animator.busy(1.0)


def test_a_dropped_thing_flies_on_from_the_drop_and_a_leaving_thing_to_its_exit():
    animator = Animator(arc=0.0)
    animator.sync([Sprite("a", R(0, 0, 10, 14)), Sprite("gone", R(5, 5, 10, 14))], 0.0, 1.0)
    animator.jump("a", R(300, 300, 10, 14))
    animator.leave("gone", R(900, 0, 10, 14), "back")
    animator.sync([Sprite("a", R(0, 0, 10, 14))], 1.0, 1.0)     # refused: back to the hand
    assert animator.rect("a", 1.0).topleft == (300, 300)
    flying = {key: (rect, look) for key, rect, look, _ in animator.in_flight(1.6)}
    assert set(flying) == {"a", "gone"} and flying["gone"][1] == "back"
    assert animator.active(2.1) == []


def test_a_card_from_a_hand_on_the_side_turns_as_it_flies_and_keeps_its_shape():
    """(issue 34) A card lying sideways in a hand on the left or the right, played to the table
    where it stands, was squeezed into its rect (half-way as wide as tall)."""
    animator = Animator(arc=0.0)
    animator.sync([Sprite("c", R(700, 300, 76, 54), "turned")], 0.0, 1.0)
    animator.reveal("c")
    animator.sync([Sprite("c", R(100, 300, 98, 137))], 0.0, 1.0)
    assert animator.turning("c", 0.0)[1] == 90.0 and animator.turning("c", 1.0) == (R(100, 300, 98, 137), 0.0)
    turns = []
    for step in range(1, 10):
        standing, turn = animator.turning("c", step / 10)
        assert 1.38 < standing.h / standing.w < 1.42, "as tall as a card is, for its width"
        centre = animator.rect("c", step / 10).center
        assert abs(standing.centerx - centre[0]) <= 1 and abs(standing.centery - centre[1]) <= 1, "where it flies"
        turns.append(turn)
    assert turns == sorted(turns, reverse=True) and 0 < turns[-1] < turns[0] < 90, "turning upright on the way"
    animator.sync([Sprite("c", R(100, 300, 98, 137)), Sprite("d", R(0, 0, 98, 137))], 2.0, 1.0)
    animator.sync([Sprite("c", R(300, 300, 98, 137)), Sprite("d", R(0, 0, 98, 137))], 2.0, 1.0)
    assert animator.turning("c", 2.5) is None and animator.turning("d", 2.5) is None, "a card that stands all the way"


def test_a_new_window_size_or_no_animation_moves_nothing():
    animator = Animator()
    animator.sync([Sprite("a", R(0, 0, 10, 14))], 0.0, 1.0, frame_key=(1920, 1080))
    animator.sync([Sprite("a", R(50, 0, 10, 14))], 0.0, 1.0, frame_key=(960, 540))
    assert not animator.busy(0.0)
    animator.sync([Sprite("a", R(90, 0, 10, 14))], 0.0, 0.0, frame_key=(960, 540))
    assert not animator.busy(0.0)


def test_a_hold_delays_the_next_flights_one_after_another():
    animator = Animator()
    animator.sync([Sprite(n, R(0, 0, 10, 14)) for n in "ab"], 0.0, 1.0)
    animator.hold(2.0, stagger=0.5)
    animator.sync([Sprite(n, R(100, 0, 10, 14)) for n in "ab"], 0.0, 1.0)
    assert sorted(flight.start for flight in animator.flights.values()) == [2.0, 2.5]
    assert animator.rect("a", 1.0).x == 0 and animator.busy(1.0)


# ----------------------------------------------------------------------------- targets

def row_and_buttons():
    hand = [Target(("hand", i), R(100 + 30 * i, 500, 60, 84), row="hand") for i in range(4)]
    return Targets([Target(("pile", 0), R(150, 100, 60, 84), drop=True),
                    Target(("stock",), R(300, 100, 60, 84), focusable=False),
                    Target(("button", "end"), R(600, 500, 100, 40))] + hand)


def test_the_cursor_steps_along_a_row_and_up_and_down_leave_it():
    targets = row_and_buttons()
    assert targets.neighbour(("hand", 1), inp.RIGHT) == ("hand", 2)
    assert targets.neighbour(("hand", 3), inp.RIGHT) == ("button", "end")
    assert targets.neighbour(("hand", 2), inp.UP) == ("pile", 0)
    assert targets.neighbour(("hand", 0), inp.LEFT) is None
    assert ("stock",) not in [target.key for target in targets]     # the mouse finds it, the cursor not
    assert targets.at((310, 110)).key == ("stock",)
    assert targets.at((195, 520)).key == ("hand", 3)                 # the topmost card


def test_a_drop_goes_under_the_pointer_else_where_the_thing_covers_most():
    targets = row_and_buttons()
    assert targets.drop_at((160, 110), None) == ("pile", 0)
    assert targets.drop_at((400, 400), R(170, 150, 60, 84)) == ("pile", 0)   # covers half of it
    assert targets.drop_at((400, 400), R(200, 180, 60, 84)) is None          # only a sliver


class FakeScene:
    def __init__(self, app):
        self.app = app
        self.calls = []

    def layout(self):
        return None

    def targets(self, layout):
        return row_and_buttons()

    def default_focus(self, layout):
        return None

    def can_drag(self, key):
        return key[0] == "hand"

    def activate(self, key, by_mouse):
        self.calls.append(("activate", key, by_mouse))

    def drag_start(self, key, pos):
        return Drag(key, [key], [R(100, 500, 60, 84)], pos, card_width=60)

    def drop(self, drag, key):
        self.calls.append(("drop", drag.item, key))


def test_a_click_activates_and_a_drag_drops(make_app):
    scene = FakeScene(make_app())
    controls = Controls(scene)
    controls.handle(inp.Action(inp.PRESS, inp.MOUSE, pos=(105, 520)))
    assert controls.focus == ("hand", 0) and not scene.calls          # a click or a drag: not known yet
    controls.handle(inp.Action(inp.RELEASE, inp.MOUSE, pos=(106, 521)))
    assert scene.calls == [("activate", ("hand", 0), True)]
    controls.handle(inp.Action(inp.PRESS, inp.MOUSE, pos=(105, 520)))
    controls.handle(inp.Action(inp.POINT, inp.MOUSE, pos=(140, 300)))
    assert controls.drag is not None and controls.drag.rects_now()[0].topleft == (135, 280)
    controls.handle(inp.Action(inp.RELEASE, inp.MOUSE, pos=(170, 120)))
    assert scene.calls[-1] == ("drop", ("hand", 0), ("pile", 0)) and controls.drag is None
    controls.handle(inp.Action(inp.PRESS, inp.MOUSE, pos=(620, 510)))   # not draggable: at once
    assert scene.calls[-1] == ("activate", ("button", "end"), True)
    controls.focus = ("hand", 1)
    controls.handle(inp.Action(inp.CONFIRM, inp.KEYBOARD))
    assert scene.calls[-1] == ("activate", ("hand", 1), False)
    assert not controls.handle(inp.Action(inp.BACK, inp.KEYBOARD))       # the scene's own
    assert controls.targets(None).get(("button", "menu")) is not None      # every table has the Menu button


# ----------------------------------------------------------------------------- seats and panels

def test_seats_sit_clockwise_around_the_viewer():
    assert seat_sides(4, 2) == {2: "bottom", 3: "left", 0: "top", 1: "right"}
    assert seat_sides(3, 0) == {0: "bottom", 1: "left", 2: "right"}
    assert seat_sides(2, 1) == {1: "bottom", 0: "top"}
    assert seat_sides(1, 0) == {0: "bottom"}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_seats_keep_out_of_the_middle_and_the_window(players):
    area = R(0, 0, 960, 486)
    layout = arrange_seats(area, 60, R(0, 400, 960, 72), 150, players, 0, [13] * players, 0.5, 87, 48)
    assert len(layout.places) == players
    for place in layout.places.values():
        assert area.contains(place.plate)
        assert not place.plate.colliderect(layout.middle)
        for rect in place.cards:
            assert area.contains(rect) and not rect.colliderect(layout.middle)
    assert not layout.hand_area.colliderect(layout.middle)


def test_buttons_stack_upwards_with_the_small_ones_side_by_side():
    rects = stack_buttons(1000, 800, 300, 1.0, ["end", "hint", "undo"], small=("hint", "undo"))
    assert rects["hint"].bottom == rects["undo"].bottom == 800 and rects["hint"].right < rects["undo"].x
    assert rects["end"].bottom < rects["hint"].top and rects["end"].w == 300


def test_the_score_sheet_leaves_out_the_earliest_rows_when_they_do_not_fit(make_app):
    make_app()
    surface = pygame.Surface((900, 500))
    made = []

    def sheet():
        made.append(1)
        rows = [(f"hand {n}", [str(n), str(2 * n)], n % 2, n == 29) for n in range(30)]
        return Sheet("Hand 30", ["You", "Computer"], rows, ("Total", ["435", "870"], {0}),
                     [("Left", [[Card(13, "S"), Card(1, "H")], []])], "press next", lambda n: f"{n} earlier")
    painter = ScoreSheet()
    painter.draw(surface, R(0, 0, 900, 500), 0.5, "key", sheet)
    painter.draw(surface, R(0, 0, 900, 500), 0.5, "key", sheet)
    assert made == [1]                                # drawn once, then blitted
    painter.draw(surface, R(0, 0, 900, 500), 0.5, "other", sheet)
    assert made == [1, 1]
    with watching_floating() as floating:     # (issue 34) the part it painted, told without a search of its pixels
        painter.draw(surface, R(40, 30, 900, 500), 0.5, "other", sheet)
    assert floating == [("score sheet", painter._image[1].get_bounding_rect().move(40, 30))]
    assert not painter._image[1].get_flags() & pygame.RLEACCELOK, "shown without RLE (its first blit encoded it)"


def test_a_choice_panel_lays_its_answers_inside_the_area(make_app):
    make_app()
    area = R(100, 100, 800, 500)
    for count in (2, 4, 7):
        box, options = choice_rects(area, count, 0.5)
        assert area.contains(box) and all(box.contains(rect) for rect in options)
        assert len({tuple(rect) for rect in options}) == count
    surface = pygame.Surface((1000, 700))
    drawn = draw_choice(surface, area, 0.5, "Trump?", ["\u2660", "\u2665", "\u2663", "\u2666"], focused=1)
    assert drawn == choice_rects(area, 4, 0.5)[1]


def test_the_hand_shows_most_of_each_card_where_there_is_room_and_stays_inside_where_not():
    roomy = hand_fan(8, R(0, 0, 1200, 140), 100)
    assert [b.x - a.x for a, b in zip(roomy, roomy[1:])] == [75] * 7
    tight = hand_fan(13, R(0, 0, 500, 140), 100)
    assert tight[0].left >= 0 and tight[-1].right <= 500
    assert all(b.x > a.x for a, b in zip(tight, tight[1:]))


def test_marks_draws_the_kinds_that_hold_in_the_order_given():
    from game.ui.table.draw import mark, marks
    rect = pygame.Rect(40, 30, 60, 90)

    def drawn(paint):
        surface = pygame.Surface((160, 160))
        surface.fill((0, 0, 0))
        paint(surface)
        return pygame.image.tobytes(surface, "RGB")

    nothing = drawn(lambda s: None)
    assert drawn(lambda s: marks(s, rect, 1.0, hint=False, focus=False)) == nothing
    only_focus = drawn(lambda s: mark(s, rect, "focus", 1.0))
    assert drawn(lambda s: marks(s, rect, 1.0, hint=False, focus=True)) == only_focus

    def hint_then_focus(s):
        mark(s, rect, "hint", 1.0)
        mark(s, rect, "focus", 1.0)
    assert drawn(lambda s: marks(s, rect, 1.0, hint=True, focus=True)) == drawn(hint_then_focus)
    assert drawn(lambda s: marks(s, rect, 1.0, focus=True, hint=True)) != drawn(hint_then_focus)
