"""The project's files name other files relative to the project, never by a folder of the
machine they were written on."""
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEXT = {".py", ".md", ".toml", ".txt", ".json", ".yml", ".yaml", ".cfg", ".sh", ""}
# a home or work folder of some machine: /home/NAME, /root/, /Users/NAME, C:\Users\NAME, and
# the folder this checkout sits in
MACHINE_PATH = re.compile(r"(/home/\w|/root/|/Users/\w|[A-Za-z]:\\\\?Users\\|" + re.escape(str(ROOT.parent)) + r"/)")


def project_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, text=True)
    names = listed.stdout.splitlines() if listed.returncode == 0 else [
        str(path.relative_to(ROOT)) for path in ROOT.rglob("*") if ".git" not in path.parts]
    return [ROOT / name for name in names if (ROOT / name).is_file() and Path(name).suffix in TEXT]


def test_no_file_names_a_folder_of_the_machine_it_was_written_on():
    found = []
    for path in project_files():
        if path == Path(__file__).resolve():
            continue  # its own examples
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if MACHINE_PATH.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert not found, "absolute machine paths:\n" + "\n".join(found)


def test_the_check_finds_a_machine_path():
    assert MACHINE_PATH.search(f'"""the rules of {ROOT.parent}/shared/rules/quarto.md"""')
    assert MACHINE_PATH.search("see /home/anna/spelavond/README.md")
    assert not MACHINE_PATH.search("the rules of assets/rules/quarto.*.md and ../shared/rules/")


def test_local_environments_caches_and_build_output_stay_out_of_git():
    """A virtual environment in the checkout (`python -m venv .venv`), the tools' caches and
    build output are never listed as project files (.gitignore)."""
    local = [".venv/lib/site.py", "venv/bin/python", "game/__pycache__/app.cpython-311.pyc", ".pytest_cache/v",
             ".ruff_cache/x", ".hypothesis/examples/x", "build/lib/x.py", "dist/spelavond-1.0.tar.gz",
             "spelavond.egg-info/PKG-INFO", ".coverage", "htmlcov/index.html"]
    checked = subprocess.run(["git", "check-ignore", "--no-index", *local], cwd=ROOT, capture_output=True, text=True)
    ignored = checked.stdout.split()
    assert sorted(ignored) == sorted(local), f"not ignored: {sorted(set(local) - set(ignored))}"
