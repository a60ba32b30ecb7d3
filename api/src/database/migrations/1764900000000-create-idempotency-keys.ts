import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The answers given to requests that carried an Idempotency-Key, per learner, so a retry gets
 * the first answer instead of spending another try. Kept for a day (see IdempotentAnswers).
 */
export class CreateIdempotencyKeys1764900000000 implements MigrationInterface {
  name = 'CreateIdempotencyKeys1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "idempotency_keys" (
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "key" varchar(255) NOT NULL,
        "operation" varchar(32) NOT NULL,
        "request_hash" char(64) NOT NULL,
        "response" jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        PRIMARY KEY ("user_id", "key")
      )`);
    // The hourly clean-up deletes by age.
    await queryRunner.query(
      `CREATE INDEX "idempotency_keys_expires_at" ON "idempotency_keys" ("expires_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "idempotency_keys"`);
  }
}
