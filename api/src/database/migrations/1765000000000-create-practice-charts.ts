import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Learners' generated practice charts, gzipped, so that a chart costs its generation (about
 * 75 ms of CPU) once across every instance and restart rather than once per instance's cache.
 */
export class CreatePracticeCharts1765000000000 implements MigrationInterface {
  name = 'CreatePracticeCharts1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "practice_charts" (
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "kind" varchar(16) NOT NULL,
        "practice_index" integer NOT NULL,
        "chart" bytea NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("user_id", "kind", "practice_index")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "practice_charts"`);
  }
}
