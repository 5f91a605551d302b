"""The web table's server: a lobby (JSON over HTTP), live play over WebSocket, bots in worker
processes, and every table stored as config + seed + seats + actions in a SQL database
(SQLite by default, any SQLAlchemy URL such as PostgreSQL). ``boardwright serve`` starts it;
:func:`boardwright.server.app.create_app` builds the app."""
