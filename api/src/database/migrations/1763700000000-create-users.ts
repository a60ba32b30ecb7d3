import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1763700000000 implements MigrationInterface {
  name = 'CreateUsers1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "users" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "email" varchar(254) NOT NULL,
        "password_hash" varchar(255) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "password_changed_at" timestamptz NOT NULL DEFAULT now()
      )`);
    // Emails are compared case-insensitively: one account per mailbox.
    await queryRunner.query(`CREATE UNIQUE INDEX "users_email_unique" ON "users" (lower("email"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "users"`);
  }
}
