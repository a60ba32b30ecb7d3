import {
  decideTrade,
  decisionSettingOf,
  type DecisionCheck,
  type DecisionSetting,
  positionSize,
  type PracticeItem,
  type PracticeKind,
  SHARES,
  SKILLS,
  type SkillKey,
} from '@course/rules';
import type { PracticeNextBody, PracticePlace, SkillMastery, SkillsBody } from '@course/contract';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ChartCatalogue } from '../src/exercise-charts/chart-catalogue.provider.js';
import { CourseContent } from '../src/course-catalogue/course-content.js';
import { settingOf } from '../src/exercises/decisions.service.js';
import { practiceScenarioRequest } from '../src/practice-charts/generation.js';
import { PracticeCharts } from '../src/practice-charts/practice-charts.js';
import { RealPracticeItems, realExerciseChart } from '../src/real-practice/real-practice-items.js';
import { type Learner, registerLearner, subscribeLearner } from './support/learners.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** One exercise of the practice history, as kept. */
interface HistoryItem {
  kind: PracticeKind;
  skill: SkillKey;
  pass: boolean;
}

/** How a simulated learner answers: every skill right, or all but one. */
interface Simulated {
  learner: Learner;
  /** The skill the learner always gets wrong, if any. */
  weakAt?: SkillKey;
}

