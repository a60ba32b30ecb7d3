import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatePasswordResetTokens1764000000000 implements MigrationInterface {
  name = 'CreatePasswordResetTokens1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Only a keyed hash of each token is kept: the table alone cannot be turned into reset links.
    await queryRunner.query(`
      CREATE TABLE "password_reset_tokens" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "token_hash" char(64) NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        "invalidated_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "password_reset_tokens_token_hash_unique"
       ON "password_reset_tokens" ("token_hash")`,
    );
    // A new request invalidates the user's older links.
    await queryRunner.query(
      `CREATE INDEX "password_reset_tokens_user_id" ON "password_reset_tokens" ("user_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "password_reset_tokens"`);
  }
}
