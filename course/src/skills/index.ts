// Adaptive practice: the skill map, the learner model per skill and the choice of the next
// practice exercise.
export {
  answerEvidence,
  chartExerciseKind,
  conceptSkills,
  decisionMissedSkills,
  EXERCISE_KINDS,
  findZoneSkill,
  isSkillKey,
  managementMissedSkills,
  modelEvidence,
  planMissedSkills,
  PRACTICE_KINDS,
  CRITERION_SKILLS,
  SKILL_KEYS,
  skillOf,
  SKILLS,
  skillsOfKind,
  skillsTested,
  zoneMissedSkills,
} from './skill-map.js';
export type {
  ExerciseDescription,
  ExerciseKind,
  GradedAnswer,
  PracticeKind,
  Skill,
  SkillEvidence,
  SkillKey,
} from './skill-map.js';
export {
  DEVIATION_GROWTH_PER_DAY,
  GUESS_RATE,
  INITIAL_DEVIATION,
  INITIAL_RATING,
  isDue,
  masteryOf,
  MIN_DEVIATION,
  newSkillState,
  overdueDays,
  RECENT_ANSWERS,
  updateSkill,
  updateSkills,
} from './learner-model.js';
export type { Mastery, ReviewCard, SkillAnswer, SkillState } from './learner-model.js';
export {
  MAX_SAME_KIND_IN_A_ROW,
  MAX_SAME_SKILL_IN_A_ROW,
  nextPractice,
  PRACTICE_REASON_CAUSES,
  PRACTICE_ROUTES,
  practiceReasonWords,
  RECENT_WINDOW,
} from './practice-chooser.js';
export type {
  PracticeChoice,
  PracticeFocus,
  PracticeHistoryItem,
  PracticeLimits,
  PracticeReason,
  PracticeReasonCause,
} from './practice-chooser.js';
export { practisedSkill } from './practised-skill.js';
export {
  PRACTICE_BLOCKS,
  practiceItemAt,
  practiceItemRequest,
  practiceItemServes,
  practiceItemSkills,
  practiceItemTargets,
} from './practice-items.js';
export type { PracticeItem, PracticeZoneConcept } from './practice-items.js';
