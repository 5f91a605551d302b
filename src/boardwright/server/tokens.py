"""Secret tokens: a seat's join link, a table creator's and a spectator's. 128 random bits,
URL-safe; only their SHA-256 digests are stored, so a copy of the database lets no one in."""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 16  # 128 bits


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(token: str | None, stored: str | None) -> bool:
    """Whether ``token`` is the one ``stored`` is the digest of (in constant time)."""
    if not token or not stored:
        return False
    return hmac.compare_digest(digest(token), stored)


def new_table_id() -> str:
    """A table's public id: random, so that ids do not tell how many tables there are."""
    return secrets.token_urlsafe(9)
