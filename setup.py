"""Only what pyproject.toml cannot say: the package list is found, plus the two data packages that
map the top-level decks/ and layouts/ folders into the wheel (see [tool.setuptools.package-dir])."""

from setuptools import find_packages, setup

setup(packages=find_packages(include=["printgen", "printgen.*"]) + ["printgen.shipped.decks", "printgen.shipped.layouts"])
