"""The bases of every box: one module a box.  Phase 2 adds its box here."""

from engine.smashup.bases import cthulhu, pretty_pretty

__all__ = ["cthulhu", "pretty_pretty"]
