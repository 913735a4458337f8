"""Sailing systems: how ships move under sail."""
