"""run lease: the fencing token every executor of a run claims (issue 31)

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('runs', sa.Column('lease', sa.BigInteger(), nullable=False,
                                    server_default='0'))


def downgrade() -> None:
    op.drop_column('runs', 'lease')
