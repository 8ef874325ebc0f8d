"""The soak: many tables of every game through overlapping faults (``harness``)."""
