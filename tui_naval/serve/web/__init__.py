"""``tui-naval serve --web PORT``: the server's public web pages (the hall of fame, the
morgue files, the games being played), beside the SSH server, in the same process."""
