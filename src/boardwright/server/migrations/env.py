"""Alembic's entry point: runs the migrations on the connection the server hands over
(:func:`boardwright.server.migrate.upgrade`)."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run the migrations through boardwright.server.migrate.upgrade")
# batch mode: SQLite can only change a table by copying it
context.configure(connection=connection, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
