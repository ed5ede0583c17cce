# smells: none
import pytest

from db.migrations import MIGRATIONS


def test_every_migration_has_a_downgrade():
    for migration in MIGRATIONS:
        if migration.downgrade is None:
            pytest.fail(f"{migration.name} cannot be undone")
