import type { GradeReason } from '../grade.js';
import type { SkipReason } from '../scenarios/aftermath.js';
import type { Concept } from '../scenarios/scenario-types.js';
import type { DecisionCheck, DecisionAnswer, TradeDecision } from '../trade-decision.js';
import type { ManagementRule } from '../trade-management.js';
import type { PlanRule } from '../trade-plan.js';
import type { ZoneType } from '../zones.js';
import { ZONE_CRITERIA, type ZoneCriterion } from '../zone-scorecard.js';

/**
 * The skill map: what a learner must be able to do, each skill with a stable key (stored with
 * the learner's answers, so never renamed), a title the learner reads, and a short name that fits
 * in a sentence ("You missed freshness twice").
 */
export const SKILLS = [
  { key: 'find-demand-zone', title: 'Find a demand zone', name: 'finding demand zones' },
  { key: 'find-supply-zone', title: 'Find a supply zone', name: 'finding supply zones' },
  {
    key: 'zone-bounds',
    title: "Draw the zone's bounds (wick to body)",
    name: "drawing a zone's bounds",
  },
  {
    // The Finding module's first two criteria (time on the zone, the base): a short base of
    // small candles. Apart from the move away because a learner can read one and not the other.
    key: 'base',
    title: 'Read the base (brief, small candles)',
    name: 'reading the base',
  },
  { key: 'move-strength', title: 'Judge the strength of the move away', name: 'the move away' },
  { key: 'freshness', title: 'Tell a fresh zone from a used one', name: 'freshness' },
  { key: 'higher-timeframe', title: 'Check the higher timeframe', name: 'the higher timeframe' },
  { key: 'room', title: 'Measure the room to the opposing zone', name: 'room to the next zone' },
  { key: 'entry', title: 'Place the entry', name: 'entry placement' },
  { key: 'stop', title: 'Place the stop', name: 'stop placement' },
  { key: 'position-size', title: 'Size the position', name: 'position size' },
  { key: 'take-or-skip', title: 'Decide: take or skip', name: 'take or skip' },
  { key: 'trade-management', title: 'Manage an open trade', name: 'trade management' },
] as const;

export type SkillKey = (typeof SKILLS)[number]['key'];
export type Skill = (typeof SKILLS)[number];

export const SKILL_KEYS: readonly SkillKey[] = SKILLS.map((skill) => skill.key);

const BY_KEY = new Map<string, Skill>(SKILLS.map((skill) => [skill.key, skill]));

export function isSkillKey(value: unknown): value is SkillKey {
  return typeof value === 'string' && BY_KEY.has(value);
}

/** The skill with this key; throws for an unknown key (a key is only ever one of SKILL_KEYS). */
export function skillOf(key: SkillKey): Skill {
  const skill = BY_KEY.get(key);
  if (!skill) throw new RangeError(`unknown skill "${key}"`);
  return skill;
}

/**
 * The exercises a learner answers: mark the zone, plan a trade at a zone given, take or skip one,
 * or choose how to manage a planned trade. Lessons have all four, the Practice Portal the first
 * three. Declared here, once: the contract, API and app import it.
 */
export const EXERCISE_KINDS = ['zone', 'plan', 'decision', 'manage'] as const;
export type ExerciseKind = (typeof EXERCISE_KINDS)[number];
export type PracticeKind = Exclude<ExerciseKind, 'manage'>;
export const PRACTICE_KINDS: readonly PracticeKind[] = ['zone', 'decision', 'plan'];

/** What decides the skills an exercise tests: its kind and what its chart was made to show. */
export interface ExerciseDescription {
  kind: ExerciseKind;
  zoneType: ZoneType;
  /** The chart's concepts (the generator's request or charts.yaml). Default ['zone']. */
  concepts?: readonly Concept[];
  /** A take-or-skip chart's answer. */
  decision?: 'take' | 'skip' | null;
  /** On a chart to skip, the check that fails. Default 'room', as the generator's. */
  skipBecause?: SkipReason | null;
  /**
   * The skills the content names for the exercise (a lesson's front matter, charts.yaml). On a
   * zone chart they say which concept skills it tests, rather than its concepts: the content is
   * where a lesson says what its chart is about.
   */
  skills?: readonly SkillKey[] | null;
}

