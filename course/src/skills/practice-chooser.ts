import type { SkipReason } from '../scenarios/aftermath.js';
import type { Concept } from '../scenarios/scenario-types.js';
import type { ZoneType } from '../zones.js';
import { isDue, masteryOf, newSkillState, overdueDays, type SkillState } from './learner-model.js';
import { type PracticeKind, SKILL_KEYS, type SkillKey, skillOf } from './skill-map.js';

/**
 * "Practise what I need": the next practice exercise for the learner's weakest or most overdue
 * skill, with a sentence saying why, and enough variety that no kind of exercise comes more than
 * {@link MAX_SAME_KIND_IN_A_ROW} times in a row.
 */

/** What the generator is asked to put on the chart so that it tests the skill. */
export interface PracticeFocus {
  kind: PracticeKind;
  /** A zone of this type (finding demand or supply zones); otherwise the portal's alternation. */
  zoneType?: ZoneType;
  /** A zone chart showing this concept (a fresh zone beside a used one, and so on). */
  concept?: Concept;
  /** A take-or-skip chart to skip because this check fails. */
  skipBecause?: SkipReason;
}

/**
 * How each skill can be practised in the portal, preferred first. Trade management has no
 * practice exercise yet (only its lessons), so the chooser never picks it.
 */
export const PRACTICE_ROUTES: Readonly<Record<SkillKey, readonly PracticeFocus[]>> = {
  'find-demand-zone': [{ kind: 'zone', zoneType: 'demand' }],
  'find-supply-zone': [{ kind: 'zone', zoneType: 'supply' }],
  'zone-bounds': [{ kind: 'zone' }],
  base: [
    { kind: 'zone', concept: 'short-base' },
    { kind: 'decision', skipBecause: 'grade' },
  ],
  'move-strength': [{ kind: 'zone', concept: 'steep-move' }],
  freshness: [
    { kind: 'decision', skipBecause: 'fresh' },
    { kind: 'zone', concept: 'fresh' },
  ],
  'higher-timeframe': [
    { kind: 'decision', skipBecause: 'higher-timeframe' },
    { kind: 'zone', concept: 'higher-timeframe' },
  ],
  room: [{ kind: 'decision', skipBecause: 'room' }, { kind: 'plan' }],
  entry: [{ kind: 'plan' }],
  stop: [{ kind: 'plan' }],
  'position-size': [{ kind: 'plan' }],
  'take-or-skip': [{ kind: 'decision' }],
  'trade-management': [],
};

/** One practice exercise given to the learner, oldest first in a history. */
export interface PracticeHistoryItem {
  kind: PracticeKind;
  skill: SkillKey;
}

/** Why a skill is practised now, most pressing first. */
export const PRACTICE_REASON_CAUSES = ['missed', 'review', 'new', 'least-sure'] as const;
export type PracticeReasonCause = (typeof PRACTICE_REASON_CAUSES)[number];

/**
 * Why the chooser picked an exercise, as data: the client words it (see practiceReasonWords), so
 * the words can change, or be translated, without the server.
 */
export interface PracticeReason {
  /**
   * missed: the skill was missed recently (`misses` times, or once, last time); review: it is
   * due again (`daysAgo`); new: never answered; least-sure: the weakest of the rest.
   */
  cause: PracticeReasonCause;
  skill: SkillKey;
  kind: PracticeKind;
  /** Misses among the skill's last RECENT_WINDOW answers. */
  misses: number;
  /** Whole days since the skill was last answered; only with `review`. */
  daysAgo?: number;
}

export interface PracticeChoice extends PracticeFocus {
  skill: SkillKey;
  /** Why this exercise, as data. */
  reasonData: PracticeReason;
  /** The same reason worded: one sentence the learner reads on the page. */
  reason: string;
}

export const MAX_SAME_KIND_IN_A_ROW = 3;
/** One skill at most this many times in a row, so a struggling learner still meets others. */
export const MAX_SAME_SKILL_IN_A_ROW = 2;
/** Answers looked at for "you missed it twice". */
export const RECENT_WINDOW = 5;

