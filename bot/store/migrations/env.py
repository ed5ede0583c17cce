"""Alembic environment: runs migrations on a synchronous psycopg connection."""

from alembic import context
from sqlalchemy import create_engine, pool

from bot.store.models import Base

config = context.config
url = config.get_main_option("sqlalchemy.url")
if url is None:
    raise RuntimeError("alembic: no sqlalchemy.url in the configuration")
engine = create_engine(url, poolclass=pool.NullPool)
with engine.connect() as connection:
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()
