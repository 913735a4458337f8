"""Ships & Sails gunnery: its armament tables, broadsides, its advisor and presenter."""
