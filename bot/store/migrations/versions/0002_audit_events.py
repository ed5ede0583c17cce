"""audit events

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('audit_events',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('kind', sa.String(length=50), nullable=False),
    sa.Column('forge', sa.String(length=16), nullable=True),
    sa.Column('repo', sa.String(length=300), nullable=True),
    sa.Column('actor', sa.String(length=200), nullable=True),
    sa.Column('subject', sa.String(length=300), nullable=True),
    sa.Column('outcome', sa.String(length=50), nullable=False),
    sa.Column('detail', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_audit_events_at', 'audit_events', ['at'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_audit_events_at', table_name='audit_events')
    op.drop_table('audit_events')
