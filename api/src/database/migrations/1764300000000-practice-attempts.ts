import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Attempts at a learner's own practice charts: they have no catalogue number, only the learner
 * and the chart's place in the Practice Portal (its index).
 */
export class PracticeAttempts1764300000000 implements MigrationInterface {
  name = 'PracticeAttempts1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "attempts" ADD "practice_index" integer`);
    await queryRunner.query(`ALTER TABLE "attempts" ALTER COLUMN "chart_number" DROP NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "attempts" ADD CONSTRAINT "attempts_on_one_chart"
         CHECK (("chart_number" IS NULL) <> ("practice_index" IS NULL))`,
    );
    // Practice charts are a learner's own: only learners make attempts at them.
    await queryRunner.query(
      `ALTER TABLE "attempts" ADD CONSTRAINT "practice_attempts_by_learners"
         CHECK ("practice_index" IS NULL OR "user_id" IS NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE INDEX "attempts_user_practice" ON "attempts" ("user_id", "practice_index")
         WHERE "practice_index" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "attempts_user_practice"`);
    await queryRunner.query(`DELETE FROM "attempts" WHERE "practice_index" IS NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "attempts" DROP CONSTRAINT "practice_attempts_by_learners"`,
    );
    await queryRunner.query(`ALTER TABLE "attempts" DROP CONSTRAINT "attempts_on_one_chart"`);
    await queryRunner.query(`ALTER TABLE "attempts" ALTER COLUMN "chart_number" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "attempts" DROP COLUMN "practice_index"`);
  }
}
