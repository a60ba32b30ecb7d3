import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  answerEvidence,
  type GradedAnswer,
  modelEvidence,
  nextPractice,
  type PracticeChoice,
  type PracticeHistoryItem,
  type PracticeKind,
  type PracticeLimits,
  practisedSkill,
  type SkillEvidence,
  type SkillKey,
  type SkillState,
  updateSkills,
} from '@course/rules';
import type { EntityManager, Repository } from 'typeorm';
import { isDatabaseUnavailable } from '../database/database-errors.js';
import { PracticePlaceRow } from '../practice/practice-place.entity.js';
import {
  type PracticeHistoryEntry,
  PracticeHistoryRow,
  SkillStateRow,
} from './skill-state.entity.js';

/** Practice exercises kept for the choice of the next one (it looks at the last three). */
export const PRACTICE_HISTORY_LENGTH = 10;

export type LearnerSkillStates = Partial<Record<SkillKey, SkillState>>;

/** A Practice Portal exercise, as the portal's place names the one on screen. */
export interface PracticeExercise {
  kind: PracticeKind;
  /** Its place among the learner's exercises of its kind (real or simulated), 1-based. */
  index: number;
  /** A real chart or real decision. */
  real?: boolean;
}

/**
 * The graded answer's place: the attempt row it was kept as, how many answers to the same
 * exercise came before it, and its practice exercise if any.
 */
export interface AnswerRecorded {
  attemptId: string;
  /** None: the exercise's first answer, the only one the learner model hears. */
  earlierAnswers: number;
  /** The Practice Portal exercise answered; none for a lesson's. */
  practice?: PracticeExercise | undefined;
}

/**
 * Each learner's model of each skill, updated from every graded answer in the transaction that
 * keeps the answer: a request replayed with its Idempotency-Key never runs that transaction
 * again, so it never counts twice. Concurrent answers of one learner (on any instance) take
 * turns on the lock of the learner's practice-history row.
 */
@Injectable()
export class SkillStates {
  private readonly logger = new Logger('Skills');

  constructor(
    @InjectRepository(SkillStateRow) private readonly rows: Repository<SkillStateRow>,
    @InjectRepository(PracticeHistoryRow)
    private readonly histories: Repository<PracticeHistoryRow>,
  ) {}

  /**
   * Keeps what a graded answer said about each skill beside its attempt (for the skills report),
   * in `store`'s transaction; an exercise's first answer also updates the learner's skills and,
   * for a practice exercise (`practice`, its kind), is remembered for the choice of the next one.
   * Later tries are not: the model and the chooser count exercises, not tries.
   */
  async record(
    store: EntityManager,
    userId: string,
    graded: GradedAnswer,
    answer: AnswerRecorded,
  ): Promise<void> {
    try {
      await this.recordInTransaction(store, userId, graded, answer);
    } catch (error) {
      // The database away or too slow: the answer's transaction fails with it (a 503, and the
      // client retries with its key). Anything else is this model's fault, not the answer's:
      // the answer is kept and the skills miss this one.
      if (isDatabaseUnavailable(error)) throw error;
      this.logger.error(`skills not updated for an answer: ${String(error)}`);
    }
  }

