import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBilling1764100000000 implements MigrationInterface {
  name = 'CreateBilling1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "subscriptions" (
        "user_id" uuid PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE,
        "provider" varchar(16) NOT NULL,
        "stripe_customer_id" varchar(255),
        "stripe_subscription_id" varchar(255),
        "status" varchar(32) NOT NULL,
        "current_period_end" timestamptz,
        "cancel_at_period_end" boolean NOT NULL DEFAULT false,
        "last_event_at" timestamptz,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    // Webhook events name the Stripe subscription or customer, never our user: look them up fast.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "subscriptions_stripe_subscription_id_unique"
       ON "subscriptions" ("stripe_subscription_id")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "subscriptions_stripe_customer_id_unique"
       ON "subscriptions" ("stripe_customer_id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "processed_webhook_events" (
        "event_id" varchar(255) PRIMARY KEY,
        "type" varchar(128) NOT NULL,
        "processed_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE "local_checkout_sessions" (
        "id" varchar(64) PRIMARY KEY,
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "success_url" text NOT NULL,
        "cancel_url" text NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "local_checkout_sessions_user_id" ON "local_checkout_sessions" ("user_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "local_checkout_sessions"`);
    await queryRunner.query(`DROP TABLE "processed_webhook_events"`);
    await queryRunner.query(`DROP TABLE "subscriptions"`);
  }
}
