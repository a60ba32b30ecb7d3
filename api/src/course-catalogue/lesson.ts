import type { ManagementRule, SkillKey } from '@course/rules';
import type { Illustration, LessonDescriptor, ModuleKey } from '@course/contract';

/** The modules of the course, in the order a learner takes them. */
export const COURSE_MODULES = [
  { key: 'foundations', title: 'Foundations' },
  { key: 'candlesticks', title: 'Candlesticks' },
  { key: 'sd-basics', title: 'Supply and Demand Basics' },
  { key: 'finding', title: 'Finding Supply and Demand Zones' },
  { key: 'validating', title: 'Validating Supply and Demand Zones' },
  { key: 'risk', title: 'Managing Risk' },
] as const satisfies readonly { key: ModuleKey; title: string }[];

// Every module key of the contract has its module here (the satisfies above checks the converse):
// a key missing from the list makes this constant's type the missing key, and `true` fails.
type UnlistedModule = Exclude<ModuleKey, (typeof COURSE_MODULES)[number]['key']>;
const _everyModuleListed: [UnlistedModule] extends [never] ? true : UnlistedModule = true;

/** A lesson as loaded from its file: the descriptor plus what the page shows. */
export interface Lesson extends LessonDescriptor {
  /** The Markdown body rendered to HTML (raw HTML in the source is escaped, never passed on). */
  html: string;
  illustration: Illustration;
  /** Where it came from, relative to the content folder, for error messages. */
  file: string;
  /**
   * A trade-management exercise's answer, the rule its lesson teaches; null otherwise. Never in a
   * descriptor: the server grades with it.
   */
  manageRule: ManagementRule | null;
  /**
   * The skills the lesson's exercise tests (empty without an exercise, or when the file names
   * none). Not in a descriptor yet: the API's answers stay as they are until skills are served.
   */
  skills: SkillKey[];
}

/** Paths a lesson may link to besides other lessons. */
export const NON_LESSON_LINKS = ['/', '/home', '/practice'] as const;
