"""The pure game model: no textual, no rich."""
