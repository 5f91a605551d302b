"""Alembic migrations of the server's database (see :mod:`boardwright.server.migrate`)."""
