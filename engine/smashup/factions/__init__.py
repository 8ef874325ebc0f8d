"""Every faction: one module each, registering its cards and abilities on import.
A new faction is a new module imported here (and its box's bases under ``bases``)."""

import engine.smashup.factions.elder_things  # the Cthulhu box
import engine.smashup.factions.minions_of_cthulhu  # noqa: F401 - the Cthulhu box
from engine.smashup.factions import fairies, kitty_cats, mythic_horses, princesses
from engine.smashup.factions import innsmouth as innsmouth  # the Cthulhu box
from engine.smashup.factions import miskatonic_university as miskatonic_university

__all__ = ["fairies", "kitty_cats", "mythic_horses", "princesses"]