/** The extra skill a zone chart's concept asks for, beyond finding the zone and its bounds. */
const CONCEPT_SKILLS: Partial<Record<Concept, SkillKey>> = {
  'short-base': 'base',
  'small-base': 'base',
  'steep-move': 'move-strength',
  fresh: 'freshness',
  'higher-timeframe': 'higher-timeframe',
  // A clean zone's lesson measures the room up to the zone pulled from the earlier chart.
  clean: 'room',
};

/**
 * A misjudged grade check is the decision itself misread: the criteria it sums already charge
 * their own skills when the learner scores the zone.
 */
const CHECK_SKILLS: Record<DecisionCheck, SkillKey> = {
  grade: 'take-or-skip',
  room: 'room',
  fresh: 'freshness',
  'higher-timeframe': 'higher-timeframe',
};

/**
 * What a chart made to be skipped for one check tests beside the decision: the skill that check
 * reads. A zone skipped for its grade has a base of three candles (one with a full body, or all
 * quiet with no round number inside; see GradeSkipShape): reading the base is what scores it a C.
 */
const SKIP_SKILLS: Record<SkipReason, SkillKey> = {
  grade: 'base',
  room: 'room',
  fresh: 'freshness',
  'higher-timeframe': 'higher-timeframe',
};

const PLAN_SKILLS: readonly SkillKey[] = ['entry', 'stop', 'room', 'position-size'];

/**
 * Which plan rule tests which skill. A target inside the opposing zone and a reward-to-risk
 * under the minimum are both a misreading of the room the next zone leaves (a stop too wide for
 * the reward is already its own `stop` miss).
 */
const PLAN_RULE_SKILLS: Record<PlanRule, SkillKey> = {
  entry: 'entry',
  stop: 'stop',
  target: 'room',
  'reward-to-risk': 'room',
  size: 'position-size',
};

export const findZoneSkill = (type: ZoneType): SkillKey =>
  type === 'demand' ? 'find-demand-zone' : 'find-supply-zone';

function unique(skills: readonly SkillKey[]): SkillKey[] {
  // In SKILLS order, so the same exercise always lists its skills the same way.
  const wanted = new Set(skills);
  return SKILL_KEYS.filter((key) => wanted.has(key));
}

/** The concept skills of a zone chart (freshness for a fresh-zone chart, and so on). */
export function conceptSkills(concepts: readonly Concept[]): SkillKey[] {
  return unique(concepts.flatMap((concept) => CONCEPT_SKILLS[concept] ?? []));
}

const ZONE_CONCEPT_SKILLS: ReadonlySet<SkillKey> = new Set(Object.values(CONCEPT_SKILLS));

/** A zone exercise's concept skills: those the content names, else those of its concepts. */
function zoneConceptSkills(exercise: ExerciseDescription): SkillKey[] {
  if (exercise.skills)
    return unique(exercise.skills.filter((skill) => ZONE_CONCEPT_SKILLS.has(skill)));
  return conceptSkills(exercise.concepts ?? ['zone']);
}

/**
 * Whether a zone exercise is made about a concept (a fresh zone beside a used one, a steep move
 * beside a gentle one): its chart holds a decoy zone beside the answer.
 */
function isConceptChart(exercise: ExerciseDescription): boolean {
  return zoneConceptSkills(exercise).length > 0;
}

/** What a zone exercise's lines away from its zone miss: its concept's skill, else finding. */
function zoneFindingSkills(exercise: ExerciseDescription): SkillKey[] {
  return isConceptChart(exercise)
    ? zoneConceptSkills(exercise)
    : [findZoneSkill(exercise.zoneType)];
}

/**
 * The skills an exercise tests:
 * - a zone: drawing its bounds, plus finding a zone of its type on a plain chart, or the
 *   concept's skill on a chart made about a concept. There the decoy beside the answer is a zone
 *   too: lines on it are the concept misread, not a zone not found, and a pass shows the concept
 *   read rather than zones found (crediting finding on a pass it is never charged with would
 *   only ever raise it);
 * - a plan: entry, stop, room to the target and position size;
 * - a decision: take or skip, plus the check the chart is about: the skill its failing check reads
 *   on a chart to skip (see SKIP_SKILLS), all four checks on a chart to take (each must be seen
 *   to pass);
 * - trade management.
 */
