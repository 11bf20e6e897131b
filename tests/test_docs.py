"""The repository explains itself: every rules citation in the code has its place in
``docs/rules.md``, and every relative link in the README and ``docs/`` leads to a file (and to
a heading of it, when the link names one).

A citation is ``§8.5``, ``§9 R16``, ``docs/rules.md §2.1``, ``docs/rules.md §12.3`` or
``docs/rules.md R3`` (``docs/rules.md R6, R4, R7`` names three rulings). A section resolves to
a heading of ``docs/rules.md`` that starts with its number (``## 8.5 Contract Rummy …``); a
ruling to a heading ``### R16 …`` inside section 9.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules.md"
CITING = ("referee", "templates", "static", "tests", "bench")

SECTION = re.compile(r"§\s*(\d+(?:\.\d+)*)(?:\s+(R\d+)\b)?")
RULING = re.compile(r"(?:RULES\.md|docs/rules\.md)\s+(R\d+(?:\s*,\s*R\d+)*)\b")
HEADING = re.compile(r"^#{1,6}\s+§?(\d+(?:\.\d+)*|R\d+)\.?(?:\s|$)", re.M)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def _texts():
    """Every text file that may cite the rules: the code, its templates and static files, the
    tests and the benchmarks (compiled catalogs and caches aside)."""
    for folder in CITING:
        for path in sorted((ROOT / folder).rglob("*")):
            if not path.is_file() or path.suffix in {".mo", ".pyc"} or "__pycache__" in path.parts:
                continue
            try:
                yield path, path.read_text(encoding="utf-8")
            except UnicodeDecodeError:  # images, fonts
                continue


def citations() -> dict[str, list[str]]:
    """Each cited place ("8.5", "9 R16", "R3") and where it is cited (path:line)."""
    found: dict[str, list[str]] = defaultdict(list)
    for path, text in _texts():
        for number, line in enumerate(text.splitlines(), start=1):
            where = f"{path.relative_to(ROOT)}:{number}"
            for match in SECTION.finditer(line):
                section, ruling = match.groups()
                found[f"{section} {ruling}" if ruling else section].append(where)
            for match in RULING.finditer(line):
                for ruling in re.findall(r"R\d+", match.group(1)):
                    found[ruling].append(where)
    return found


def places() -> tuple[set[str], set[str]]:
    """The section numbers headed in docs/rules.md, and the rulings headed inside §9."""
    sections: set[str] = set()
    rulings: set[str] = set()
    current = ""
    for match in HEADING.finditer(RULES.read_text(encoding="utf-8")):
        label = match.group(1)
        if label.startswith("R"):
            if current.split(".")[0] == "9":
                rulings.add(label)
        else:
            sections.add(label)
            current = label
    return sections, rulings


def resolves(cited: str, sections: set[str], rulings: set[str]) -> bool:
    section, _, ruling = cited.partition(" ")
    if section.startswith("R"):
        return section in rulings
    if section not in sections:
        return False
    return not ruling or (section == "9" and ruling in rulings)


def test_the_code_cites_the_rules_reference():
    found = citations()
    # The code leans on the reference throughout: far fewer would mean the pattern broke.
    assert sum(len(where) for where in found.values()) > 100
    assert {"2.1", "8.5", "9 R16", "12.3", "R3"} <= found.keys()


def test_every_citation_resolves_to_a_heading_of_docs_rules():
    sections, rulings = places()
    assert {str(n) for n in range(13)} <= sections, "sections 0-12 keep their numbers"
    assert {f"R{n}" for n in range(1, 22)} <= rulings, "§9 heads every ruling R1-R21"
    missing = {
        cited: where[:3]
        for cited, where in sorted(citations().items())
        if not resolves(cited, sections, rulings)
    }
    assert not missing, f"cited but not headed in docs/rules.md: {missing}"


def _documents():
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def anchors(doc: Path) -> set[str]:
    """The anchors a Markdown renderer (GitHub's) gives a file's headings: lower case, spaces
    to hyphens, punctuation dropped, a repeated heading numbered ``-1``, ``-2``, ..."""
    seen: dict[str, int] = {}
    found = set()
    in_code = False
    for line in doc.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_code = not in_code
        heading = re.match(r"^#{1,6}\s+(.*?)\s*#*$", line)
        if in_code or not heading:
            continue
        slug = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(f"{slug}-{count}" if count else slug)
    return found


def test_every_relative_link_leads_to_a_file_and_place():
    broken = []
    for doc in _documents():
        text = doc.read_text(encoding="utf-8")
        for target in LINK.findall(text):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                continue  # a web address or mailto:
            path, _, place = target.partition("#")
            file = doc.parent / path if path else doc
            if not file.exists():
                broken.append(f"{doc.relative_to(ROOT)}: {target} (no such file)")
            elif place and file.suffix == ".md" and place not in anchors(file):
                broken.append(f"{doc.relative_to(ROOT)}: {target} (no such heading)")
    assert not broken, f"links to nothing: {broken}"


def test_the_docs_are_linked_from_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for doc in sorted((ROOT / "docs").glob("*.md")):
        assert f"docs/{doc.name}" in readme, f"README.md does not lead to docs/{doc.name}"
