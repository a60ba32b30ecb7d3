import { plainToInstance } from 'class-transformer';
import { type ValidationError, validateSync } from 'class-validator';
import { type ExerciseKind, type PracticeKind, skillsOfKind } from '@course/rules';
import matter from 'gray-matter';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { COURSE_MODULES, type Lesson, NON_LESSON_LINKS } from './lesson.js';
import { FRONT_MATTER_DEFAULTS, LessonFrontMatter } from './lesson-front-matter.js';
import {
  FIGURE_NAMES,
  figureNamesIn,
  fillRates,
  RATE_NAMES,
  unknownRatesIn,
} from './lesson-figures.js';
import { renderMarkdown } from './markdown.js';
import type { Illustration, ModuleKey } from '@course/contract';

export class ContentError extends Error {
  override name = 'ContentError';
  constructor(readonly problems: string[]) {
    super(`The course content has ${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
  }
}

export interface CourseModule {
  key: ModuleKey;
  title: string;
  lessons: Lesson[];
}

/** The whole course, validated: every link resolves and every chart it names exists. */
export class CourseContent {
  private readonly lessonsByPath: Map<string, Lesson>;
  private readonly lessonsById: Map<number, Lesson>;

  constructor(readonly modules: CourseModule[]) {
    const lessons = modules.flatMap((module) => module.lessons);
    this.lessonsByPath = new Map(lessons.map((lesson) => [lesson.path, lesson]));
    this.lessonsById = new Map(lessons.map((lesson) => [lesson.id, lesson]));
  }

  lessons(): Lesson[] {
    return this.modules.flatMap((module) => module.lessons);
  }

  byPath(path: string): Lesson | undefined {
    return this.lessonsByPath.get(path);
  }

  byId(id: number): Lesson | undefined {
    return this.lessonsById.get(id);
  }
}

/**
 * "Push line" and "pull line" between lessons: the server keeps a learner's lines by chart, for
 * the one lesson that pushes that chart (a zone exercise), and a pulling lesson shows those of its
 * prev_chart. A prev_chart no earlier lesson pushes would show nothing, ever.
 */
function carriedLineProblems(lessons: readonly Lesson[]): string[] {
  const problems: string[] = [];
  const pushers = new Map<number, Lesson>();
  for (const lesson of lessons) {
    if (!lesson.pushLine) continue;
    if (lesson.c_num === null || lesson.exerciseKind !== 'zone') {
      problems.push(`${lesson.file}: pushLine needs a zone exercise (c_num)`);
      continue;
    }
    const other = pushers.get(lesson.c_num);
    if (other) {
      problems.push(`${lesson.file}: chart ${lesson.c_num} is pushed by ${other.file} too`);
    } else {
      pushers.set(lesson.c_num, lesson);
    }
  }
  for (const [index, lesson] of lessons.entries()) {
    if (!lesson.pullLine || lesson.prev_chart === null) continue;
    const pusher = pushers.get(lesson.prev_chart);
    if (!pusher || lessons.indexOf(pusher) > index) {
      problems.push(
        `${lesson.file}: prev_chart ${lesson.prev_chart} is pushed by no earlier lesson`,
      );
    }
  }
  return problems;
}

/**
 * Front matter is read with the `yaml` package (YAML 1.2), the parser of charts.yaml, instead of
 * gray-matter's own js-yaml 3 (YAML 1.1, where `no`, `on` and `1:30` are not strings): one
 * dialect for all the course's files. (Today's lessons parse to the same data with either.) A
 * scalar or null passes through as it is: loadLessonFile refuses anything but a mapping.
 */
const FRONT_MATTER_OPTIONS = { engines: { yaml: (text: string) => parseYaml(text) as object } };

/** Splits a lesson file into its YAML front matter and Markdown body. */
export function splitFrontMatter(source: string): { frontMatter: unknown; body: string } {
  if (!matter.test(source)) {
    throw new Error('it does not start with front matter between two --- lines');
  }
  const { data, content } = matter(source, FRONT_MATTER_OPTIONS);
  return { frontMatter: data, body: content };
}

function describeErrors(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((error) => {
    const field = `${prefix}${error.property}`;
    const own = Object.values(error.constraints ?? {}).map((text) =>
      text.startsWith(error.property) ? `${prefix}${text}` : `${field}: ${text}`,
    );
    return [...own, ...describeErrors(error.children ?? [], `${field}.`)];
  });
}

function candleProblems(illustration: Illustration): string[] {
  const problems: string[] = [];
  illustration.frames.forEach((frame, frameIndex) => {
    frame.candles.forEach((candle: unknown, index) => {
      const where = `illustration.frames[${frameIndex}].candles[${index}]`;
      if (
        !Array.isArray(candle) ||
        candle.length !== 4 ||
        !candle.every((value) => typeof value === 'number' && Number.isFinite(value))
      ) {
        problems.push(`${where} must be [open, high, low, close]`);
        return;
      }
      const [open, high, low, close] = candle as number[] as [number, number, number, number];
      if (high < Math.max(open, close) || low > Math.min(open, close)) {
        problems.push(`${where}: high must be the highest and low the lowest of the four prices`);
      }
    });
    for (const index of frame.highlight ?? []) {
      if (index < 0 || index >= frame.candles.length) {
        problems.push(`illustration.frames[${frameIndex}].highlight names no candle: ${index}`);
      }
    }
  });
  if (illustration.frames.length === 2) {
    problems.push('illustration must have one frame, or three that cycle');
  }
  return problems;
}

/**
 * A lesson's skills belong to its exercise, and must be ones an exercise of its kind can test
 * (no position size on a zone chart).
 */
function skillProblems(frontMatter: LessonFrontMatter): string[] {
  const { skills } = frontMatter;
  if (skills === undefined) return [];
  if (frontMatter.c_num === null) {
    return ['skills belong to a lesson with an exercise chart (c_num)'];
  }
  const testable = skillsOfKind(frontMatter.exerciseKind);
  const foreign = skills.filter((skill) => !testable.includes(skill));
  if (foreign.length === 0) return [];
  return [
    `skills ${foreign.join(', ')} cannot be tested by a ${frontMatter.exerciseKind} exercise ` +
      `(it tests ${testable.join(', ')})`,
  ];
}

/** One lesson file read and checked on its own: its lesson, or its problems. Plain data. */
export interface LoadedLessonFile {
  lesson?: Lesson;
  /** A broken lesson's path, so links to it are not reported as well. */
  path?: string;
  problems: string[];
}

/**
 * Lesson files already read by an earlier run of the same code (see content-cache.ts): the
 * result for a file name and the SHA-256 of its text, or undefined to read it now.
 */
export interface LessonFileCache {
  get(name: string, sha256: string): LoadedLessonFile | undefined;
}

/** The SHA-256 of a lesson file's text, the key of its entry in a {@link LessonFileCache}. */
export function lessonFileHash(source: string): string {
  return createHash('sha256').update(source).digest('hex');
}

/** Reads and checks one lesson file (YAML, the front matter's rules, Markdown to HTML). */
export function loadLessonFile(source: string, name: string, module: ModuleKey): LoadedLessonFile {
  let parts: { frontMatter: unknown; body: string };
  try {
    parts = splitFrontMatter(source);
  } catch (error) {
    return { problems: [`${name}: ${(error as Error).message}`] };
  }
  if (typeof parts.frontMatter !== 'object' || parts.frontMatter === null) {
    return { problems: [`${name}: the front matter is not a YAML mapping`] };
  }
  const raw: Record<string, unknown> = { ...FRONT_MATTER_DEFAULTS, ...parts.frontMatter };
  const frontMatter = plainToInstance(LessonFrontMatter, raw);
  const errors = validateSync(frontMatter, { whitelist: true, forbidNonWhitelisted: true });
  const problems = describeErrors(errors).map((problem) => `${name}: ${problem}`);
  // A broken lesson's path still counts for links, so one mistake is reported once.
  const path = typeof raw.path === 'string' ? raw.path : undefined;
  if (problems.length > 0) return { path, problems };

  const drawn = raw.illustration as Illustration;
  // Measured figures quoted by name are written out from the rates (lesson-figures.ts).
  const illustration = { ...drawn, caption: fillRates(drawn.caption) };
  problems.push(...candleProblems(illustration).map((problem) => `${name}: ${problem}`));
  if (parts.body.trim().length === 0) problems.push(`${name}: the lesson has no text`);
  const quoted = [parts.body, frontMatter.takeaway, frontMatter.illustration.caption].join('\n');
  for (const unknown of unknownRatesIn(quoted)) {
    problems.push(
      `${name}: {{${unknown}}} is no measured figure (known: ${RATE_NAMES.join(', ')})`,
    );
  }
  for (const figure of figureNamesIn(parts.body)) {
    if (!FIGURE_NAMES.includes(figure)) {
      problems.push(
        `${name}: no figure is named ${JSON.stringify(figure)} (known: ${FIGURE_NAMES.join(', ')})`,
      );
    }
  }
  if (frontMatter.twoseries && frontMatter.hourly_c_num === null) {
    problems.push(`${name}: twoseries needs hourly_c_num`);
  }
  if (frontMatter.pullLine && frontMatter.prev_chart === null) {
    problems.push(`${name}: pullLine needs prev_chart`);
  }
  if (frontMatter.showReturn && frontMatter.c_num === null) {
    problems.push(`${name}: showReturn needs an exercise chart (c_num)`);
  }
  if (
    frontMatter.exerciseKind === 'plan' &&
    (frontMatter.c_num === null || frontMatter.plan === null)
  ) {
    problems.push(`${name}: a plan exercise needs an exercise chart (c_num) and plan settings`);
  }
  if (frontMatter.exerciseKind === 'decision' && frontMatter.c_num === null) {
    problems.push(`${name}: a take-or-skip exercise needs an exercise chart (c_num)`);
  }
  if (
    frontMatter.exerciseKind === 'manage' &&
    (frontMatter.c_num === null || frontMatter.manageRule === null)
  ) {
    problems.push(
      `${name}: a trade-management exercise needs an exercise chart (c_num) and its manageRule`,
    );
  }
  if (frontMatter.exerciseKind !== 'manage' && frontMatter.manageRule !== null) {
    problems.push(
      `${name}: manageRule belongs to a trade-management exercise (exerciseKind: manage)`,
    );
  }
  if (frontMatter.exerciseKind !== 'plan' && frontMatter.plan !== null) {
    problems.push(`${name}: plan settings belong to a plan exercise (exerciseKind: plan)`);
  }
  problems.push(...skillProblems(frontMatter).map((problem) => `${name}: ${problem}`));
  if (problems.length > 0) return { path, problems };

  const { illustration: _illustration, ...descriptor } = raw as unknown as Lesson;
  return {
    lesson: {
      ...descriptor,
      skills: frontMatter.skills ?? [],
      module,
      takeaway: fillRates(frontMatter.takeaway),
      illustration,
      html: renderMarkdown(fillRates(parts.body)),
      file: name,
    },
    problems,
  };
}

/** A module's lesson files in order: name (relative to the content folder) and text. */
export function lessonFiles(
  contentDir: string,
  module: ModuleKey,
): { name: string; source: string }[] {
  return markdownFiles(join(contentDir, 'lessons', module)).map((file) => ({
    name: relative(contentDir, file),
    source: readFileSync(file, 'utf8'),
  }));
}

function markdownFiles(folder: string): string[] {
  try {
    if (!statSync(folder).isDirectory()) return [];
  } catch {
    return [];
  }
  return readdirSync(folder)
    .filter((entry) => entry.endsWith('.md'))
    .sort()
    .map((entry) => join(folder, entry));
}

/** The page labels of one module must count the same total ("n/7" in a module of seven). */
function pageLabelProblems(module: CourseModule): string[] {
  const totals = new Set<string>();
  for (const lesson of module.lessons) {
    const match = /^(\d+)\/(\d+)$/.exec(lesson.page);
    if (match) totals.add(match[2] ?? '');
  }
  return totals.size > 1
    ? [`${module.key}: page labels count different totals (${[...totals].join(', ')})`]
    : [];
}

const CHART_KIND_NAMES = {
  zone: 'zone',
  plan: 'trade-plan',
  decision: 'take-or-skip',
  manage: 'trade-management',
} as const;

/** The exercises a chart made for one kind can serve: a trade-plan chart's plan is managed too. */
const CHART_SERVES: Record<PracticeKind, readonly ExerciseKind[]> = {
  zone: ['zone'],
  plan: ['plan', 'manage'],
  decision: ['decision'],
};

/** What content validation asks of the chart catalogue, without generating any chart. */
export interface CourseCharts {
  /** Whether a chart number can be served; every chart a lesson names must. */
  has(chartNumber: number): boolean;
  /** Whether a chart is made for trade plans (an opposing zone and a model plan that works). */
  plansTrades(chartNumber: number): boolean;
  /** Whether a chart asks to take or skip a trade at a zone given. */
  asksDecision(chartNumber: number): boolean;
}

/**
 * Reads and validates every lesson under `contentDir/lessons/<module>/` against `charts`: each
 * exercise names a chart made for its kind (zone, trade plan, take or skip). A file whose text
 * is in `cache` is not parsed again; the checks across files (ids, links, charts) always run.
 */
export function loadCourseContent(
  contentDir: string,
  charts: CourseCharts,
  cache?: LessonFileCache,
): CourseContent {
  const problems: string[] = [];
  const modules: CourseModule[] = [];
  const brokenLessonPaths: string[] = [];
  for (const { key, title } of COURSE_MODULES) {
    const lessons: Lesson[] = [];
    for (const { name, source } of lessonFiles(contentDir, key)) {
      const loaded = cache?.get(name, lessonFileHash(source)) ?? loadLessonFile(source, name, key);
      problems.push(...loaded.problems);
      if (loaded.lesson) lessons.push(loaded.lesson);
      else if (loaded.path) brokenLessonPaths.push(loaded.path);
    }
    if (lessons.length > 0) modules.push({ key, title, lessons });
  }
  const all = modules.flatMap((module) => module.lessons);
  if (all.length === 0 && problems.length === 0) {
    problems.push(`no lesson files under ${join('lessons', '<module>')} in the content folder`);
  }

  const seenIds = new Map<number, string>();
  const seenPaths = new Map<string, string>();
  for (const lesson of all) {
    const idOwner = seenIds.get(lesson.id);
    if (idOwner) problems.push(`${lesson.file}: id ${lesson.id} is also used by ${idOwner}`);
    seenIds.set(lesson.id, lesson.file);
    const pathOwner = seenPaths.get(lesson.path);
    if (pathOwner)
      problems.push(`${lesson.file}: path ${lesson.path} is also used by ${pathOwner}`);
    seenPaths.set(lesson.path, lesson.file);
  }
  problems.push(...carriedLineProblems(all));
  const linkable = new Set<string>([
    ...seenPaths.keys(),
    ...brokenLessonPaths,
    ...NON_LESSON_LINKS,
  ]);
  for (const lesson of all) {
    for (const link of ['linkBack', 'linkNext'] as const) {
      if (!linkable.has(lesson[link])) {
        problems.push(`${lesson.file}: ${link} ${lesson[link]} is not a lesson nor /home`);
      }
    }
    for (const field of ['c_num', 'hourly_c_num', 'prev_chart'] as const) {
      const chart = lesson[field];
      if (chart !== null && !charts.has(chart)) {
        problems.push(`${lesson.file}: ${field} ${chart} is not a known chart`);
      }
    }
    if (lesson.c_num !== null) {
      // A chart is graded one way only: its tries are one standing (zones, plans or decisions);
      // a plan chart's trade can also be managed, a standing of its own kind.
      const chartKind = charts.plansTrades(lesson.c_num)
        ? 'plan'
        : charts.asksDecision(lesson.c_num)
          ? 'decision'
          : 'zone';
      if (!CHART_SERVES[chartKind].includes(lesson.exerciseKind)) {
        problems.push(
          `${lesson.file}: chart ${lesson.c_num} is a ${CHART_KIND_NAMES[chartKind]} chart ` +
            `(exerciseKind: ${chartKind}), not a ${CHART_KIND_NAMES[lesson.exerciseKind]} one`,
        );
      }
    }
  }
  for (const module of modules) problems.push(...pageLabelProblems(module));

  if (problems.length > 0) throw new ContentError(problems);
  return new CourseContent(modules);
}
