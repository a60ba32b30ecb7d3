import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lines a learner carries from a "push line" lesson's chart to a later lesson that pulls them
 * (spec: pushLine, pullLine, prev_chart): one row per learner and chart, written with the graded
 * answer that decides them, so every browser and device of the learner shows the same lines.
 * The checks keep a row to what the rule writes: the two lines of an answer, or a zone's bounds.
 */
export class CreateSavedLines1765300000000 implements MigrationInterface {
  name = 'CreateSavedLines1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "saved_lines" (
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "chart_number" integer NOT NULL,
        "lesson_id" integer NOT NULL,
        "lines" double precision[] NOT NULL,
        "source" varchar(8) NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("user_id", "chart_number"),
        CONSTRAINT "saved_lines_two_lines" CHECK (cardinality("lines") = 2),
        CONSTRAINT "saved_lines_prices" CHECK (0 < ALL ("lines") AND 1000000 >= ALL ("lines")),
        CONSTRAINT "saved_lines_source" CHECK ("source" IN ('answer', 'zone'))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "saved_lines"`);
  }
}
