"""Each test's database is the template again after a reset (tests/conftest.py ReusedDatabase):
the rows a test wrote, the sequences it advanced and the tables it made are gone, so no test
sees another's data or ids, however few tables the reset had to touch."""

from __future__ import annotations

import psycopg

from tests.conftest import KEPT_TABLES, ReusedDatabase

DELIVERY = ("INSERT INTO deliveries (forge, delivery_id, event_name, kind, outcome) "
            "VALUES ('github', %s, 'issues', 'issue', 'queued') RETURNING id")


def _state(url: str) -> dict[str, object]:
    with psycopg.connect(url, autocommit=True) as conn:
        tables = sorted(row[0] for row in conn.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"))
        rows = {table: conn.execute(f'SELECT count(*) FROM "{table}"').fetchone()
                for table in tables if table not in KEPT_TABLES}
        sequences = conn.execute("SELECT sequencename, last_value FROM pg_sequences "
                                 "WHERE schemaname = 'public' ORDER BY 1").fetchall()
        return {"tables": tables, "rows": rows, "sequences": sequences}


def test_a_reset_puts_back_the_templates_rows_sequences_and_tables(
    postgres_server: str, template_database: str
) -> None:
    database = ReusedDatabase(postgres_server, template_database)
    try:
        fresh = _state(database.url)
        with psycopg.connect(database.url, autocommit=True) as conn:
            first = conn.execute(DELIVERY, ("d-1",)).fetchone()
            conn.execute(DELIVERY, ("d-2",))
            conn.execute("SELECT nextval('rules_id_seq')")  # advanced, no row written
            conn.execute("CREATE TABLE made_by_a_test (x int)")
            conn.execute("INSERT INTO made_by_a_test VALUES (1)")
        assert _state(database.url) != fresh
        name = database.name

        database.reset()

        assert database.name == name  # emptied in place, not made again
        assert _state(database.url) == fresh
        with psycopg.connect(database.url, autocommit=True) as conn:
            assert conn.execute(DELIVERY, ("d-3",)).fetchone() == first  # ids start over
        database.reset()
        assert _state(database.url) == fresh
    finally:
        database.drop()
