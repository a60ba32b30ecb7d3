import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A Stripe event already handled: Stripe delivers at least once, so repeats are skipped. */
@Entity({ name: 'processed_webhook_events' })
export class ProcessedWebhookEvent {
  @PrimaryColumn({ name: 'event_id', type: 'varchar', length: 255 })
  eventId!: string;

  @Column({ type: 'varchar', length: 128 })
  type!: string;

  @CreateDateColumn({ name: 'processed_at', type: 'timestamptz' })
  processedAt!: Date;
}
