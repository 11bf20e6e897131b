"""No function in the package runs over 100 lines (issue 27): a ruling a reader can follow is
made of named steps, and a long function is where one table's copy of a shared step hides."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "referee"
MOST_LINES = 100


def long_functions(root: Path = PACKAGE, most: int = MOST_LINES) -> list[str]:
    """Every function (or method) under ``root`` longer than ``most`` lines, from its ``def``
    to its last line, as "path:line name (N lines)"."""
    found: list[str] = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                end = node.end_lineno if node.end_lineno is not None else node.lineno
                lines = end - node.lineno + 1
                if lines > most:
                    where = path.relative_to(root.parent)
                    found.append(f"{where}:{node.lineno} {node.name} ({lines} lines)")
    return found


def test_no_function_is_over_100_lines() -> None:
    found = long_functions()
    assert not found, f"functions over {MOST_LINES} lines:\n" + "\n".join(found)


def test_a_long_function_is_named(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MOST_LINES))
    (tmp_path / "long.py").write_text(f"def too_long() -> None:\n{body}\n", encoding="utf-8")
    (tmp_path / "short.py").write_text("def short() -> None:\n    pass\n", encoding="utf-8")
    assert long_functions(tmp_path) == [f"{tmp_path.name}/long.py:1 too_long (101 lines)"]
