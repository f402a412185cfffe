"""The import graph holds the architecture: accounts ← league ← reports, no circle, a pure rulebook.

Read from the source (every import, also those inside functions, since a
deferred import is how a circle hides): an app never imports an app that
depends on it, no module imports itself back through others, and
``league/rules`` imports nothing but the standard library and itself.
"""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Each app may import only the apps listed before it.
APPS = ("accounts", "league", "reports")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_modules() -> dict[str, Path]:
    found = {}
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" not in path.parts:
                found[module_name(path)] = path
    return found


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules ``name`` imports (``from x import y`` counts ``x.y`` when it is a module)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module
            targets = [module] + [f"{module}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            if target in known and target != name:
                out.add(target)
    return out


def graph() -> dict[str, set[str]]:
    modules = source_modules()
    return {name: imports_of(name, path, set(modules)) for name, path in modules.items()}


def test_no_app_imports_an_app_that_depends_on_it():
    reverse = sorted(
        (name, target)
        for name, targets in graph().items()
        for target in targets
        if APPS.index(target.split(".")[0]) > APPS.index(name.split(".")[0])
    )
    assert reverse == []


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_no_module_imports_itself_back_through_others():
    # A package's __init__ importing its own submodules is how a package
    # gathers them, not a circle: only edges between distinct areas count.
    edges = {name: {t for t in targets if not t.startswith(name + ".")} for name, targets in graph().items()}
    assert cycles(edges) == []


def test_the_rulebook_imports_only_the_standard_library():
    rules = ROOT / "league" / "rules"
    outside = []
    for path in sorted(rules.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                modules = [node.module]
            else:
                continue
            outside += [
                (path.name, m)
                for m in modules
                if m.split(".")[0] not in sys.stdlib_module_names and m != "__future__"
            ]
    assert outside == []


def test_the_checks_see_a_reverse_import_and_a_circle():
    """The checks can fail: a made-up graph with both faults is caught."""
    assert cycles({"league.a": {"league.b"}, "league.b": {"league.a"}}) == [["league.a", "league.b"]]
    assert APPS.index("reports") > APPS.index("accounts")