describe('Skills and the next practice exercise', () => {
  let testApp: TestApp;
  let dataSource: DataSource;
  let charts: PracticeCharts;
  let realItems: RealPracticeItems;

  beforeAll(async () => {
    testApp = await startTestApp();
    dataSource = testApp.app.get(DataSource);
    charts = testApp.app.get(PracticeCharts);
    realItems = testApp.app.get(RealPracticeItems);
  });
  afterAll(() => testApp.close());

  const get = <T>(path: string, learner: Learner) =>
    request(testApp.http)
      .get(path)
      .set('Cookie', learner.cookies)
      .expect(200)
      .then((response) => response.body as T);

  const post = (path: string, learner: Learner, body: object, key?: string) => {
    const call = request(testApp.http).post(path).set('Cookie', learner.cookies);
    return (key === undefined ? call : call.set('Idempotency-Key', key)).send(body).expect(200);
  };

  async function subscribedLearner(): Promise<Learner> {
    const learner = await registerLearner(testApp.http, dataSource);
    await subscribeLearner(testApp.http, testApp.config.appOrigin, learner);
    return learner;
  }

  /** As if the learner had done every lesson: every skill's lessons reached. */
  async function completeEveryLesson(learner: Learner): Promise<void> {
    const ids = testApp.app
      .get(CourseContent)
      .lessons()
      .map((lesson) => lesson.id);
    await dataSource.query(
      'INSERT INTO completed_lessons (user_id, lesson_id) SELECT $1, unnest($2::int[])',
      [learner.id, ids],
    );
  }

  /** The learner's first practice exercises of `kind` made for `wanted` (their item), in order. */
  function indexesMadeFor(
    learner: Learner,
    kind: PracticeKind,
    wanted: (item: PracticeItem) => boolean,
    count: number,
  ): number[] {
    const found: number[] = [];
    for (let index = 1; found.length < count; index++) {
      if (wanted(practiceScenarioRequest(learner.id, index, kind).item)) found.push(index);
    }
    return found;
  }

  const skillsOf = async (learner: Learner) =>
    new Map(
      (await get<SkillsBody>('/api/skills', learner)).skills.map(
        (skill): [SkillKey, SkillMastery] => [skill.key, skill],
      ),
    );

  /**
   * The zone's own bounds, except for a learner weak at freshness on a chart made about it (a
   * fresh zone beside a tested one): they mark the tested zone, away from the answer.
   */
  async function answerZone({ learner, weakAt }: Simulated, index: number, key?: string) {
    const { zone, concepts } = (await charts.get(learner.id, index)).fiveMinute;
    const height = zone.upper - zone.lower;
    const lines =
      weakAt === 'freshness' && concepts?.includes('fresh')
        ? [zone.lower - 3 * height, zone.lower - 4 * height]
        : [zone.upper, zone.lower];
    await post('/api/attempts', learner, { practice: index, lines }, key);
  }

  /** The course's own plan, sized for the practice account. */
  async function answerPlan({ learner }: Simulated, index: number) {
    const { entry, stop, target } = (await charts.plan(learner.id, index)).trade!.model;
    const size = positionSize(25_000, 1, entry, stop, SHARES);
    await post('/api/plans', learner, {
      practice: index,
      ...{ entry, stop, target, size, account: 25_000, riskPercent: 1 },
    });
  }

  /**
   * The course's decision, except for a learner weak at freshness: they skip a fresh zone for
   * being used and miss a used one.
   */
  function decisionOf({ weakAt }: Simulated, setting: DecisionSetting) {
    const failing = new Set<DecisionCheck>(
      decideTrade(setting)
        .checks.filter((check) => !check.ok)
        .map((check) => check.check),
    );
    if (weakAt === 'freshness') {
      if (failing.has('fresh')) failing.delete('fresh');
      else failing.add('fresh');
    }
    const reasons = [...failing];
    return { take: reasons.length === 0, reasons };
  }

  async function answerDecision(who: Simulated, index: number) {
    const { fiveMinute: chart } = await charts.decision(who.learner.id, index);
    const setting = settingOf(chart);
    await post('/api/decisions', who.learner, { practice: index, ...decisionOf(who, setting) });
  }

  /** A real chart's zone, or a real decision, answered as a simulated one would be. */
  async function answerReal(who: Simulated, kind: PracticeKind, index: number) {
    const { learner } = who;
    if (kind === 'zone') {
      const { zone } = realExerciseChart(await realItems.item(learner.id, index, false));
      await post('/api/attempts', learner, { real: index, lines: [zone.upper, zone.lower] });
    } else if (kind === 'decision') {
      const item = await realItems.decision(learner.id, index, false);
      const setting = decisionSettingOf({ ...item, baseTimes: item.zone.baseTimes });
      await post('/api/decisions', learner, { real: index, ...decisionOf(who, setting) });
    } else {
      throw new Error('there are no real plans');
    }
  }

  const ANSWER: Record<PracticeKind, (who: Simulated, index: number) => Promise<void>> = {
    zone: answerZone,
    plan: answerPlan,
    decision: answerDecision,
  };

  /** The exercise a choice names, answered (a real one on its real chart). */
  function answer(who: Simulated, { kind, index, real }: PracticeNextBody): Promise<void> {
    if (index === null) throw new Error('an exercise is offered');
    return real ? answerReal(who, kind, index) : ANSWER[kind](who, index);
  }

  /** The portal keeps a choice as the exercise on screen (as Practise what I need does). */
  async function keepOnScreen(learner: Learner, current: PracticePlace['current']) {
    await post('/api/practice/place', learner, {
      ...{ mode: 'needs', zones: 1, decisions: 1, plans: 1 },
      current,
    });
  }

  /**
   * The skills of the next ten exercises of Practise what I need: each chosen, kept on screen
   * by the portal, then answered.
   */
  async function practiseTen(who: Simulated): Promise<SkillKey[]> {
    const chosen: SkillKey[] = [];
    for (let turn = 0; turn < 10; turn++) {
      const next = await get<PracticeNextBody>('/api/practice/next', who.learner);
      expect(next.index).not.toBeNull();
      expect(next.reason.length).toBeGreaterThan(0);
      chosen.push(next.skill);
      const { kind, index, skill, reason, real } = next;
      await keepOnScreen(who.learner, {
        kind,
        index: index!,
        skill,
        reason,
        ...(real ? { real } : {}),
      });
      await answer(who, next);
    }
    return chosen;
  }

  it('gives a learner who keeps missing freshness at least twice as much of it', async () => {
    const [weak, strong] = await Promise.all([subscribedLearner(), subscribedLearner()]);
    await Promise.all([completeEveryLesson(weak), completeEveryLesson(strong)]);
    const weakSkills = await practiseTen({ learner: weak, weakAt: 'freshness' });
    const strongSkills = await practiseTen({ learner: strong });
    const freshness = (skills: SkillKey[]) => skills.filter((skill) => skill === 'freshness');
    expect(freshness(weakSkills).length).toBeGreaterThanOrEqual(2);
    expect(freshness(weakSkills).length).toBeGreaterThanOrEqual(2 * freshness(strongSkills).length);
    // Every skill chosen can be practised and passed: a learner who passes everything is not
    // sent back to one skill again and again (a skill no exercise tested came back five times).
    const mostOfOne = Math.max(
      ...strongSkills.map((skill) => strongSkills.filter((other) => other === skill).length),
    );
    expect(mostOfOne).toBeLessThanOrEqual(2);
    // Items that did test freshness, not only chosen for it: the answers that spoke for it.
    const weakFreshness = (await skillsOf(weak)).get('freshness')!;
    const strongFreshness = (await skillsOf(strong)).get('freshness')!;
    expect(weakFreshness.attempts).toBeGreaterThanOrEqual(2);
    expect(weakFreshness.attempts).toBeGreaterThanOrEqual(2 * strongFreshness.attempts);
    expect(weakFreshness.mastery).toBeLessThan(0.5);
    if (strongFreshness.attempts > 0) expect(strongFreshness.mastery).toBeGreaterThan(0.5);
  }, 240_000);

  it('raises mastery after passes, counts attempts, and a skill past its review comes due', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const before = await skillsOf(learner);
    expect(before.get('zone-bounds')).toMatchObject({ mastery: 0.5, attempts: 0, due: false });

    await answerZone({ learner }, 1);
    const after = await skillsOf(learner);
    expect(after.get('zone-bounds')!.attempts).toBe(1);
    expect(after.get('zone-bounds')!.mastery).toBeGreaterThan(0.5);
    expect(after.get('zone-bounds')!.due).toBe(false);

    // The review date passes: as if the learner had not practised it for its interval.
    await dataSource.query(
      `UPDATE skill_states SET state = jsonb_set(state, '{review,due}', '"2020-01-01T00:00:00.000Z"')
       WHERE user_id = $1 AND skill = 'zone-bounds'`,
      [learner.id],
    );
    expect((await skillsOf(learner)).get('zone-bounds')!.due).toBe(true);
  }, 120_000);

  it('counts a retried answer with the same Idempotency-Key once', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    await answerZone({ learner }, 1, 'zone-answer-1');
    await answerZone({ learner }, 1, 'zone-answer-1');
    expect((await skillsOf(learner)).get('zone-bounds')!.attempts).toBe(1);
    const rows = await dataSource.query<{ items: unknown[] }[]>(
      'SELECT items FROM practice_history WHERE user_id = $1',
      [learner.id],
    );
    expect(rows[0]?.items).toHaveLength(1);

    // Another answer to the same chart is a second try: the model counts exercises, not tries.
    await answerZone({ learner }, 1, 'zone-answer-2');
    expect((await skillsOf(learner)).get('zone-bounds')!.attempts).toBe(1);
  }, 120_000);

  it('keeps what each answer said about each skill beside its attempt', async () => {
    const learner = await subscribedLearner();
    // A plain zone chart (one made about a concept charges a miss to its concept instead).
    const [plain] = indexesMadeFor(learner, 'zone', (item) => item.concept === undefined, 1);
    const { zone } = (await charts.get(learner.id, plain!)).fiveMinute;
    const height = zone.upper - zone.lower;
    // Both lines above the zone: the zone was not found, and no edge was drawn badly.
    await post('/api/attempts', learner, {
      practice: plain,
      lines: [zone.upper + 3 * height, zone.upper + 2 * height],
    });
    await answerZone({ learner }, plain!, 'kept-answer');
    await answerZone({ learner }, plain!, 'kept-answer');

    const rows = await dataSource.query<
      { attempt_id: string; skill: SkillKey; pass: boolean; attempt_pass: boolean }[]
    >(
      `SELECT s.attempt_id, s.skill, s.pass, a.pass AS attempt_pass
         FROM skill_answers s JOIN attempts a ON a.id = s.attempt_id AND a.user_id = s.user_id
        WHERE s.user_id = $1 ORDER BY s.id`,
      [learner.id],
    );
    const attempts = [...new Set(rows.map((row) => row.attempt_id))];
    expect(attempts).toHaveLength(2);
    const [missed, passed] = attempts.map((id) => rows.filter((row) => row.attempt_id === id));
    const findZone = zone.type === 'demand' ? 'find-demand-zone' : 'find-supply-zone';
    expect(missed?.find((row) => row.skill === findZone)).toMatchObject({
      pass: false,
      attempt_pass: false,
    });
    expect(missed?.find((row) => row.skill === 'zone-bounds')?.pass).toBe(true);
    expect(passed?.every((row) => row.pass && row.attempt_pass)).toBe(true);
    // The learner model counted the exercise once, by its first answer: the zone not found.
    const skills = await skillsOf(learner);
    for (const skill of new Set(rows.map((row) => row.skill))) {
      expect(skills.get(skill)!.attempts).toBe(1);
    }
    expect(skills.get(findZone)!.mastery).toBeLessThan(0.5);
  }, 120_000);

  it('counts a lesson chart’s answer for the concept its lesson names', async () => {
    // /comCrit-tot (lesson 13, chart 5) names the base beside finding the zone and its bounds.
    const learner = await subscribedLearner();
    for (const before of [10, 12]) {
      await post('/users/update/', learner, { completed: before });
    }
    const { zone } = testApp.app.get(ChartCatalogue).get(5)!;
    const height = zone.upper - zone.lower;
    // Lines on a zone well above the answer: the zone, and the base that makes it, not found.
    await post('/api/attempts', learner, {
      lesson: 13,
      lines: [zone.upper + 3 * height, zone.upper + 4 * height],
    });
    // A chart made about the base: lines away from its zone are the base misread, not finding.
    const missed = await skillsOf(learner);
    expect(missed.get('base')).toMatchObject({ attempts: 1 });
    expect(missed.get('base')!.mastery).toBeLessThan(0.5);
    expect(missed.get('find-demand-zone')!.attempts).toBe(0);
    expect(missed.get('move-strength')!.attempts).toBe(0);

    // A second try at the same chart is not a second exercise.
    await post('/api/attempts', learner, { lesson: 13, lines: [zone.upper, zone.lower] });
    const attemptsOf = (skills: Map<SkillKey, SkillMastery>) =>
      [...skills.values()].map((skill) => [skill.key, skill.attempts]);
    expect(attemptsOf(await skillsOf(learner))).toEqual(attemptsOf(missed));
  }, 120_000);

  it('lowers take or skip and freshness for a learner who takes 5 of 7 trades to skip for freshness', async () => {
    const learner = await subscribedLearner();
    const toSkip = indexesMadeFor(learner, 'decision', (item) => item.skipBecause === 'fresh', 7);
    // Two right (skipped for freshness), five wrong (taken): the sorts of the observed learner.
    const takes = [true, true, false, true, true, false, true];
    for (const [at, index] of toSkip.entries()) {
      const take = takes[at]!;
      await post('/api/decisions', learner, {
        practice: index,
        take,
        reasons: take ? [] : ['fresh'],
      });
    }
    const skills = await skillsOf(learner);
    expect(skills.get('take-or-skip')).toMatchObject({ attempts: 7 });
    expect(skills.get('take-or-skip')!.mastery).toBeLessThan(0.5);
    expect(skills.get('freshness')!.mastery).toBeLessThan(0.5);
  }, 240_000);

  it('counts a concept chart missed on three tries once, against its concept alone', async () => {
    const learner = await subscribedLearner();
    await completeEveryLesson(learner);
    const weakAtFreshness = { learner, weakAt: 'freshness' as const };
    const [fresh] = indexesMadeFor(learner, 'zone', (item) => item.concept === 'fresh', 1);
    const { zone } = (await charts.get(learner.id, fresh!)).fiveMinute;
    const findZone = zone.type === 'demand' ? 'find-demand-zone' : 'find-supply-zone';
    for (let tryNumber = 0; tryNumber < 3; tryNumber++) await answerZone(weakAtFreshness, fresh!);

    const skills = await skillsOf(learner);
    expect(skills.get('freshness')).toMatchObject({ attempts: 1 });
    expect(skills.get('freshness')!.mastery).toBeLessThan(0.5);
    expect(skills.get(findZone)!.attempts).toBe(0);
    // The reason counts exercises: one missed, on three tries, is "last time". (Freshness rests
    // for one exercise after its own: another comes between.)
    const afterAnother = async () => {
      const between = await get<PracticeNextBody>('/api/practice/next', learner);
      await ANSWER[between.kind]({ learner }, between.index!);
      return get<PracticeNextBody>('/api/practice/next', learner);
    };
    expect(await afterAnother()).toMatchObject({
      skill: 'freshness',
      reason: expect.stringMatching(/^You missed freshness last time/) as unknown,
    });
    // (Two exercises missed reading "twice" is the course's simulated-learner test: here the
    // practice history's skill can rest freshness in between.)
  }, 240_000);

  it('describes a free learner’s first exercise by the chart given, of its own zone type', async () => {
    for (let learnerNumber = 0; learnerNumber < 6; learnerNumber++) {
      const learner = await registerLearner(testApp.http, dataSource);
      const next = await get<PracticeNextBody>('/api/practice/next', learner);
      // The free taster: zone chart 1, which the skill named is tested on.
      expect(next).toMatchObject({ kind: 'zone', index: 1 });
      const { zoneType } = practiceScenarioRequest(learner.id, 1, 'zone');
      const other = zoneType === 'demand' ? 'supply' : 'demand';
      const title = SKILLS.find((skill) => skill.key === next.skill)!.title;
      expect(`${title} ${next.reason}`).not.toMatch(new RegExp(other, 'i'));
      expect(['zone-bounds', `find-${zoneType}-zone`]).toContain(next.skill);
    }
  }, 120_000);

  it('gives a new learner only skills the lessons reached: no take or skip second', async () => {
    const learner = await subscribedLearner();
    const served: PracticeNextBody[] = [];
    for (let turn = 0; turn < 3; turn++) {
      const next = await get<PracticeNextBody>('/api/practice/next', learner);
      served.push(next);
      await ANSWER[next.kind]({ learner }, next.index!);
    }
    // The lessons a new learner may open teach finding a demand zone and drawing its bounds.
    expect(served.map((next) => next.kind)).toEqual(['zone', 'zone', 'zone']);
    for (const next of served) expect(['find-demand-zone', 'zone-bounds']).toContain(next.skill);
  }, 240_000);

  it('shows the hub and the portal the same exercise: the one on screen until it is done', async () => {
    const learner = await subscribedLearner();
    const current = () => get<PracticeNextBody>('/api/practice/current', learner);
    const first = await current();
    // Nothing on screen yet: the chooser's next, and asking again changes nothing.
    expect(first).toEqual(await get<PracticeNextBody>('/api/practice/next', learner));
    expect(await current()).toEqual(first);
    // The portal keeps it on screen: the hub shows it, though next would skip it.
    const { kind, index, skill, reason, reasonData } = first;
    // A place kept before the reason came as data has its sentence only, and gives that back.
    await post('/api/practice/place', learner, {
      ...{ mode: 'needs', zones: 1, decisions: 1, plans: 1 },
      current: { kind, index: index!, skill, reason },
    });
    expect(await current()).toEqual({ kind, index, skill, reason });
    await post('/api/practice/place', learner, {
      ...{ mode: 'needs', zones: 1, decisions: 1, plans: 1 },
      current: { kind, index: index!, skill, reason, reasonData },
    });
    expect(await current()).toEqual(first);
    expect(await get<PracticeNextBody>('/api/practice/next', learner)).not.toEqual(first);
    // Done: the hub and the portal move on together to what the chooser gives next.
    await ANSWER[kind]({ learner }, index!);
    const after = await current();
    expect(after).not.toEqual(first);
    expect(after).toEqual(await get<PracticeNextBody>('/api/practice/next', learner));
  }, 240_000);

  it('remembers the skill an exercise was served for, and rests it after two in a row', async () => {
    const historyOf = async (learner: Learner) =>
      (
        await dataSource.query<{ items: HistoryItem[] }[]>(
          'SELECT items FROM practice_history WHERE user_id = $1',
          [learner.id],
        )
      )[0]?.items ?? [];
    /** A decision to take kept on screen as the chooser serves take or skip, then answered. */
    async function servedForTakeOrSkip(who: Simulated, index: number) {
      await keepOnScreen(who.learner, {
        ...{ kind: 'decision', index, skill: 'take-or-skip' },
        reason: 'Something new: take or skip.',
      });
      await answerDecision(who, index);
    }

    // Passed: the answer spoke for every check too (room, freshness first in the skill map),
    // but the exercise was served for take or skip, and that is what the history keeps.
    const passing = await subscribedLearner();
    await completeEveryLesson(passing);
    const [taken] = indexesMadeFor(passing, 'decision', (item) => item.decision === 'take', 1);
    await servedForTakeOrSkip({ learner: passing }, taken!);
    expect(await historyOf(passing)).toEqual([
      { kind: 'decision', skill: 'take-or-skip', pass: true },
    ]);

    // Missed twice (skipped for freshness): take or skip is the learner's weakest skill with
    // freshness, and rests after two in a row; freshness, missed as often, comes next.
    const learner = await subscribedLearner();
    await completeEveryLesson(learner);
    const weak = { learner, weakAt: 'freshness' as const };
    for (const index of indexesMadeFor(
      learner,
      'decision',
      (item) => item.decision === 'take',
      2,
    )) {
      await servedForTakeOrSkip(weak, index);
    }
    expect((await historyOf(learner)).map((item) => item.skill)).toEqual([
      'take-or-skip',
      'take-or-skip',
    ]);
    expect((await skillsOf(learner)).get('take-or-skip')!.mastery).toBeLessThan(0.5);
    const next = await get<PracticeNextBody>('/api/practice/next', learner);
    expect(next.skill).not.toBe('take-or-skip');
    expect(next.skill).toBe('freshness');
  }, 240_000);

  it('answers 401 without a session', async () => {
    await request(testApp.http).get('/api/skills').expect(401);
    await request(testApp.http).get('/api/practice/next').expect(401);
    await request(testApp.http).get('/api/practice/current').expect(401);
  });
});
