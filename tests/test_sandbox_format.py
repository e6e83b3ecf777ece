"""str.format reaches attributes by its own route ('{0.__class__}'), past the sandbox's attribute
checks; Jinja's sandbox wraps it. These stay refused however the format method is reached, so a
faster path through the sandbox (model/sandbox.py: verdicts kept per type, bound built-in methods
called directly) cannot open it."""

from __future__ import annotations

import pytest
from jinja2.exceptions import SecurityError

from printgen.model.sandbox import environment, render


@pytest.mark.parametrize("source", [
    "{{ '{0.__class__}'.format('x') }}",
    "{{ '{0.__class__}'.format(card) }}",
    "{{ card.name.format(card) if false else '{0.__class__}'.format(card.name) }}",
    "{% set f = '{0.__class__}'.format %}{{ f(1) }}",
    "{{ ('{0.__class__.__mro__}'.format)(1) }}",
    "{{ '{x.__class__}'.format_map({'x': card}) }}",
    "{% for i in range(3) %}{{ '{0.__class__}'.format(i) }}{% endfor %}",
])
def test_format_cannot_reach_private_attributes(source):
    env = environment()
    with pytest.raises(SecurityError, match="__class__"):
        for _ in range(3):                  # the first call and the ones after (kept verdicts)
            render(env.from_string(source), {"card": {"name": "Anne"}})


def test_plain_methods_still_work():
    env = environment()
    for _ in range(3):
        assert render(env.from_string("{{ card.name.split(' ') | join('-') }}"),
                      {"card": {"name": "Mary I"}}) == "Mary-I"
        assert render(env.from_string("{{ '{} {}'.format('a', card.name) }}"), {"card": {"name": "B"}}) == "a B"
