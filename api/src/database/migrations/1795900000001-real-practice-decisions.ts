import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Take or skip on real setups: which real session each of a learner's real decisions is (its
 * answers are attempts with `real_index` and a decision), and the learner's place among them.
 */
export class RealPracticeDecisions1795900000001 implements MigrationInterface {
  name = 'RealPracticeDecisions1795900000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "real_practice_decisions" (
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "index" integer NOT NULL CHECK ("index" >= 1),
        "session_id" varchar(32) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("user_id", "index")
      )`);
    await queryRunner.query(
      `ALTER TABLE "practice_places" ADD COLUMN "real_decisions" integer NOT NULL DEFAULT 1`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "practice_places" DROP COLUMN "real_decisions"`);
    await queryRunner.query(
      `DELETE FROM "attempts" WHERE "real_index" IS NOT NULL AND "decision" IS NOT NULL`,
    );
    await queryRunner.query(`DROP TABLE "real_practice_decisions"`);
  }
}
