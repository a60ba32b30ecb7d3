import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Real charts in the Practice Portal: which real session (and which zone type) each of a
 * learner's real charts is, so that a chart stays the same on every visit and no session comes
 * back before the learner has seen the whole pool; the tries at them (`attempts.real_index`);
 * and the learner's place in the real charts.
 */
export class CreateRealPractice1795900000000 implements MigrationInterface {
  name = 'CreateRealPractice1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "real_practice_items" (
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "index" integer NOT NULL CHECK ("index" >= 1),
        "session_id" varchar(32) NOT NULL,
        "zone_type" varchar(8) NOT NULL CHECK ("zone_type" IN ('demand', 'supply')),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("user_id", "index")
      )`);
    await queryRunner.query(`ALTER TABLE "attempts" ADD COLUMN "real_index" integer`);
    // A try is at exactly one chart: a catalogue chart, a practice chart or a real chart.
    await queryRunner.query(`ALTER TABLE "attempts" DROP CONSTRAINT "attempts_on_one_chart"`);
    await queryRunner.query(
      `ALTER TABLE "attempts" ADD CONSTRAINT "attempts_on_one_chart" CHECK (
         ("chart_number" IS NOT NULL)::int + ("practice_index" IS NOT NULL)::int +
         ("real_index" IS NOT NULL)::int = 1)`,
    );
    // Real charts are a learner's own: only learners make attempts at them.
    await queryRunner.query(
      `ALTER TABLE "attempts" ADD CONSTRAINT "real_attempts_by_learners"
         CHECK ("real_index" IS NULL OR "user_id" IS NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE INDEX "attempts_real_index" ON "attempts" ("user_id", "real_index")
         WHERE "real_index" IS NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "practice_places" ADD COLUMN "real" integer NOT NULL DEFAULT 1`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "practice_places" DROP COLUMN "real"`);
    await queryRunner.query(`DROP INDEX "attempts_real_index"`);
    await queryRunner.query(`DELETE FROM "attempts" WHERE "real_index" IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "attempts" DROP CONSTRAINT "real_attempts_by_learners"`);
    await queryRunner.query(`ALTER TABLE "attempts" DROP CONSTRAINT "attempts_on_one_chart"`);
    await queryRunner.query(
      `ALTER TABLE "attempts" ADD CONSTRAINT "attempts_on_one_chart"
         CHECK (("chart_number" IS NULL) <> ("practice_index" IS NULL))`,
    );
    await queryRunner.query(`ALTER TABLE "attempts" DROP COLUMN "real_index"`);
    await queryRunner.query(`DROP TABLE "real_practice_items"`);
  }
}