  private async recordInTransaction(
    store: EntityManager,
    userId: string,
    graded: GradedAnswer,
    { attemptId, earlierAnswers, practice }: AnswerRecorded,
  ): Promise<void> {
    const evidence = answerEvidence(graded);
    if (evidence.length === 0) return;
    const now = new Date();
    await this.keepEvidence(store, userId, attemptId, evidence, now);
    const heard = modelEvidence(graded, earlierAnswers);
    if (heard.length === 0) return;
    // The learner's lock: held until the transaction ends, so two answers never both read the
    // same states and the later write lose the earlier one's update.
    await store.query(
      `INSERT INTO "practice_history" ("user_id") VALUES ($1) ON CONFLICT ("user_id") DO NOTHING`,
      [userId],
    );
    const [locked] = await store.query<{ items: PracticeHistoryEntry[] }[]>(
      `SELECT "items" FROM "practice_history" WHERE "user_id" = $1 FOR UPDATE`,
      [userId],
    );
    const skills = heard.map((item) => item.skill);
    const current = await store
      .getRepository(SkillStateRow)
      .createQueryBuilder('row')
      .where('row.userId = :userId AND row.skill IN (:...skills)', { userId, skills })
      .getMany();
    const states: LearnerSkillStates = {};
    for (const row of current) states[row.skill] = row.state;
    const answered = answeredAt(
      now,
      current.map((row) => row.state),
    );
    const next = updateSkills(states, heard, answered);
    const changed = skills.flatMap((skill) => {
      const state = next[skill];
      return state ? [{ userId, skill, state, attempts: state.attempts, updatedAt: answered }] : [];
    });
    await store.getRepository(SkillStateRow).upsert(changed, ['userId', 'skill']);
    if (practice === undefined) return;
    const served = await servedSkill(store, userId, practice);
    const skill = practisedSkill(graded, heard, served);
    if (skill === undefined) return;
    const pass = heard.every((item) => item.pass);
    const items = [...(locked?.items ?? []), { kind: practice.kind, skill, pass }].slice(
      -PRACTICE_HISTORY_LENGTH,
    );
    await store.query(
      `UPDATE "practice_history" SET "items" = $2::jsonb, "updated_at" = now() WHERE "user_id" = $1`,
      [userId, JSON.stringify(items)],
    );
  }

  /** What one answer said about each skill, beside its attempt, for the skills report. */
  private async keepEvidence(
    store: EntityManager,
    userId: string,
    attemptId: string,
    evidence: readonly SkillEvidence[],
    now: Date,
  ): Promise<void> {
    await store.query(
      `INSERT INTO "skill_answers" ("user_id", "attempt_id", "skill", "pass", "after_reveal", "answered_at")
       SELECT $1, $2, e.skill, e.pass, e.after_reveal, $3
         FROM unnest($4::varchar[], $5::boolean[], $6::boolean[]) AS e(skill, pass, after_reveal)`,
      [
        userId,
        attemptId,
        now,
        evidence.map((item) => item.skill),
        evidence.map((item) => item.pass),
        evidence.map((item) => item.afterReveal === true),
      ],
    );
  }

  /** Every skill the learner has answered, by key. */
  async states(userId: string): Promise<LearnerSkillStates> {
    const rows = await this.rows.find({ where: { userId } });
    const states: LearnerSkillStates = {};
    for (const row of rows) states[row.skill] = row.state;
    return states;
  }

  /**
   * The practice exercise the learner needs next (see the course's `nextPractice`), within what
   * the learner has reached and is offered.
   */
  async next(userId: string, limits: PracticeLimits = {}): Promise<PracticeChoice> {
    const [states, history] = await Promise.all([this.states(userId), this.history(userId)]);
    return nextPractice(states, history, new Date(), limits);
  }

  /** The learner's last practice exercises answered, oldest first. */
  async history(userId: string): Promise<PracticeHistoryItem[]> {
    const row = await this.histories.findOne({ where: { userId } });
    return (row?.items ?? []).map(({ kind, skill }) => ({ kind, skill }));
  }
}

/**
 * The skill "Practise what I need" chose `exercise` for, when it is the exercise the portal keeps
 * on screen (the chooser's choice, kept by POST api/practice/place); none for one of a fixed
 * round, which no choice served.
 */
async function servedSkill(
  store: EntityManager,
  userId: string,
  exercise: PracticeExercise,
): Promise<SkillKey | undefined> {
  const place = await store
    .getRepository(PracticePlaceRow)
    .findOne({ where: { userId }, select: { userId: true, current: true } });
  const current = place?.current;
  if (current?.kind !== exercise.kind || current.index !== exercise.index) return undefined;
  return Boolean(current.real) === Boolean(exercise.real) ? current.skill : undefined;
}

/**
 * The time of an answer: now, or the last answer's time when another instance's clock ran
 * ahead (the learner model takes answers in time order).
 */
function answeredAt(now: Date, states: readonly SkillState[]): Date {
  const latest = Math.max(
    now.getTime(),
    ...states.map((state) => (state.lastAnswerAt ? Date.parse(state.lastAnswerAt) : 0)),
  );
  return new Date(latest);
}
