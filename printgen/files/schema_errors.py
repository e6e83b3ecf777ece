"""Pydantic's complaints about a YAML file, said in the user's words at the line to edit.

Kept apart from the loaders so layouts, decks, boards and forms all report a schema problem the
same way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from printgen.files.errors import UserError, did_you_mean, field_path
from printgen.files.yamlsrc import Located, load_yaml


def schema_error(exc: ValidationError, located: Located, base: tuple = (), card: str | None = None,
                 what: str = "here", known: list[str] | None = None) -> UserError:
    """The first pydantic error as one UserError pointing at the line to edit.

    An unknown key comes before a missing one: 'colums' is most likely the missing 'columns'
    misspelt, so the message points at the misspelt line and names what it is missing.
    """
    errors = exc.errors()
    err = next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])
    model = _schema_class(exc.title)
    loc, owner = user_path(model, tuple(err["loc"]))
    path = base + loc
    field = field_path(loc) or None
    kind = err["type"]
    if kind == "extra_forbidden":
        name = str(loc[-1])
        allowed = known if known is not None else (list(owner.model_fields) if owner is not None else [])
        missing = [str(e["loc"][-1]) for e in errors
                   if e["type"] == "missing" and tuple(e["loc"][:-1]) == tuple(err["loc"][:-1])]
        hint = (did_you_mean(name, missing) or did_you_mean(name, allowed)) if allowed else None
        if hint is None and allowed:
            hint = "allowed here: " + ", ".join(a for a in allowed if a != "type")
        if missing:
            said = ", ".join(f"'{m}'" for m in missing) + (" is" if len(missing) == 1 else " are")
            hint = f"{hint or ''} ({said} missing)".lstrip()
        element = _element_type(owner)
        if element is not None:     # each type takes only what it draws: say which types take this one
            takers = [tag for tag, model in _ELEMENT_MODELS.items() if name in model.model_fields]
            said = ", ".join(takers[:-1]) + " or " + takers[-1] if len(takers) > 1 else "".join(takers)
            hint = (f"a {said} element takes '{name}'; " if takers else "") + (hint or "")
            return UserError(f"'{name}' is not a setting of a {element} element", located.where(path, card, field),
                             hint or None)
        return UserError(f"'{name}' is not a setting {what}", located.where(path, card, field), hint)
    if kind == "missing":
        return UserError(f"'{loc[-1]}' is missing {what}", located.where(path, card, field))
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        tags = list(_UNION_TAGS)
        found = err.get("ctx", {}).get("tag", "")
        if found:       # said at the `type:` line, not the element's name above it
            path, field = path + ("type",), field_path(loc + ("type",))
        return UserError(f"unknown element type '{found}'" if found else "the element has no 'type'",
                         located.where(path, card, field),
                         (did_you_mean(found, tags) if found else None) or "element types: " + ", ".join(tags))
    message = _MESSAGES.get(kind)
    bound = _BOUNDS.get(kind)
    if bound is not None:
        # Pydantic's own "Input should be less than or equal to 500", in the user's words.
        words, key = bound
        return UserError(f"should be {words} {err.get('ctx', {}).get(key)} (found {err['input']!r})",
                         located.where(path, card, field))
    if message is None:
        message = err["msg"].removeprefix("Value error, ")
        if kind == "literal_error":
            message = "should be one of: " + err.get("ctx", {}).get("expected", "")
    return UserError(f"{message} (found {err['input']!r})" if kind in _MESSAGES else message,
                     located.where(path, card, field))


def _element_models() -> dict[str, type[BaseModel]]:
    """Each layout element's type, as written after `type:`, and its model."""
    from typing import get_args

    from printgen.files.schema import AnyElement

    return {get_args(m.model_fields["type"].annotation)[0]: m for m in get_args(get_args(AnyElement)[0])}


def _element_type(owner: type | None) -> str | None:
    """The `type:` of an element's model, None for any other part of a file."""
    return next((tag for tag, model in _ELEMENT_MODELS.items() if model is owner), None)


_ELEMENT_MODELS = _element_models()
_UNION_TAGS = tuple(_ELEMENT_MODELS)
_MESSAGES = {
    "string_type": "should be text",
    "float_type": "should be a number",
    "float_parsing": "should be a number",
    "int_type": "should be a whole number",
    "int_parsing": "should be a whole number",
    "bool_type": "should be true or false",
    "bool_parsing": "should be true or false",
    "dict_type": "should be a list of 'key: value' settings",
    "model_type": "should be a list of 'key: value' settings",
    "list_type": "should be a list (lines starting with '- ')",
    "greater_than": "should be more than zero",
    "finite_number": "should be an ordinary number, not .nan or .inf",
}


_BOUNDS = {"less_than_equal": ("at most", "le"), "less_than": ("less than", "lt"),
           "greater_than_equal": ("at least", "ge")}


def _schema_class(title: str):
    from printgen.files import schema

    return getattr(schema, title, None)


def user_path(model: Any, loc: tuple) -> tuple[tuple, type[BaseModel] | None]:
    """Pydantic's error location without union tags, and the model owning the last key.

    Pydantic inserts the discriminator value (e.g. 'text') into the location of a tagged union;
    the user's file has no such key, so it is dropped, and the member model it names is used to
    suggest the right key.
    """
    from types import UnionType
    from typing import Annotated, Union, get_args, get_origin

    def is_union(tp) -> bool:
        # `Optional[X]` and `X | None` are two kinds of object at run time: both are unions here
        return get_origin(tp) in (Union, UnionType)

    def unwrap(tp):
        while get_origin(tp) is Annotated or (is_union(tp) and type(None) in get_args(tp)
                                              and len(get_args(tp)) == 2):
            args = get_args(tp)
            tp = args[0] if get_origin(tp) is Annotated else next(a for a in args if a is not type(None))
        return tp

    path: list = []
    current = model
    owner = model if isinstance(model, type) else None
    for part in loc:
        current = unwrap(current)
        if isinstance(current, type) and issubclass(current, BaseModel):
            owner = current
            path.append(part)
            current = current.model_fields[part].annotation if part in current.model_fields else None
        elif get_origin(current) is dict:
            path.append(part)
            current = get_args(current)[1]
        elif is_union(current):
            members = [m for m in get_args(current) if isinstance(m, type) and issubclass(m, BaseModel)]
            tagged = [m for m in members
                      if "type" in m.model_fields and part in get_args(m.model_fields["type"].annotation)]
            if tagged:
                current = tagged[0]
                continue
            path.append(part)
            current = None
        else:
            path.append(part)
            current = None
    return tuple(path), owner


def load_file(path: Path, model, what: str, *, within: Path | None = None, kind: str = "settings file",
              place: str | None = None):
    """A YAML file checked against a schema model: (the model instance, the located source).
    `within`, `kind` and `place` are load_yaml's `within`, `what` and `place`."""
    located = load_yaml(path, within=within, what=kind, place=place)
    try:
        return model.model_validate(located.data), located
    except ValidationError as exc:
        raise schema_error(exc, located, what=what) from None
