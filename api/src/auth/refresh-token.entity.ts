import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One issued refresh token; rotation chains tokens of one login into a family. */
@Entity({ name: 'refresh_tokens' })
export class RefreshToken {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** Shared by every token rotated from the same login, so reuse can revoke them all. */
  @Column({ name: 'family_id', type: 'uuid' })
  familyId!: string;

  /** Hex SHA-256 of the token; the token itself is never stored. */
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** Set when the token was exchanged for a new one; a second use means it was stolen. */
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  /**
   * Keyed hash of the client (address and browser) that spent the token: only that client may
   * present it again, within the grace period.
   */
  @Column({ name: 'used_by', type: 'char', length: 64, nullable: true })
  usedBy!: string | null;

  /** The token this one was rotated from; null for the first token of a login. */
  @Column({ name: 'parent_id', type: 'uuid', nullable: true })
  parentId!: string | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
