"""Salt'n'Tar sailing: its tables, its turn's movement steps, ramming and boarding, its advisor."""