/** How much each thing weighs in a skill's priority (see priorityOf). */
const WEIGHT = {
  missRecently: 0.25,
  due: 0.3,
  /** Up to this much more the longer past the due date, against the last interval. */
  overdue: 0.5,
  /** The skill practised just before: its priority is scaled down, to interleave skills. */
  justPractised: 0.5,
  practisedTwoAgo: 0.8,
};

interface Candidate {
  skill: SkillKey;
  state: SkillState;
  priority: number;
  misses: number;
}

const recentMisses = (state: SkillState) =>
  state.recent.slice(-RECENT_WINDOW).filter((pass) => !pass).length;

/**
 * A skill's priority: how weak it is (1 - mastery), plus a share for each recent miss, plus a
 * share when it is due for review, growing with how overdue it is; scaled down when it was the
 * last exercise's skill.
 */
function priorityOf(state: SkillState, history: readonly PracticeHistoryItem[], now: Date): number {
  const weakness = 1 - masteryOf(state, now).mastery;
  let priority = weakness + WEIGHT.missRecently * recentMisses(state);
  if (isDue(state, now)) {
    const interval = Math.max(1, state.review.scheduledDays);
    priority += WEIGHT.due + WEIGHT.overdue * Math.min(1, overdueDays(state, now) / interval);
  }
  if (history.at(-1)?.skill === state.skill) priority *= WEIGHT.justPractised;
  else if (history.at(-2)?.skill === state.skill) priority *= WEIGHT.practisedTwoAgo;
  return priority;
}

function times(count: number): string {
  if (count === 2) return 'twice';
  if (count === 3) return 'three times';
  return `${count} times`;
}

function reasonFor(candidate: Candidate, kind: PracticeKind, now: Date): PracticeReason {
  const { skill, state, misses } = candidate;
  const reason = { skill, kind, misses };
  // Missed once but not last time is no reason to say "missed": the last answer passed.
  if (misses >= 2 || state.recent.at(-1) === false) return { cause: 'missed', ...reason };
  if (isDue(state, now) && state.lastAnswerAt !== null) {
    const daysAgo = Math.round((now.getTime() - Date.parse(state.lastAnswerAt)) / 86_400_000);
    return { cause: 'review', ...reason, daysAgo };
  }
  if (state.attempts === 0) return { cause: 'new', ...reason };
  return { cause: 'least-sure', ...reason };
}

/**
 * The sentence a learner reads for a reason; `real`: the exercise is on a real chart, which the
 * sentence then says.
 */
export function practiceReasonWords(reason: PracticeReason, real = false): string {
  const { name } = skillOf(reason.skill);
  return real
    ? `${sentenceFor(reason, name)} This one is a real chart.`
    : sentenceFor(reason, name);
}

function sentenceFor(reason: PracticeReason, name: string): string {
  switch (reason.cause) {
    case 'missed':
      return reason.misses >= 2
        ? `You missed ${name} ${times(reason.misses)}: here is another.`
        : `You missed ${name} last time: here is another.`;
    case 'review': {
      const days = reason.daysAgo ?? 1;
      const ago = days <= 1 ? 'a day ago' : `${days} days ago`;
      return `Time to review ${name}: you last practised it ${ago}.`;
    }
    case 'new':
      return `Something new: ${name}.`;
    case 'least-sure':
      // "You are least sure of" reads right for every name, plural ("the zone's bounds") or not.
      return `You are least sure of ${name}: here is one more.`;
  }
}

/** The kind that filled the last MAX_SAME_KIND_IN_A_ROW exercises, which must now rest. */
function kindToRest(history: readonly PracticeHistoryItem[]): PracticeKind | null {
  const last = history.slice(-MAX_SAME_KIND_IN_A_ROW);
  const kind = last[0]?.kind;
  if (last.length < MAX_SAME_KIND_IN_A_ROW || kind === undefined) return null;
  return last.every((item) => item.kind === kind) ? kind : null;
}

function skillToRest(history: readonly PracticeHistoryItem[]): SkillKey | null {
  const last = history.slice(-MAX_SAME_SKILL_IN_A_ROW);
  const skill = last[0]?.skill;
  if (last.length < MAX_SAME_SKILL_IN_A_ROW || skill === undefined) return null;
  return last.every((item) => item.skill === skill) ? skill : null;
}

