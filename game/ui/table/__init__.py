"""The table kit: what every game's table is made of, so that a game's scene is a description.

- `targets`: `Target`s (cards, piles, squares, pawns, buttons) and `Controls`, the one focus
  cursor, mouse and drag-and-drop over them;
- `animator`: `Sprite`s and the `Animator` that flies things from where they were drawn to
  where the state now puts them;
- `seats`: who sits where around the viewer, name plates, the viewer's hand;
- `panels`: the status line, the move log, buttons, the score sheet, a choice panel;
- `draw`: marks around things (focus, selected, hint, legal), panels, the cached layer and
  card sprites.

`game.ui.game_scene.GameScene` owns the animator and the turn flow; a game's scene lays out
its places, lists its sprites and targets, and says what a click on a place means.
"""
