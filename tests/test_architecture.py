"""The house plan holds: no module imports another in a circle, and no folder reaches up.

The import graph is built from the source, not by importing: every `import` and `from ... import`
of a printgen module, at any depth (inside functions and `if TYPE_CHECKING:` blocks too), relative
ones resolved, and every string that is a module's whole dotted name (what `import_module` is
given: the registry of symbols). Why both checks: a cycle made of imports inside functions works
until the day one of them moves to the top of its file, and a lower layer that reaches up (the model
asking the drawing code) is how the cycles began. The layer order is docs/architecture.md's, kept
here as data.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "printgen"

# Lowest first: a module may import from its own folder and from the folders before it, never after.
# Modules at the top of the package (printgen/__main__.py) stand above every folder.
LAYERS = ("files", "art", "model", "sim", "games", "draw", "editing", "commands")

def modules(package: Path) -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name, for __init__.py)."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _target(name: str, known: dict[str, Path]) -> str | None:
    """The module an imported dotted name belongs to: itself, or the nearest package above it."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def import_graph(package: Path) -> dict[str, set[str]]:
    """Module -> the package's modules it imports, wherever in the file the import stands."""
    known = modules(package)
    root = package.name
    graph: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                wanted = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here.split(".")[:len(here.split(".")) - (node.level - 1)]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                # `from pkg import mod` imports the module pkg.mod; `from mod import thing`, mod
                wanted = [f"{source}.{alias.name}" if f"{source}.{alias.name}" in known else source
                          for alias in node.names]
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and "." in node.value \
                    and node.value in known:
                wanted = [node.value]       # a module named by a string, for import_module
            else:
                continue
            for dotted in wanted:
                if dotted == root or dotted.startswith(root + "."):
                    target = _target(dotted, known)
                    if target is not None and target != name:
                        graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each group of modules that import one another in a circle (Tarjan's
    strongly connected components), each as the path a -> b -> ... -> a."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(start: str) -> None:           # iterative, so a deep graph cannot overflow the stack
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(group)

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return [_loop_in(group, graph) for group in groups]


def _loop_in(group: set[str], graph: dict[str, set[str]]) -> list[str]:
    """A shortest way round from the group's first module back to itself (breadth first)."""
    first = min(group)
    came_from: dict[str, str] = {}
    frontier = [first]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(graph[node] & group):
                if nxt == first:
                    path = [node]
                    while path[-1] != first:
                        path.append(came_from[path[-1]])
                    return [first] + path[::-1][1:] + [first] if len(path) > 1 else [first, first]
                if nxt not in came_from:
                    came_from[nxt] = node
                    following.append(nxt)
        frontier = following
    return sorted(group)


def layer_of(name: str, layers: tuple[str, ...] = LAYERS) -> int | None:
    """A module's place in the layer order; len(layers) for the package's own top modules; None
    for a folder the order does not name."""
    parts = name.split(".")
    if len(parts) == 1 or (len(parts) == 2 and parts[1] == "__main__"):
        return len(layers)
    return layers.index(parts[1]) if parts[1] in layers else None


def reaching_up(graph: dict[str, set[str]], layers: tuple[str, ...] = LAYERS) -> list[str]:
    """Every import from a lower layer into a higher one, in words. There is no exception: the games
    are found by discovery (games/registry.py), so nothing below games/ names one."""
    found = []
    for name, targets in sorted(graph.items()):
        own = layer_of(name, layers)
        for target in sorted(targets):
            theirs = layer_of(target, layers)
            if own is not None and theirs is not None and theirs > own:
                found.append(f"{name} ({_layer_name(own, layers)}) imports {target} ({_layer_name(theirs, layers)})")
    return found


def _layer_name(number: int, layers: tuple[str, ...]) -> str:
    return layers[number] if number < len(layers) else "top"


# --- the package itself -----------------------------------------------------------------------------

@cache
def package_graph() -> dict[str, set[str]]:
    """printgen's own import graph, built once for the tests that read it."""
    return import_graph(PACKAGE)


def test_no_module_imports_another_in_a_circle_lazy_imports_included():
    found = cycles(package_graph())
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(cycle) for cycle in found)


