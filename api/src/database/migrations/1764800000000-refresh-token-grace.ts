import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a grace period for a just-rotated refresh token needs to tell a second tab from a thief:
 * the token each one was rotated from (`parent_id`), so a family that moved on is seen, and a
 * keyed hash of the client that spent it (`used_by`).
 */
export class RefreshTokenGrace1764800000000 implements MigrationInterface {
  name = 'RefreshTokenGrace1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "refresh_tokens" ADD "parent_id" uuid, ADD "used_by" char(64)`,
    );
    // Whether a token's successor was spent, and its unspent siblings, are found by parent.
    await queryRunner.query(
      `CREATE INDEX "refresh_tokens_parent_id" ON "refresh_tokens" ("parent_id")
         WHERE "parent_id" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "refresh_tokens_parent_id"`);
    await queryRunner.query(
      `ALTER TABLE "refresh_tokens" DROP COLUMN "parent_id", DROP COLUMN "used_by"`,
    );
  }
}
