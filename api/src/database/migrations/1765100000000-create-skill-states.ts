import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each learner's model of each skill (the course's learner model, kept as its JSON), and the
 * last practice exercises they answered, which the choice of the next one reads. Kept in the
 * database rather than an instance's memory so that every instance sees the same learner.
 */
export class CreateSkillStates1765100000000 implements MigrationInterface {
  name = 'CreateSkillStates1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "skill_states" (
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "skill" varchar(32) NOT NULL,
        "state" jsonb NOT NULL,
        "attempts" integer NOT NULL DEFAULT 0,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("user_id", "skill")
      )`);
    await queryRunner.query(`
      CREATE TABLE "practice_history" (
        "user_id" uuid PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE,
        "items" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "practice_history"`);
    await queryRunner.query(`DROP TABLE "skill_states"`);
  }
}
