"""Test collection settings shared by the whole tree."""

collect_ignore = ["src/fivehundred/__main__.py"]
