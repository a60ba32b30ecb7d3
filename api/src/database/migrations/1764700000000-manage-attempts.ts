import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Answers to trade-management exercises: the rule chosen, in `manage` (their `lines` stay empty).
 * A row is a zone answer, a plan, a decision or a management answer.
 */
export class ManageAttempts1764700000000 implements MigrationInterface {
  name = 'ManageAttempts1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "attempts" ADD "manage" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "attempts" DROP COLUMN "manage"`);
  }
}
