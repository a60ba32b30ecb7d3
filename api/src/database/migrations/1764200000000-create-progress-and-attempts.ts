import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateProgressAndAttempts1764200000000 implements MigrationInterface {
  name = 'CreateProgressAndAttempts1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Lesson ids come from the content files, not a table: they are checked by the API instead.
    await queryRunner.query(`
      CREATE TABLE "completed_lessons" (
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "lesson_id" integer NOT NULL,
        "completed_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("user_id", "lesson_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "attempts" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid REFERENCES "users" ("id") ON DELETE CASCADE,
        "visitor_id" uuid,
        "chart_number" integer NOT NULL,
        "lesson_id" integer,
        "lines" jsonb NOT NULL,
        "pass" boolean NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "attempts_by_someone" CHECK (("user_id" IS NULL) <> ("visitor_id" IS NULL))
      )`);
    // Every chart answer first counts this caller's tries on that chart.
    await queryRunner.query(
      `CREATE INDEX "attempts_user_chart" ON "attempts" ("user_id", "chart_number")`,
    );
    await queryRunner.query(
      `CREATE INDEX "attempts_visitor_chart" ON "attempts" ("visitor_id", "chart_number")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "attempts"`);
    await queryRunner.query(`DROP TABLE "completed_lessons"`);
  }
}
