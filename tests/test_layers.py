"""The layers point one way: nothing imports a module of a higher layer, and the rules and the
computer players load without pygame."""
import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Bottom to top. A module may import from its own layer and the layers below it.
PURE, AI, KIT, GAMES, MENUS, APP, TOOLS, MAIN = range(8)
PURE_MODULES = {"game", "game.base", "game.cards", "game.options", "game.registry", "game.paths", "game.store",
                "game.save_check", "game.record", "game.lesson", "game.words", "game.characters", "game.standings",
                "game.ui.i18n"}   # the words of both languages, plain Python: a game's words and the analysis say them


def layer(module: str) -> int | None:
    """The layer of one of the project's modules (None for a module the test does not know)."""
    parts = module.split(".")
    if module == "main":
        return MAIN
    if parts[0] == "ai":
        return AI
    if parts[0] != "game":
        return None
    if module in PURE_MODULES:
        return PURE
    if module in ("game.bench", "game.record_bench", "game.phones.bench", "game.catalogue"):
        return TOOLS
    if module == "game.app":
        return APP
    if parts[1] == "menu":
        return MENUS
    if parts[1] in ("ui", "phones"):     # the phone seats are a part of the playing scene
        return KIT
    if module == "game.play":
        return GAMES
    if len(parts) >= 2 and (ROOT / "game" / parts[1] / "rules.py").exists():
        if len(parts) == 2 or parts[2] in ("rules", "words", "lesson"):    # a game's package, rules, words, lesson
            return PURE
        if parts[2] in ("scene", "board", "layout", "draw", "rule_pictures"):    # a game's scene, its drawing pieces
            return GAMES
    return None


def project_modules() -> dict[str, Path]:
    modules = {"main": ROOT / "main.py"}
    for folder in ("game", "ai"):
        for path in (ROOT / folder).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def imports(path: Path, modules) -> set[str]:
    """Every project module `path` imports, at the top or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # `from game import registry` imports the module game.registry
            names = [f"{node.module}.{alias.name}" if f"{node.module}.{alias.name}" in modules else node.module
                     for alias in node.names]
        else:
            continue
        found.update(name for name in names if name.split(".")[0] in ("game", "ai", "main", "pygame"))
    return found


def test_every_module_has_a_layer_and_imports_only_downward():
    modules = project_modules()
    unknown = sorted(name for name in modules if layer(name) is None)
    assert not unknown, f"modules without a layer (add them to tests/test_layers.py): {unknown}"
    wrong = []
    for name, path in modules.items():
        for imported in imports(path, modules):
            if imported.split(".")[0] == "pygame":
                if layer(name) in (PURE, AI):
                    wrong.append(f"{name} imports pygame")
                continue
            if imported not in modules:
                continue
            if layer(imported) > layer(name):
                wrong.append(f"{name} (layer {layer(name)}) imports {imported} (layer {layer(imported)})")
    assert not wrong, "imports from a higher layer:\n" + "\n".join(wrong)


def test_the_layer_check_catches_an_upward_import(tmp_path):
    """The checker itself: a function-level import of the menus from the kit is found."""
    source = tmp_path / "kit.py"
    source.write_text("def go(app):\n    from game.menu.title import TitleScene\n    return TitleScene(app)\n")
    modules = project_modules()
    found = imports(source, modules)
    assert found == {"game.menu.title"} and layer("game.menu.title") > layer("game.ui.game_scene")


def test_rules_and_computer_players_import_without_pygame():
    modules = sorted(name for name in project_modules() if layer(name) in (PURE, AI))
    assert "game.kings_corners.rules" in modules and "ai.mcts" in modules and "game.base" in modules
    program = ("import importlib, sys\n"
               "sys.modules['pygame'] = None  # any import of pygame now fails\n"
               f"for name in {modules!r}:\n"
               "    importlib.import_module(name)\n"
               "print('ok', len(sys.modules))\n")
    result = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok")
