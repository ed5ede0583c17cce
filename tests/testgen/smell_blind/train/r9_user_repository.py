"""Repository for user records on top of a DB-API style connection."""
from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class User:
    id: int
    email: str
    name: str
    active: bool = True


class DuplicateEmailError(Exception):
    pass


class UserRepository:
    def __init__(self, connection):
        self._conn = connection

    def create_schema(self):
        self._conn.execute(
            "CREATE TABLE IF NOT EXISTS users ("
            "id INTEGER PRIMARY KEY, email TEXT UNIQUE, name TEXT, active INTEGER)"
        )

    def add(self, email: str, name: str) -> User:
        email = email.strip().lower()
        if self.find_by_email(email) is not None:
            raise DuplicateEmailError(email)
        cur = self._conn.execute(
            "INSERT INTO users (email, name, active) VALUES (?, ?, 1)", (email, name)
        )
        return User(cur.lastrowid, email, name, True)

    def find_by_email(self, email: str) -> Optional[User]:
        row = self._conn.execute(
            "SELECT id, email, name, active FROM users WHERE email = ?",
            (email.strip().lower(),),
        ).fetchone()
        return self._to_user(row) if row else None

    def get(self, user_id: int) -> Optional[User]:
        row = self._conn.execute(
            "SELECT id, email, name, active FROM users WHERE id = ?", (user_id,)
        ).fetchone()
        return self._to_user(row) if row else None

    def deactivate(self, user_id: int) -> bool:
        cur = self._conn.execute("UPDATE users SET active = 0 WHERE id = ?", (user_id,))
        return cur.rowcount == 1

    def list_active(self) -> list:
        rows = self._conn.execute(
            "SELECT id, email, name, active FROM users WHERE active = 1 ORDER BY id"
        ).fetchall()
        return [self._to_user(r) for r in rows]

    @staticmethod
    def _to_user(row) -> User:
        return User(row[0], row[1], row[2], bool(row[3]))
