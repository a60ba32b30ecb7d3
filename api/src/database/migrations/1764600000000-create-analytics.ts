import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * First-party analytics: raw events (no email, address or user agent), the link from a browser's
 * visitor id to the learner who logged in on it, and the daily totals that outlive raw events.
 */
export class CreateAnalytics1764600000000 implements MigrationInterface {
  name = 'CreateAnalytics1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // No foreign key to users: a batch of events is one insert, which one row must never fail.
    await queryRunner.query(`
      CREATE TABLE "analytics_events" (
        "id" bigserial PRIMARY KEY,
        "name" text NOT NULL,
        "at" timestamptz NOT NULL,
        "visitor_id" uuid,
        "user_id" uuid,
        "route" text,
        "lesson_id" integer,
        "chart_number" integer,
        "practice_index" integer,
        "duration_ms" integer,
        "passed" boolean
      )`);
    await queryRunner.query(`CREATE INDEX "analytics_events_at" ON "analytics_events" ("at")`);
    await queryRunner.query(
      `CREATE INDEX "analytics_events_name_at" ON "analytics_events" ("name", "at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "analytics_visitors" (
        "visitor_id" uuid PRIMARY KEY,
        "user_id" uuid NOT NULL,
        "linked_at" timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE "analytics_daily" (
        "id" bigserial PRIMARY KEY,
        "day" date NOT NULL,
        "name" text NOT NULL,
        "route" text,
        "lesson_id" integer,
        "chart_number" integer,
        "practice_index" integer,
        "events" integer NOT NULL,
        "people" integer NOT NULL,
        "passed" integer NOT NULL,
        "duration_ms" bigint NOT NULL
      )`);
    // One row per day and subject; a late event of a rolled-up day adds to its row.
    await queryRunner.query(`
      CREATE UNIQUE INDEX "analytics_daily_subject" ON "analytics_daily" (
        "day", "name", (coalesce("route", '')), (coalesce("lesson_id", -1)),
        (coalesce("chart_number", -1)), (coalesce("practice_index", -1))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "analytics_daily"`);
    await queryRunner.query(`DROP TABLE "analytics_visitors"`);
    await queryRunner.query(`DROP TABLE "analytics_events"`);
  }
}
