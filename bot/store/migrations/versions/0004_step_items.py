"""step items: a step that loops over items records one row per try of each item

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('steps', sa.Column('item', sa.String(length=300), nullable=True))


def downgrade() -> None:
    op.drop_column('steps', 'item')
