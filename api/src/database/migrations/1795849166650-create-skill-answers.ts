import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What each graded answer said about each skill it tests, one row per answer and skill, beside
 * the attempt it was graded in. The learner model keeps only a running state per skill; the
 * skills report (learning curves, exercises out of line with their skill) needs every answer.
 * Answers from before this table have no rows here.
 */
export class CreateSkillAnswers1795849166650 implements MigrationInterface {
  name = 'CreateSkillAnswers1795849166650';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "skill_answers" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "attempt_id" uuid NOT NULL REFERENCES "attempts" ("id") ON DELETE CASCADE,
        "skill" varchar(32) NOT NULL,
        "pass" boolean NOT NULL,
        "after_reveal" boolean NOT NULL DEFAULT false,
        "answered_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "skill_answers_user_skill" ON "skill_answers" ("user_id", "skill", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "skill_answers_attempt" ON "skill_answers" ("attempt_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "skill_answers"`);
  }
}
