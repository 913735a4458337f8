"""Man-O-War Advanced Sailing: eight winds, the sail point compass, tacking, drift, anchors."""
