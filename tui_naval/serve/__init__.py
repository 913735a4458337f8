"""``tui-naval serve``: the game over SSH, one process per connection on its own pty.

``server`` is the asyncssh server and the sessions it bridges to their game processes;
``players`` the SQLite book of players, keys and duels; ``limits`` the session limits and
the login rate limit; ``lobby`` who is connected and what they play; ``duel`` a battle
between two connected players, kept by the server; ``link`` the JSON-lines channel between
the server and each game process; ``child`` what runs inside each pseudo-terminal.
"""
