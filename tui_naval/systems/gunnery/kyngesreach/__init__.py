"""Kyngesreach gunnery (GURPS): its tables, the gauge, damage, its advisor and presenter."""
