import { ApiMode } from '@lgw/kernel';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'teams' })
export class TeamOrmEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  name: string;

  /** Per-team override of RATE_LIMIT_PER_MINUTE; null means the default. */
  @Column('integer', { name: 'rate_limit_per_minute', nullable: true })
  rateLimitPerMinute: number | null;

  /** 'test' for a team's test scope (docs/adr/0060-test-mode-tenancy.md). */
  @Column('text', { default: 'live' })
  mode: ApiMode;

  /** The team a test scope belongs to; null for a team. */
  @Column('uuid', { name: 'account_id', nullable: true })
  accountId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
