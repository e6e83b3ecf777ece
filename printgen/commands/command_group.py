"""The group of printgen's commands: the editing ones added when first needed.

Why: `printgen build` is the command run most, and the editing commands (printgen/commands/edit.py:
spreadsheets, the web editor, new decks, the lists) bring their own modules; a build does not need
them (issue 30, start-up). They are added to the group when one of them is named, when the
commands are listed (--help) and when a name is not found (so click's "Did you mean" knows them).
"""

from __future__ import annotations

import click

EDITING = ("export", "import", "serve", "new", "list")     # the names of commands/edit.py's COMMANDS


class Commands(click.Group):
    """printgen's commands, the editing ones added on first need (EDITING)."""

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:       # an editing command, or a misspelling ("Did you mean ...")
            self.add_editing()
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        self.add_editing()
        return super().list_commands(ctx)

    def add_editing(self) -> None:
        if EDITING[0] not in self.commands:
            from printgen.commands.edit import COMMANDS

            for command in COMMANDS:
                self.add_command(command)
