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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
