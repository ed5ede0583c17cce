"""run subjects: a run belongs to an issue, a change request or a named campaign

Existing runs were all keyed by their issue: they become subject kind `issue` with the issue's
number as key, and the one-live-run rule moves from the issue to the subject.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None

ACTIVE = sa.text("status IN ('queued', 'running', 'paused')")


def upgrade() -> None:
    op.add_column('runs', sa.Column('subject_kind', sa.String(length=20), nullable=False,
                                    server_default='issue'))
    op.add_column('runs', sa.Column('subject_key', sa.String(length=300), nullable=True))
    op.execute("UPDATE runs SET subject_key = issue_number::text")
    op.alter_column('runs', 'subject_key', nullable=False)
    op.alter_column('runs', 'issue_number', nullable=True)
    op.create_check_constraint(
        'ck_runs_subject_kind', 'runs', "subject_kind IN ('issue', 'change_request', 'campaign')")
    op.drop_index('uq_runs_one_active_per_issue', table_name='runs')
    op.create_index('uq_runs_one_active_per_subject', 'runs',
                    ['forge', 'repo', 'subject_kind', 'subject_key'], unique=True,
                    postgresql_where=ACTIVE)


def downgrade() -> None:
    op.drop_index('uq_runs_one_active_per_subject', table_name='runs')
    op.execute("DELETE FROM runs WHERE issue_number IS NULL")
    op.create_index('uq_runs_one_active_per_issue', 'runs', ['forge', 'repo', 'issue_number'],
                    unique=True, postgresql_where=ACTIVE)
    op.drop_constraint('ck_runs_subject_kind', 'runs', type_='check')
    op.alter_column('runs', 'issue_number', nullable=False)
    op.drop_column('runs', 'subject_key')
    op.drop_column('runs', 'subject_kind')