export function skillsTested(exercise: ExerciseDescription): SkillKey[] {
  switch (exercise.kind) {
    case 'zone':
      return unique(['zone-bounds', ...zoneFindingSkills(exercise)]);
    case 'plan':
      return unique(PLAN_SKILLS);
    case 'decision':
      return exercise.decision === 'skip'
        ? unique(['take-or-skip', SKIP_SKILLS[exercise.skipBecause ?? 'room']])
        : unique(['take-or-skip', ...Object.values(CHECK_SKILLS)]);
    case 'manage':
      return ['trade-management'];
  }
}

/** Every skill an exercise of this kind can test, whatever its chart (for checking content). */
export function skillsOfKind(kind: ExerciseKind): SkillKey[] {
  switch (kind) {
    case 'zone':
      return unique([
        'find-demand-zone',
        'find-supply-zone',
        'zone-bounds',
        ...Object.values(CONCEPT_SKILLS),
      ]);
    case 'plan':
      return unique(PLAN_SKILLS);
    case 'decision':
      // A decision's zone is scored on the Finding module's criteria first.
      return unique(['take-or-skip', ...Object.values(CHECK_SKILLS), ...SCORECARD_SKILLS]);
    case 'manage':
      return ['trade-management'];
  }
}

/**
 * The kind of exercise a chart serves, from its concepts: a trade-plan chart is a plan, a
 * take-or-skip chart a decision, any other a zone. (A management lesson uses a trade-plan chart:
 * its skills come from the lesson, not the chart.)
 */
export function chartExerciseKind(concepts: readonly Concept[]): ExerciseKind {
  if (concepts.includes('take-or-skip')) return 'decision';
  if (concepts.includes('trade-plan')) return 'plan';
  return 'zone';
}

/** One graded answer's word on one skill. */
export interface SkillEvidence {
  skill: SkillKey;
  pass: boolean;
  /** The exercise's kind: how likely a lucky pass is depends on it (see the learner model). */
  kind: ExerciseKind;
  /** Passed only after the answer was shown (a zone after three failed tries). */
  afterReveal?: boolean;
}

/**
 * Which skills a zone answer missed, from the grade's reason:
 * - `too-high`, `too-low`: both lines away from the zone: on a plain chart the zone was not
 *   found; on a concept chart (a fresh zone beside a used one, a steep move beside a gentle one)
 *   the lines most often sit on the decoy the concept teaches to reject: the concept's skill
 *   alone is missed, so a learner who finds every plain zone is not sent to practise finding;
 * - `too-wide`, `too-thin`, `one-line-outside`: the zone was found but its edges were not drawn
 *   wick to body: its bounds;
 * - `need-two-lines`: a zone is a box with two edges: its bounds.
 */
export function zoneMissedSkills(exercise: ExerciseDescription, reason: GradeReason): SkillKey[] {
  switch (reason) {
    case 'pass':
      return [];
    case 'too-high':
    case 'too-low':
      return zoneFindingSkills(exercise);
    case 'too-wide':
    case 'too-thin':
    case 'one-line-outside':
    case 'need-two-lines':
      return ['zone-bounds'];
  }
}

/** Which skills a plan missed: one per failed rule (see PLAN_RULE_SKILLS). */
export function planMissedSkills(failed: readonly PlanRule[]): SkillKey[] {
  return unique(failed.map((rule) => PLAN_RULE_SKILLS[rule]));
}

/**
 * Which skills a take-or-skip answer missed: take or skip itself whenever the decision is not
 * the course's, and each check the learner misjudged (a failing check not named, a take counting
 * as naming none, or a passing one named as a reason to skip). A learner who takes the trades
 * freshness says to skip has missed both: the decision (what the skill is for) and the check it
 * misread. Letting the check take the whole blame left the decision passed on every wrong take,
 * so wrong decisions raised the learner's take-or-skip mastery.
 */
export function decisionMissedSkills(
  answer: DecisionAnswer,
  decision: Pick<TradeDecision, 'take' | 'checks'>,
): SkillKey[] {
  const named = new Set(answer.take ? [] : answer.reasons);
  const misjudged = decision.checks
    .filter((check) => check.ok === named.has(check.check))
    .map((check) => CHECK_SKILLS[check.check]);
  const wrongDecision = answer.take !== decision.take;
  return unique([...(wrongDecision ? ['take-or-skip' as const] : []), ...misjudged]);
}

