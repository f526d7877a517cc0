import { ApiMode } from '@lgw/kernel';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** Only the SHA-256 of a key and a short display prefix are kept; the key itself never is. */
@Entity({ name: 'api_keys' })
export class ApiKeyOrmEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Index()
  @Column('uuid', { name: 'team_id' })
  teamId: string;

  @Column('text', { default: 'live' })
  mode: ApiMode;

  @Index({ unique: true })
  @Column('char', { name: 'key_hash', length: 64 })
  keyHash: string;

  @Column('text', { name: 'display_prefix' })
  displayPrefix: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'last_used_at', nullable: true })
  lastUsedAt: Date | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt: Date | null;

  @Column('text', { nullable: true })
  name: string | null;

  @Column('text', { array: true, default: () => "'{*}'" })
  scopes: string[];

  @Column('timestamptz', { name: 'expires_at', nullable: true })
  expiresAt: Date | null;

  @Column('text', { name: 'allowed_ips', array: true, default: () => "'{}'" })
  allowedIps: string[];

  @Column('text', { nullable: true })
  last4: string | null;
}
