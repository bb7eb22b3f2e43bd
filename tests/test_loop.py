"""The fixed-timestep arithmetic and the scene stack."""
from game.app import FixedStep
from game.ui.scene import Scene


def test_updates_follow_real_time():
    step = FixedStep(step=0.01, max_frame=1.0, max_updates=100)
    assert step.advance(0.035) == 3
    assert abs(step.accumulator - 0.005) < 1e-9
    assert abs(step.alpha - 0.5) < 1e-6
    assert step.advance(0.005) == 1
    assert step.accumulator < 1e-9


def test_long_frame_is_clamped():
    step = FixedStep(step=0.01, max_frame=0.05, max_updates=100)
    assert step.advance(3.0) == 5  # a 3 s stall counts as 50 ms


def test_catch_up_is_capped_and_backlog_dropped():
    step = FixedStep(step=0.01, max_frame=1.0, max_updates=4)
    assert step.advance(0.5) == 4
    assert step.accumulator == 0.0
    assert step.advance(0.0) == 0


def test_negative_time_does_nothing():
    step = FixedStep(step=0.01)
    assert step.advance(-1.0) == 0
    assert step.alpha == 0.0


class Recorder(Scene):
    def __init__(self, app, log, name, overlay=False):
        super().__init__(app)
        self.log, self.name, self.overlay = log, name, overlay

    def enter(self):
        self.log.append(("enter", self.name))

    def exit(self):
        self.log.append(("exit", self.name))

    def resume(self):
        self.log.append(("resume", self.name))

    def draw(self, surface, alpha):
        self.log.append(("draw", self.name))


def test_scene_stack_and_overlays(make_app):
    app = make_app()
    log = []
    app.push(Recorder(app, log, "a"))
    app.push(Recorder(app, log, "b"))
    app.push(Recorder(app, log, "pause", overlay=True))
    log.clear()
    app.draw(0.0)
    assert log == [("draw", "b"), ("draw", "pause")]  # the covered scene "a" is not drawn
    log.clear()
    app.pop()
    assert log == [("exit", "pause"), ("resume", "b")]
    log.clear()
    app.replace(Recorder(app, log, "c"))
    assert log == [("exit", "b"), ("enter", "c")]
    log.clear()
    app.reset_to(Recorder(app, log, "d"))
    assert log == [("exit", "c"), ("exit", "a"), ("enter", "d")]
    assert [s.name for s in app.scenes] == ["d"]
