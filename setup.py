"""The installed layout: everything under one top-level name, `spelavond`.

The source keeps `main.py`, `game/`, `ai/` and `assets/` at the top; the wheel puts them in
`site-packages/spelavond/` (`spelavond/main.py`, `spelavond/game/`, `spelavond/ai/`,
`spelavond/assets/`), so no generic name such as `main`, `game` or `ai` lands in
site-packages. `main.py` puts its own folder first on `sys.path`, so the code keeps its
plain `import game` / `import ai` inside the game's process. Every sub-package of `game`
and `ai` is found here, so a new game is packaged without touching this file.
"""
from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

OURS = find_packages(include=["game", "game.*", "ai", "ai.*"])


class BuildPy(build_py):
    """The top folder is the package `spelavond`: of its modules only main.py is the game's."""

    def find_package_modules(self, package, package_dir):
        modules = super().find_package_modules(package, package_dir)
        return [entry for entry in modules if package != "spelavond" or entry[1] == "main"]


setup(
    packages=["spelavond", *(f"spelavond.{name}" for name in OURS)],
    package_dir={"spelavond": "."},
    package_data={"spelavond": ["assets/fonts/*", "assets/i18n/*/*.json", "assets/icon/*",
                                "assets/rules/*.md", "assets/sounds/*.wav", "assets/phone/*"]},
    cmdclass={"build_py": BuildPy},
)
