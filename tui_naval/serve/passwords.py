"""Web passwords: salted, slow hashes (``hashlib.scrypt``), compared in constant time.

A stored password reads ``scrypt$N$r$p$SALT$HASH`` (the salt and hash in base64), so a
later change of cost keeps the old ones readable.  ``verify`` of a password against no
stored hash still does the hashing (``DUMMY``): a login form answers a name that does not
exist in the same time as a wrong password.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

#: scrypt's cost: 16 MiB of memory and some 50 ms of a core a hash.
N, R, P = 2**14, 8, 1
SALT_BYTES = 16
HASH_BYTES = 32
#: A password's length, in characters.
SHORTEST, LONGEST = 8, 128


class BadPassword(ValueError):
    """A password that cannot be set; the message is one line for the player."""


def check_password(password: str) -> str:
    """``password`` if it may be set (BadPassword, saying why, if not)."""
    if len(password) < SHORTEST:
        raise BadPassword(f"a password has at least {SHORTEST} characters")
    if len(password) > LONGEST:
        raise BadPassword(f"a password has at most {LONGEST} characters")
    if any(ord(c) < 32 or ord(c) == 127 for c in password):
        raise BadPassword("a password has no control characters")
    return password


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(password.encode("utf-8"), salt=salt, n=n, r=r, p=p,
                          maxmem=256 * 1024 * 1024, dklen=HASH_BYTES)


def hash_password(password: str) -> str:
    """The text to store for ``password`` (checked first: BadPassword)."""
    salt = secrets.token_bytes(SALT_BYTES)
    digest = _scrypt(check_password(password), salt, N, R, P)
    return "$".join(("scrypt", str(N), str(R), str(P),
                     base64.b64encode(salt).decode(), base64.b64encode(digest).decode()))


#: Hashed against when there is no stored password, so that the answer takes as long.
DUMMY = "$".join(("scrypt", str(N), str(R), str(P), base64.b64encode(bytes(SALT_BYTES)).decode(),
                  base64.b64encode(bytes(HASH_BYTES)).decode()))


def verify(password: str, stored: str | None) -> bool:
    """Whether ``password`` is the one ``stored`` (None: there is none; the hash is still
    computed, and the answer is False).  A stored text that cannot be read is False."""
    text = stored if stored is not None else DUMMY
    try:
        kind, n, r, p, salt, digest = text.split("$")
        if kind != "scrypt":
            return False
        computed = _scrypt(password[:LONGEST * 4], base64.b64decode(salt), int(n), int(r),
                           int(p))
        right = hmac.compare_digest(computed, base64.b64decode(digest))
    except (ValueError, TypeError):
        return False
    return right and stored is not None
