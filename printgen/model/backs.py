"""A layout's back variants: `--backs light` swaps in the ink-saving backs a layout describes.

Why data and not code: every layout, shipped or a designer's, says in its own file what its
light back looks like, under `backs: {light: ...}` beside `back:` (and the same inside each kind
of `components:`). The variant is changes to the back, merged onto it as `extends` merges
layouts (a mapping key by key, `null` removes an element), so a light back restates only what
differs: no full-bleed background, the pattern swapped for an outline, the colours of words
turned dark. Variants merge down the `extends` chain too: base.yaml's light back serves any
layout that says nothing of its own. `dark` is the back as written.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from printgen.files.errors import UserError, Where

DARK = "dark"
Lines = dict[tuple[Any, ...], tuple[Path, int]]
Merge = Callable[[dict[str, Any], dict[str, Any], Lines, Lines, tuple[Any, ...]], tuple[dict[str, Any], Lines]]


def pick_backs(data: dict[str, Any], lines: Lines, variant: str, merge: Merge,
               file: Path) -> tuple[dict[str, Any], Lines]:
    """The merged layout `data` with each back replaced by its `variant` (its lines moved with
    it, so errors still name the line the designer wrote); unchanged for `dark`. `merge` is the
    layout loader's own merge, so a variant merges exactly as `extends` does."""
    if variant == DARK:
        return data, lines
    variants = data.get("backs")
    if not isinstance(variants, dict) or variant not in variants:
        raise UserError(f"the layout has no {variant} backs: --backs {variant} needs a `backs: {{{variant}: ...}}` "
                        f"section beside its `back:`", Where(file, None, field="backs"),
                        "give the changes that make its back light there (see layouts/base.yaml), or extend "
                        "a layout that has them")
    data = dict(data)
    data, lines = _swap(data, (), variant, lines, merge)
    components = data.get("components")
    if isinstance(components, dict):
        components = dict(components)
        for name, kind in components.items():
            own = kind.get("backs") if isinstance(kind, dict) else None
            if isinstance(own, dict) and variant in own:
                components[name], lines = _swap(dict(kind), ("components", name), variant, lines, merge)
        data["components"] = components
    return data, lines


def _swap(node: dict[str, Any], at: tuple[Any, ...], variant: str, lines: Lines,
          merge: Merge) -> tuple[dict[str, Any], Lines]:
    """node['back'] with node['backs'][variant] merged onto it; the variant's lines become the back's."""
    changes = node["backs"][variant]
    if not isinstance(changes, dict):
        return node, lines              # the schema says what is wrong with it
    source = at + ("backs", variant)
    moved = {at + ("back",) + path[len(source):]: place for path, place in lines.items()
             if path[:len(source)] == source}
    written = node.get("back")
    back: dict[str, Any] = written if isinstance(written, dict) else {}
    # A change to an element this back does not have (base.yaml recolouring a title that a
    # layout removed) has nothing to change: it is left out, not made an element without a type.
    changes = {name: change for name, change in changes.items()
               if name in back or not isinstance(change, dict) or "type" in change}
    node["back"], lines = merge(back, changes, lines, moved, at + ("back",))
    return node, lines
