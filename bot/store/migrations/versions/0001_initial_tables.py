"""initial tables

Revision ID: 0001
Revises: 
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('deliveries',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('forge', sa.String(length=16), nullable=False),
    sa.Column('delivery_id', sa.String(length=200), nullable=False),
    sa.Column('event_name', sa.String(length=100), nullable=False),
    sa.Column('action', sa.String(length=100), nullable=True),
    sa.Column('repo', sa.String(length=300), nullable=True),
    sa.Column('kind', sa.String(length=50), nullable=False),
    sa.Column('outcome', sa.String(length=50), nullable=False),
    sa.Column('received_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('forge', 'delivery_id', name='uq_delivery_forge_id')
    )
    op.create_table('rules',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('forge', sa.String(length=16), nullable=True),
    sa.Column('repo', sa.String(length=300), nullable=True),
    sa.Column('step', sa.String(length=50), nullable=False),
    sa.Column('text', sa.Text(), nullable=False),
    sa.Column('rationale', sa.Text(), nullable=False),
    sa.Column('status', sa.String(length=20), nullable=False),
    sa.Column('evidence_failure_ids', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('proposal_ref', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('decided_by', sa.String(length=200), nullable=True),
    sa.Column('decided_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('runs',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('forge', sa.String(length=16), nullable=False),
    sa.Column('repo', sa.String(length=300), nullable=False),
    sa.Column('issue_number', sa.Integer(), nullable=False),
    sa.Column('chain', sa.String(length=50), nullable=False),
    sa.Column('status', sa.String(length=30), nullable=False),
    sa.Column('outcome', sa.String(length=50), nullable=True),
    sa.Column('reason', sa.Text(), nullable=True),
    sa.Column('current_step', sa.String(length=50), nullable=True),
    sa.Column('summoned_by', sa.String(length=200), nullable=True),
    sa.Column('delivery_id', sa.BigInteger(), nullable=True),
    sa.Column('params', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('branch', sa.String(length=300), nullable=True),
    sa.Column('base_branch', sa.String(length=300), nullable=True),
    sa.Column('change_request_number', sa.Integer(), nullable=True),
    sa.Column('change_request_url', sa.Text(), nullable=True),
    sa.Column('status_comment_id', sa.BigInteger(), nullable=True),
    sa.Column('cancel_requested', sa.Boolean(), nullable=False),
    sa.Column('input_tokens', sa.BigInteger(), nullable=False),
    sa.Column('output_tokens', sa.BigInteger(), nullable=False),
    sa.Column('cost_usd', sa.Float(), nullable=False),
    sa.Column('merged', sa.Boolean(), nullable=True),
    sa.Column('merged_without_edits', sa.Boolean(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['delivery_id'], ['deliveries.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('uq_runs_one_active_per_issue', 'runs', ['forge', 'repo', 'issue_number'], unique=True, postgresql_where=sa.text("status IN ('queued', 'running', 'paused')"))
    op.create_index('ix_runs_repo_issue', 'runs', ['forge', 'repo', 'issue_number'], unique=False)
    op.create_table('failures',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('forge', sa.String(length=16), nullable=False),
    sa.Column('repo', sa.String(length=300), nullable=False),
    sa.Column('run_id', sa.BigInteger(), nullable=True),
    sa.Column('step', sa.String(length=50), nullable=False),
    sa.Column('kind', sa.String(length=50), nullable=False),
    sa.Column('evidence', sa.Text(), nullable=False),
    sa.Column('change_request_number', sa.Integer(), nullable=True),
    sa.Column('source_url', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['run_id'], ['runs.id'], ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('model_calls',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('run_id', sa.BigInteger(), nullable=True),
    sa.Column('step', sa.String(length=50), nullable=False),
    sa.Column('model', sa.String(length=100), nullable=False),
    sa.Column('input_tokens', sa.BigInteger(), nullable=False),
    sa.Column('output_tokens', sa.BigInteger(), nullable=False),
    sa.Column('cache_read_tokens', sa.BigInteger(), nullable=False),
    sa.Column('cache_write_tokens', sa.BigInteger(), nullable=False),
    sa.Column('cost_usd', sa.Float(), nullable=False),
    sa.Column('duration_ms', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['run_id'], ['runs.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('steps',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('run_id', sa.BigInteger(), nullable=False),
    sa.Column('name', sa.String(length=50), nullable=False),
    sa.Column('attempt', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(length=30), nullable=False),
    sa.Column('verdict', sa.String(length=50), nullable=True),
    sa.Column('summary', sa.Text(), nullable=True),
    sa.Column('artifact', postgresql.JSONB(astext_type=sa.Text()), nullable=True),
    sa.Column('diff', sa.Text(), nullable=True),
    sa.Column('input_tokens', sa.BigInteger(), nullable=False),
    sa.Column('output_tokens', sa.BigInteger(), nullable=False),
    sa.Column('cost_usd', sa.Float(), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('duration_ms', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['run_id'], ['runs.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_steps_run', 'steps', ['run_id'], unique=False)
    op.create_table('trajectory_events',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('run_id', sa.BigInteger(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('step', sa.String(length=50), nullable=False),
    sa.Column('actor', sa.String(length=10), nullable=False),
    sa.Column('tool', sa.String(length=50), nullable=False),
    sa.Column('args', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('ok', sa.Boolean(), nullable=False),
    sa.Column('detail', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['run_id'], ['runs.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('run_id', 'seq', name='uq_trajectory_run_seq')
    )


def downgrade() -> None:
    op.drop_table('trajectory_events')
    op.drop_index('ix_steps_run', table_name='steps')
    op.drop_table('steps')
    op.drop_table('model_calls')
    op.drop_table('failures')
    op.drop_index('uq_runs_one_active_per_issue', table_name='runs')
    op.drop_index('ix_runs_repo_issue', table_name='runs')
    op.drop_table('runs')
    op.drop_table('rules')
    op.drop_table('deliveries')
