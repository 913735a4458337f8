"""Ships & Sails: hex-ocean broadside battles with plotted moves and aimed fire."""