def test_no_module_imports_from_a_layer_above_its_own():
    found = reaching_up(package_graph())
    assert not found, f"layer order {' < '.join(LAYERS)}; these reach up:\n" + "\n".join(found)


def test_every_folder_of_the_package_has_its_place_in_the_layer_order():
    folders = {p.parent.relative_to(PACKAGE).parts[0] for p in PACKAGE.rglob("*.py") if p.parent != PACKAGE}
    assert folders == set(LAYERS), f"not in the layer order: {sorted(folders - set(LAYERS))}; " \
                                   f"no such folder: {sorted(set(LAYERS) - folders)}"


def test_the_architecture_page_states_the_same_layer_order():
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert " → ".join(LAYERS) in page, "docs/architecture.md should state the layer order as " + " → ".join(LAYERS)
    for folder in LAYERS:
        assert f"`{folder}/`" in page, f"docs/architecture.md should say what printgen/{folder}/ is for"


# --- the checker, on packages made to break it --------------------------------------------------------

def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / "printgen" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path / "printgen"


def test_a_cycle_made_by_an_import_inside_a_function_is_found_and_named(tmp_path):
    package = _package(tmp_path, {
        "__init__.py": "",
        "files/__init__.py": "",
        "files/a.py": "from printgen.files.b import thing\n",
        "files/b.py": "def thing():\n    from printgen.files import c\n",
        "files/c.py": "import printgen.files.a\n",
        "files/d.py": "from printgen.files.a import thing\n",
    })
    assert cycles(import_graph(package)) == [["printgen.files.a", "printgen.files.b", "printgen.files.c",
                                              "printgen.files.a"]]


def test_relative_imports_are_resolved_from_the_module_or_the_package(tmp_path):
    package = _package(tmp_path, {
        "__init__.py": "",
        "model/__init__.py": "from . import load\n",
        "model/load.py": "from .deck import Deck\nfrom ..files.errors import UserError\n",
        "model/deck.py": "Deck = object\n",
        "files/__init__.py": "",
        "files/errors.py": "if True:\n    from ..model import deck\nUserError = Exception\n",
    })
    graph = import_graph(package)
    assert graph["printgen.model"] == {"printgen.model.load"}
    assert graph["printgen.model.load"] == {"printgen.model.deck", "printgen.files.errors"}
    assert reaching_up(graph) == ["printgen.files.errors (files) imports printgen.model.deck (model)"]


def test_an_import_that_reaches_up_is_named_with_both_layers(tmp_path):
    package = _package(tmp_path, {
        "__init__.py": "",
        "__main__.py": "from printgen.commands.cli import main\n",
        "model/__init__.py": "",
        "model/load.py": "def sheet():\n    from printgen.editing.sheets import read_sheet\n",
        "editing/__init__.py": "",
        "editing/sheets.py": "from printgen.model.load import sheet\nread_sheet = None\n",
        "commands/__init__.py": "",
        "commands/cli.py": "from printgen.editing import sheets\nmain = None\n",
    })
    graph = import_graph(package)
    assert reaching_up(graph) == ["printgen.model.load (model) imports printgen.editing.sheets (editing)"]
    assert cycles(graph) == [["printgen.editing.sheets", "printgen.model.load", "printgen.editing.sheets"]]


def test_a_module_named_by_a_string_counts_as_imported_and_prose_does_not(tmp_path):
    package = _package(tmp_path, {
        "__init__.py": "",
        "sim/__init__.py": "",
        "sim/games.py": ('"""Games (printgen.games.burro is one)."""\n'
                         'GAMES = {"burro": ("printgen.games.burro", "Burro")}\n'),
        "games/__init__.py": "",
        "games/burro/__init__.py": "",
    })
    graph = import_graph(package)
    assert graph["printgen.sim.games"] == {"printgen.games.burro"}
    assert reaching_up(graph) == ["printgen.sim.games (sim) imports printgen.games.burro (games)"]


@pytest.mark.parametrize("name, place", [("printgen", 8), ("printgen.__main__", 8), ("printgen.files.errors", 0),
                                         ("printgen.games.common.ombre.hand", 4), ("printgen.somewhere.x", None)])
def test_each_module_takes_its_folders_place(name, place):
    assert layer_of(name) == place
