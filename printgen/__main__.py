"""Allow `python -m printgen` as well as the `printgen` script."""

from printgen.commands.cli import main

if __name__ == "__main__":
    main()
