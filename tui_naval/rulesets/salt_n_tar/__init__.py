"""Salt'n'Tar: Regatta-style sailing races and chases."""