/** The skills a decision answer says something about: those of its chart, and any misjudged. */
function decisionSkills(
  answer: DecisionAnswer,
  decision: Pick<TradeDecision, 'take' | 'checks'>,
): SkillKey[] {
  const failing = decision.checks.filter((check) => !check.ok);
  const onChart = decision.take ? decision.checks : failing;
  return unique([
    'take-or-skip',
    ...onChart.map((check) => CHECK_SKILLS[check.check]),
    ...decisionMissedSkills(answer, decision),
  ]);
}

/** Which skill a management answer missed: the rule chosen is not the one the lesson teaches. */
export function managementMissedSkills(chosen: ManagementRule, taught: ManagementRule): SkillKey[] {
  return chosen === taught ? [] : ['trade-management'];
}

/**
 * The skill each of the Finding module's criteria reads, when a learner scores a marked zone:
 * the time on the zone and the base are both the base's skill. A round number is a fact to look
 * up, not a skill the course tracks.
 */
export const CRITERION_SKILLS: Readonly<Record<ZoneCriterion, SkillKey | null>> = {
  time: 'base',
  base: 'base',
  move: 'move-strength',
  'round-number': null,
  fresh: 'freshness',
};

/** The skills the criteria read (a round number reads none). */
function skillsOfCriteria(criteria: readonly ZoneCriterion[]): SkillKey[] {
  return unique(
    criteria
      .map((criterion) => CRITERION_SKILLS[criterion])
      .filter((skill): skill is SkillKey => skill !== null),
  );
}

/** Every skill scoring a zone tests. */
const SCORECARD_SKILLS = skillsOfCriteria(ZONE_CRITERIA);

/** A graded answer, with what its grade says, as the API has it after grading. */
export type GradedAnswer =
  | {
      kind: 'zone';
      exercise: ExerciseDescription;
      reason: GradeReason;
      /** The zone had been shown before this answer (after three failed tries). */
      afterReveal?: boolean;
    }
  | { kind: 'plan'; failed: readonly PlanRule[] }
  | {
      kind: 'decision';
      answer: DecisionAnswer;
      decision: Pick<TradeDecision, 'take' | 'checks'>;
      /** When the learner scored the zone first: the criteria read differently from the course. */
      scorecard?: { misread: readonly ZoneCriterion[] };
    }
  | { kind: 'manage'; chosen: ManagementRule; taught: ManagementRule };

/**
 * Every skill a graded answer speaks for, each passed or missed. A skill the exercise tests and
 * the answer did not miss counts as passed: a zone drawn too wide was still found.
 */
export function answerEvidence(graded: GradedAnswer): SkillEvidence[] {
  let tested: SkillKey[];
  let missed: SkillKey[];
  let afterReveal = false;
  switch (graded.kind) {
    case 'zone':
      tested = skillsTested({ ...graded.exercise, kind: 'zone' });
      missed = zoneMissedSkills(graded.exercise, graded.reason);
      afterReveal = graded.afterReveal === true;
      break;
    case 'plan':
      tested = [...PLAN_SKILLS];
      missed = planMissedSkills(graded.failed);
      break;
    case 'decision': {
      const { scorecard } = graded;
      tested = [
        ...decisionSkills(graded.answer, graded.decision),
        ...(scorecard ? SCORECARD_SKILLS : []),
      ];
      missed = [
        ...decisionMissedSkills(graded.answer, graded.decision),
        ...(scorecard ? skillsOfCriteria(scorecard.misread) : []),
      ];
      break;
    }
    case 'manage':
      tested = ['trade-management'];
      missed = managementMissedSkills(graded.chosen, graded.taught);
      break;
  }
  const missedSet = new Set(missed);
  return unique([...tested, ...missed]).map((skill) => {
    const pass = !missedSet.has(skill);
    return {
      skill,
      pass,
      kind: graded.kind,
      ...(pass && afterReveal ? { afterReveal: true } : {}),
    };
  });
}

/**
 * What a graded answer tells the learner model, given how many answers the learner had already
 * given to the same exercise: the evidence of an exercise's first answer, nothing from a later
 * one. An exercise is one piece of evidence per skill: the tries after the
 * first come with the grade's feedback (and after three, the zone shown), so they measure the
 * feedback as much as the learner, and counting them made one concept chart missed three times
 * three misses, and "You missed it three times" mean three tries. (Every answer's evidence is
 * still kept, see {@link answerEvidence}, for the report on first and later tries.)
 */
export function modelEvidence(graded: GradedAnswer, earlierAnswers: number): SkillEvidence[] {
  return earlierAnswers > 0 ? [] : answerEvidence(graded);
}
