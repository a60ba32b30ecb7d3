import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A browser's visitor id linked to the learner who logged in on it (the last one to do so). */
@Entity({ name: 'analytics_visitors' })
export class AnalyticsVisitor {
  @PrimaryColumn({ name: 'visitor_id', type: 'uuid' })
  visitorId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'linked_at', type: 'timestamptz' })
  linkedAt!: Date;
}