/** Of a skill's routes not resting and allowed, the kind seen least in the last few exercises. */
function routeFor(
  skill: SkillKey,
  history: readonly PracticeHistoryItem[],
  resting: PracticeKind | null,
  allowed: (route: PracticeFocus) => boolean,
): PracticeFocus | undefined {
  const recentKinds = history.slice(-MAX_SAME_KIND_IN_A_ROW).map((item) => item.kind);
  const seen = (kind: PracticeKind) => recentKinds.filter((recent) => recent === kind).length;
  return PRACTICE_ROUTES[skill]
    .filter((route) => route.kind !== resting && allowed(route))
    .reduce<PracticeFocus | undefined>(
      (best, route) => (best === undefined || seen(route.kind) < seen(best.kind) ? route : best),
      undefined,
    );
}

/** The variety rules, kept, then let go one by one when nothing else can be chosen. */
const RELAXED_VARIETY = [
  { skill: false, kind: false },
  { skill: true, kind: false },
  { skill: true, kind: true },
] as const;

/** What the learner can be given, beyond what the skill map allows. */
export interface PracticeLimits {
  /**
   * The skills whose lessons the learner has reached: practice follows the course, so a new
   * learner is not sent to take or skip trades before a lesson has said what that means. A
   * skill outside it is chosen only when no skill in it can be practised. Default: every skill.
   */
  reached?: ReadonlySet<SkillKey>;
  /**
   * Whether the learner can open an exercise for this choice now (a learner without the Pro Plan
   * has only the free taster of each kind): among the reached skills, a choice on offer is
   * preferred; one that is not is served by an exercise behind the subscription wall, made for
   * it, rather than by an open one made for something else. Default: every choice.
   */
  offered?: (choice: PracticeFocus & { skill: SkillKey }) => boolean;
}

/**
 * The next practice exercise: the practisable skill of highest priority (see priorityOf; ties go
 * to the skill listed first), reached by a kind of exercise that has not just filled three in a
 * row, and not a skill that filled the last two; among the skills the learner has reached, and
 * of those what is on offer first (see PracticeLimits). `states` may leave out skills never
 * answered. Deterministic: no clock but `now`.
 */
export function nextPractice(
  states: Readonly<Partial<Record<SkillKey, SkillState>>>,
  history: readonly PracticeHistoryItem[],
  now: Date,
  limits: PracticeLimits = {},
): PracticeChoice {
  const restingKind = kindToRest(history);
  const restingSkill = skillToRest(history);
  const { reached, offered } = limits;
  const candidates = SKILL_KEYS.filter((skill) => PRACTICE_ROUTES[skill].length > 0)
    .map((skill): Candidate => {
      const state = states[skill] ?? newSkillState(skill, now);
      return {
        skill,
        state,
        priority: priorityOf(state, history, now),
        misses: recentMisses(state),
      };
    })
    .sort((a, b) => b.priority - a.priority);
  // The skills the lessons have reached come first: a skill no lesson has taught yet is not
  // practised, even when it is on offer; the same skill a third time (never needed with the
  // whole map), then the same kind a fourth, rather than one. Among them, what is on offer.
  const tiers = [
    { onlyReached: true, onlyOffered: true },
    { onlyReached: true, onlyOffered: false },
    { onlyReached: false, onlyOffered: true },
    { onlyReached: false, onlyOffered: false },
  ];
  for (const { onlyReached, onlyOffered } of tiers) {
    for (const relaxed of RELAXED_VARIETY) {
      for (const candidate of candidates) {
        const { skill } = candidate;
        if (onlyReached && reached && !reached.has(skill)) continue;
        if (!relaxed.skill && skill === restingSkill) continue;
        const route = routeFor(
          skill,
          history,
          relaxed.kind ? null : restingKind,
          (focus) => !onlyOffered || !offered || offered({ ...focus, skill }),
        );
        if (route) {
          const reasonData = reasonFor(candidate, route.kind, now);
          return { ...route, skill, reasonData, reason: practiceReasonWords(reasonData) };
        }
      }
    }
  }
  throw new Error('no practice exercise can be chosen');
}
