import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Gives learners who answered a "push line" lesson before `saved_lines` existed (their lines were
 * kept only in the browser) the row the live rule would have written from their graded attempts:
 * the latest passing answer's first two lines, as 'answer'. Plain SQL, fixed at this release, so
 * a later change to the services cannot change what this migration did.
 *
 * The pushing lessons are named here because lessons live in the content files, not a table: in
 * this release /validating-faz (lesson 26) is the only one and pushes chart 18. Like the live code,
 * only zone answers (no plan, decision or management) made in that lesson or sent by chart number
 * alone count.
 *
 * The rule's other case, the correct zone once three misses showed it, is not backfilled: a
 * chart's zone is made from its seed in the content by the market simulator when the API starts,
 * and is stored neither with the attempt nor anywhere in the database, so SQL cannot know its
 * prices. Such learners get their zone row from their next answer on the lesson.
 *
 * An existing row is never overwritten: the live code wrote it from an answer graded since.
 * A first pair that the table's checks refuse (not two prices in (0, 1000000]) is skipped rather
 * than failing the migration; the live code could not have kept it either.
 */
export class BackfillSavedLines1795851887011 implements MigrationInterface {
  name = 'BackfillSavedLines1795851887011';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      WITH "pushing" ("lesson_id", "chart_number") AS (VALUES (26, 18)),
      "latest_pass" AS (
        SELECT DISTINCT ON ("attempt"."user_id", "pushing"."chart_number")
          "attempt"."user_id",
          "pushing"."chart_number",
          "pushing"."lesson_id",
          "attempt"."lines" -> 0 AS "first",
          "attempt"."lines" -> 1 AS "second",
          "attempt"."created_at"
        FROM "attempts" "attempt"
        JOIN "pushing" ON "pushing"."chart_number" = "attempt"."chart_number"
        WHERE "attempt"."user_id" IS NOT NULL
          AND "attempt"."pass"
          AND ("attempt"."lesson_id" IS NULL OR "attempt"."lesson_id" = "pushing"."lesson_id")
          AND "attempt"."plan" IS NULL
          AND "attempt"."decision" IS NULL
          AND "attempt"."manage" IS NULL
        ORDER BY "attempt"."user_id", "pushing"."chart_number",
          "attempt"."created_at" DESC, "attempt"."id" DESC
      ),
      "kept" AS (
        SELECT "user_id", "chart_number", "lesson_id", "created_at",
          ARRAY["first"::text::double precision, "second"::text::double precision] AS "lines"
        FROM "latest_pass"
        WHERE jsonb_typeof("first") = 'number' AND jsonb_typeof("second") = 'number'
      )
      INSERT INTO "saved_lines" ("user_id", "chart_number", "lesson_id", "lines", "source", "updated_at")
      SELECT "user_id", "chart_number", "lesson_id", "lines", 'answer', "created_at"
      FROM "kept"
      WHERE 0 < ALL ("lines") AND 1000000 >= ALL ("lines")
      ON CONFLICT ("user_id", "chart_number") DO NOTHING`);
  }

  /**
   * Removes nothing. A backfilled row is the row the live code writes for the same answer, and
   * the live code may since have rewritten it or written rows beside it: no column tells them
   * apart, and deleting any would take from learners the lines the next lesson shows them.
   * Without this migration's rows the table is still valid; with them it is what the rule says.
   */
  async down(): Promise<void> {
    // Nothing to undo (see above).
  }
}
