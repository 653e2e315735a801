"""Tools for people: lint, explain and the command line.

The top layer: it may import every layer below it, and nothing imports it
but ``urlencoded.__main__`` and the public names that ``urlencoded``
re-exports on first use (``lint``, ``Finding``).
"""
