import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The answer given to one learner's request with one Idempotency-Key. */
@Entity({ name: 'idempotency_keys' })
export class IdempotencyKey {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** The header's value, as the client chose it (a UUID from the app). */
  @PrimaryColumn({ name: 'key', type: 'varchar', length: 255 })
  key!: string;

  /** Which call it answered ('attempt', 'plan', 'decision', 'manage'). */
  @Column({ name: 'operation', type: 'varchar', length: 32 })
  operation!: string;

  /** SHA-256 of the request body: the same key with another body is refused, not replayed. */
  @Column({ name: 'request_hash', type: 'char', length: 64 })
  requestHash!: string;

  /** The answer sent; null only inside the transaction that computes it. */
  @Column({ name: 'response', type: 'jsonb', nullable: true })
  response!: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
