import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { PracticeKind } from '@course/rules';
import type { PracticePlace, PracticePlaceUpdate, PracticeReason } from '@course/contract';
import type { Repository } from 'typeorm';
import { PRACTICE_CHART_COUNT, PRACTICE_PLAN_COUNT } from '../course-catalogue/course-access.js';
import { PracticePlaceRow } from './practice-place.entity.js';

/** A learner who has not opened the portal yet starts with "Practise what I need". */
export const FIRST_PLACE: PracticePlace = {
  mode: 'needs',
  zones: 1,
  decisions: 1,
  plans: 1,
  real: 1,
  realDecisions: 1,
  current: null,
};

/** How many practice exercises of each kind a learner has. */
export const PRACTICE_COUNTS: Readonly<Record<PracticeKind, number>> = {
  zone: PRACTICE_CHART_COUNT,
  decision: PRACTICE_PLAN_COUNT,
  plan: PRACTICE_PLAN_COUNT,
};

/**
 * Where each learner is in the Practice Portal, kept in the database so that reopening it on any
 * instance and any device resumes at the same place. The last place sent wins.
 */
@Injectable()
export class PracticePlaces {
  constructor(
    @InjectRepository(PracticePlaceRow) private readonly rows: Repository<PracticePlaceRow>,
  ) {}

  async get(userId: string): Promise<PracticePlace> {
    const row = await this.rows.findOne({ where: { userId } });
    if (!row) return FIRST_PLACE;
    const { mode, zones, decisions, plans, real, realDecisions, current } = row;
    return { mode, zones, decisions, plans, real, realDecisions, current };
  }

  /**
   * Keeps `place` as the learner's; a current exercise past its kind's count is a 400. A place
   * without `real` (sent by a client from before real charts) keeps the learner's.
   */
  async save(userId: string, place: PracticePlaceUpdate): Promise<PracticePlace> {
    const { mode, zones, decisions, plans } = place;
    const kept =
      place.real === undefined || place.realDecisions === undefined
        ? await this.get(userId)
        : undefined;
    const real = place.real ?? kept?.real ?? 1;
    const realDecisions = place.realDecisions ?? kept?.realDecisions ?? 1;
    const current = place.current ?? null;
    if (current && current.index > PRACTICE_COUNTS[current.kind]) {
      throw new BadRequestException(
        `current.index must be a whole number from 1 to ${PRACTICE_COUNTS[current.kind]} for a ${current.kind}`,
      );
    }
    const next: PracticePlace = {
      mode,
      zones,
      decisions,
      plans,
      real,
      realDecisions,
      current: current && {
        kind: current.kind,
        index: current.index,
        skill: current.skill,
        reason: current.reason,
        ...(current.reasonData ? { reasonData: reasonDataOf(current.reasonData) } : {}),
        ...(current.real ? { real: true } : {}),
      },
    };
    await this.rows.upsert({ userId, ...next, updatedAt: new Date() }, ['userId']);
    return next;
  }
}

/** The reason as kept: its own fields only, in a fixed order, without an absent `daysAgo`. */
function reasonDataOf(reason: PracticeReason): PracticeReason {
  const { cause, skill, kind, misses, daysAgo } = reason;
  return { cause, skill, kind, misses, ...(daysAgo !== undefined ? { daysAgo } : {}) };
}
