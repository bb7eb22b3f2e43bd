"""What is kept of a game: the save after every move, and at its end the statistics (once)
and its record among the last games (`records/`, for replay and review).

A part of the playing scene (`GameScene.keeping`). The scene gives it the record, the state,
who sits where and the game's best-score rule (`stat_score`); the store writes the files.
"""
from __future__ import annotations

from datetime import datetime, timezone

from game.options import stat_key

# a game with one of these notes is not counted: the computer played part of it for a human,
# it was played on from a review, or it is a guided first game
UNCOUNTED = ("helper_played", "played_on", "lesson")


class Keeping:
    def __init__(self, scene):
        self.scene = scene
        self.counted = False    # the statistics have this game
        self.kept = None         # the finished game's record as kept (for its review)
        self.record_name = None  # and its file among the kept records

    def save(self) -> None:
        """The game in progress, after every move and undo; a finished game leaves no save."""
        scene = self.scene
        if scene.state.is_over():
            scene.app.store.clear_game()
        else:
            scene.app.store.save_game(scene.record.to_dict())

    def stats_key(self) -> str:
        """The statistics row this game counts in (an option may count its games apart)."""
        scene = self.scene
        return stat_key(scene.game, scene.info.rules().OPTIONS, scene.state.options)

    def outcome(self) -> str | None:
        """'won', 'lost' or 'drawn' for the human side; None when humans played each other."""
        humans = set(self.scene.human_seats)
        state = self.scene.state
        if not humans:
            return None
        winners = set(state.winners())
        if winners and humans <= winners:
            return "won"
        if humans & winners:
            return None
        if not winners and state.players > 1:
            return "drawn"
        return "lost"

    def game_ended(self) -> None:
        """Count the finished game once (unless `UNCOUNTED`), keep its record, and sound the
        end."""
        scene = self.scene
        outcome = self.outcome()
        if not self.counted:
            self.counted = True
            if outcome and not any(note in scene.record.notes for note in UNCOUNTED):
                score = scene.stat_score()
                extra = () if score is None else score
                scene.app.store.record_result(self.stats_key(), outcome, *extra)
            ended = datetime.now(timezone.utc).isoformat(timespec="seconds")
            summary = {"scores": list(scene.state.scores()), "winners": list(scene.state.winners()),
                       "outcome": outcome}
            self.kept = {**scene.record.to_dict(), "ended": ended, "summary": summary}
            self.record_name = scene.app.store.keep_record(self.kept)
        scene.app.sound.play("win" if outcome == "won" else "card")
