import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Answers to take-or-skip exercises: take or skip, and the checks named as reasons, in
 * `decision` (their `lines` stay empty). A row is a zone answer, a plan or a decision.
 */
export class DecisionAttempts1764500000000 implements MigrationInterface {
  name = 'DecisionAttempts1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "attempts" ADD "decision" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "attempts" DROP COLUMN "decision"`);
  }
}
