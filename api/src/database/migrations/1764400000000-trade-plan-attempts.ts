import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tries at trade-plan exercises: the three prices go in `lines` (entry, stop, target) like a zone
 * answer's; the money side and what the grade computed go in `plan`.
 */
export class TradePlanAttempts1764400000000 implements MigrationInterface {
  name = 'TradePlanAttempts1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "attempts" ADD "plan" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "attempts" DROP COLUMN "plan"`);
  }
}
