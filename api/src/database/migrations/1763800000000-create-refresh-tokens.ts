import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateRefreshTokens1763800000000 implements MigrationInterface {
  name = 'CreateRefreshTokens1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Only a SHA-256 hash of each token is kept: a leaked table cannot be replayed as sessions.
    await queryRunner.query(`
      CREATE TABLE "refresh_tokens" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "family_id" uuid NOT NULL,
        "token_hash" char(64) NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        "revoked_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "refresh_tokens_token_hash_unique" ON "refresh_tokens" ("token_hash")`,
    );
    // Reuse detection and logout revoke a whole family at once.
    await queryRunner.query(
      `CREATE INDEX "refresh_tokens_family_id" ON "refresh_tokens" ("family_id")`,
    );
    // A password reset ends every session of one user.
    await queryRunner.query(
      `CREATE INDEX "refresh_tokens_user_id" ON "refresh_tokens" ("user_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "refresh_tokens"`);
  }
}
