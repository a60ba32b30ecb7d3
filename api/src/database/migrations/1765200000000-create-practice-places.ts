import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where each learner is in the Practice Portal (the mode, each round's place and the exercise
 * "Practise what I need" has on screen), so that reopening it on any device resumes there.
 */
export class CreatePracticePlaces1765200000000 implements MigrationInterface {
  name = 'CreatePracticePlaces1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "practice_places" (
        "user_id" uuid PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE,
        "mode" varchar(16) NOT NULL,
        "zones" integer NOT NULL,
        "decisions" integer NOT NULL,
        "plans" integer NOT NULL,
        "current" jsonb,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "practice_places"`);
  }
}
