import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectZones } from '@course/rules';
import { ChartCatalogue } from '../src/exercise-charts/chart-catalogue.js';
import { loadCourseContent, splitFrontMatter } from '../src/course-catalogue/course-content.js';
import type { Lesson } from '../src/course-catalogue/lesson.js';

const CONTENT_DIR = fileURLToPath(new URL('../content', import.meta.url));
const charts = ChartCatalogue.load(CONTENT_DIR);
// Loading runs every structural check: unique ids and paths, links, charts, page labels.
const content = loadCourseContent(CONTENT_DIR, charts);

function lesson(path: string): Lesson {
  const found = content.byPath(path);
  if (!found) throw new Error(`no lesson ${path}`);
  return found;
}

/** A lesson picture's candles, five minutes apart, as the course's detector reads a chart. */
function frameCandles(path: string, frameIndex: number) {
  const frame = lesson(path).illustration.frames[frameIndex];
  if (!frame) throw new Error(`${path} has no frame ${frameIndex}`);
  return frame.candles.map(([open, high, low, close], index) => ({
    time: 1_700_000_000 + index * 300,
    open,
    high,
    low,
    close,
  }));
}

function bodyOf(entry: Lesson): string {
  return splitFrontMatter(readFileSync(join(CONTENT_DIR, entry.file), 'utf8')).body;
}

describe('the course content', () => {
  it('names the skills of every graded exercise, the find skill of its zone type first', () => {
    const exercises = content.lessons().filter((entry) => entry.c_num !== null);
    expect(exercises.length).toBeGreaterThan(20);
    for (const entry of exercises) {
      expect([entry.path, entry.skills.length > 0]).toEqual([entry.path, true]);
      if (entry.exerciseKind !== 'zone' || entry.c_num === null) continue;
      const type = charts.get(entry.c_num)?.zone.type;
      expect([entry.path, entry.skills[0]]).toEqual([entry.path, `find-${type}-zone`]);
      expect(entry.skills).toContain('zone-bounds');
    }
    expect(lesson('/validating-faz').skills).toContain('freshness');
    expect(lesson('/risk-manage-stops').skills).toEqual(['trade-management']);
    const lessonsWithout = content.lessons().filter((entry) => entry.c_num === null);
    expect(lessonsWithout.every((entry) => entry.skills.length === 0)).toBe(true);
  });

  it('has the spec’s five modules with their lesson counts, then Managing Risk', () => {
    expect(content.modules.map((module) => [module.key, module.lessons.length])).toEqual([
      ['foundations', 7],
      ['candlesticks', 14],
      ['sd-basics', 9],
      ['finding', 10],
      ['validating', 11],
      ['risk', 20],
    ]);
  });

  it('gives Managing Risk take-or-skip and trade-plan exercises, in order', () => {
    const risk = content.modules.find((module) => module.key === 'risk')!;
    expect(risk.lessons[0]).toMatchObject({ path: '/risk-welcome', sub_req: false });
    expect(risk.lessons.slice(1).every((entry) => entry.sub_req)).toBe(true);
    const plans = risk.lessons.filter((entry) => entry.exerciseKind === 'plan');
    expect(plans.map((entry) => [entry.path, entry.c_num, entry.reqPass])).toEqual([
      ['/risk-plan-long', 40, true],
      ['/risk-plan-short', 41, true],
    ]);
    const decisions = risk.lessons.filter((entry) => entry.exerciseKind === 'decision');
    // After the lesson that teaches the four checks: one zone to skip, then one to take.
    expect(decisions.map((entry) => [entry.path, entry.c_num, entry.reqPass])).toEqual([
      ['/risk-decide', 43, true],
      ['/risk-decide-ii', 42, true],
    ]);
    const paths = risk.lessons.map((entry) => entry.path);
    expect(paths.indexOf('/risk-decide')).toBe(paths.indexOf('/risk-take-skip') + 1);
    // How to enter (a resting limit or a confirmation) follows where the entry and stop go.
    expect(paths.indexOf('/risk-entry-kinds')).toBe(paths.indexOf('/risk-entry-stop') + 1);
    // Deciding needs an entry and a stop: the plans come first. The course's conclusion ends it.
    expect(paths.indexOf('/risk-plan-short')).toBeLessThan(paths.indexOf('/risk-take-skip'));
    // Trade management after the decisions, then the daily limit, before what no plan controls.
    const managed = risk.lessons.filter((entry) => entry.exerciseKind === 'manage');
    expect(managed.map((entry) => [entry.path, entry.c_num, entry.manageRule])).toEqual([
      ['/risk-manage-stops', 44, 'breakeven'],
      ['/risk-manage-exits', 45, 'partial'],
    ]);
    expect(paths.slice(paths.indexOf('/risk-decide-ii'))).toEqual([
      '/risk-decide-ii',
      '/risk-manage-stops',
      '/risk-manage-exits',
      '/risk-daily-limit',
      '/risk-beyond-plan',
      '/risk-what-to-trade',
      '/risk-stand-aside',
      '/risk-real-charts',
      '/risk-reality',
      '/S&D-conc',
    ]);
    risk.lessons.forEach((entry, index) => {
      const previous = risk.lessons[index - 1];
      const next = risk.lessons[index + 1];
      if (previous) expect(entry.linkBack).toBe(previous.path);
      if (next) expect(entry.linkNext).toBe(next.path);
      if (entry.path !== '/S&D-conc') expect(entry.page).toBe(`${index + 1}/19`);
    });
    // Ids of their own: every learner's progress in the other modules keeps its meaning (the
    // conclusion keeps the id it had at the end of Validating).
    const ownIds = risk.lessons
      .filter((entry) => entry.path !== '/S&D-conc')
      .map((entry) => entry.id);
    expect(ownIds.every((id) => id >= 601 && id <= 699)).toBe(true);
  });

  it('keeps the spec’s ids, pages, charts and flags', () => {
    expect(lesson('/m1-welcome')).toMatchObject({
      page: '1/7',
      linkBack: '/home',
      linkNext: '/m1-welcomeII',
    });
    expect(lesson('/m1-informational')).toMatchObject({ page: '7/7', linkNext: '/m2-welcome' });
    // Module 2 runs shapes, engulfing, support, resistance, role reversal, context: support
    // follows the engulfing lessons instead of sitting between them (spec: 7/0, back /m2-engulfing).
    expect(lesson('/m2-support')).toMatchObject({
      page: '10/14',
      linkBack: '/m2-engulfing-patterns',
      linkNext: '/m2-resistance',
    });
    expect(lesson('/m2-support').linkNext).not.toBe('/');
    expect(content.modules[1]?.lessons.at(-1)?.linkNext).toBe('/welcome');
    expect(lesson('/welcome')).toMatchObject({ id: 1, page: '1/9', linkNext: '/imb' });
    expect(lesson('/imbII')).toMatchObject({
      id: 3,
      page: '3/9',
      reqPass: true,
      linkNext: '/limitOrd',
    });
    expect(lesson('/limitOrdII')).toMatchObject({ id: 5, page: '5/9' });
    expect(lesson('/limitOrdII').illustration.frames).toHaveLength(3);
    expect(lesson('/sup-zone')).toMatchObject({ id: 7, page: '7/9', c_num: 3, reqPass: true });
    expect(lesson('/dem-zone')).toMatchObject({ id: 8, page: '8/9', c_num: 4, reqPass: true });
    expect(lesson('/struct')).toMatchObject({ id: 9, page: '9/9', linkNext: '/home' });
    expect(lesson('/comCrit-tot')).toMatchObject({ id: 13, page: '3/9', c_num: 5, reqPass: true });
    expect(lesson('/comCrit-bot')).toMatchObject({ id: 14, c_num: 6 });
    expect(lesson('/comCrit-aom')).toMatchObject({ id: 15, c_num: 9 });
    expect(lesson('/comCrit-psych')).toMatchObject({ id: 16, c_num: 10 });
    expect(lesson('/higher-tf')).toMatchObject({
      id: 18,
      page: '8/9',
      c_num: 11,
      hourly_c_num: 12,
      twoseries: true,
    });
    expect(lesson('/pracFind')).toMatchObject({ id: 19 });
    expect(lesson('/hp-reacts-sb')).toMatchObject({
      id: 22,
      page: '3/11',
      c_num: 10,
      reqPass: false,
    });
    expect(lesson('/hp-reacts-sbII')).toMatchObject({
      page: '4/11',
      c_num: 13,
      hourly_c_num: 14,
      reqPass: true,
    });
    expect(lesson('/validating-faz')).toMatchObject({
      id: 26,
      page: '8/11',
      c_num: 18,
      hourly_c_num: 19,
      reqPass: true,
      pushLine: true,
    });
    expect(lesson('/validating-clean')).toMatchObject({
      id: 27,
      page: '9/11',
      c_num: 16,
      hourly_c_num: 17,
      pullLine: true,
      prev_chart: 18,
      reqPass: true,
    });
    expect(lesson('/validating-zoom')).toMatchObject({
      id: 28,
      page: '10/11',
      c_num: 16,
      hourly_c_num: 17,
      reqPass: false,
    });
    expect(lesson('/validating-conc')).toMatchObject({ page: '11/11', linkNext: '/risk-welcome' });
    expect(lesson('/S&D-conc')).toMatchObject({ linkBack: '/risk-reality', linkNext: '/home' });
  });

  it('frees Foundations and the first lesson of every module; the rest needs the Pro Plan', () => {
    for (const module of content.modules) {
      module.lessons.forEach((entry, index) => {
        const free = module.key === 'foundations' || index === 0;
        expect({ path: entry.path, sub_req: entry.sub_req }).toEqual({
          path: entry.path,
          sub_req: !free,
        });
      });
    }
  });

  it('draws the take-or-skip lesson’s zone and the opposing zone below as zones by the course’s rules', () => {
    const zones = detectZones(frameCandles('/risk-decide', 0)).map((zone) => [
      zone.type,
      zone.lower,
      zone.upper,
      zone.firstReturn,
    ]);
    // The zone to skip and the newer demand that leaves too little room, both fresh.
    expect(zones).toContainEqual(['supply', 50, 50.4, null]);
    expect(zones).toContainEqual(['demand', 49.04, 49.2, null]);
  });

  it('draws the take-or-skip checks’ demand zone and the supply over it as zones by the course’s rules', () => {
    const zonesOf = (frameIndex: number) =>
      detectZones(frameCandles('/risk-take-skip', frameIndex)).map((zone) => [
        zone.type,
        zone.lower,
        zone.upper,
      ]);
    // The trade to take: room up to the supply at 51.30. The one to skip: an older supply at 50.80.
    expect(zonesOf(0)).toEqual(
      expect.arrayContaining([
        ['demand', 49.8, 50.2],
        ['supply', 51.3, 51.62],
      ]),
    );
    expect(zonesOf(1)).toEqual(
      expect.arrayContaining([
        ['demand', 49.8, 50.2],
        ['supply', 50.8, 51],
      ]),
    );
  });

  it('gives every lesson 150 to 400 words of text, a takeaway and an illustration', () => {
    for (const entry of content.lessons()) {
      const words = bodyOf(entry)
        .split(/\s+/)
        .filter((word) => /\w/.test(word)).length;
      expect({ path: entry.path, enoughWords: words >= 150 && words <= 400 }).toEqual({
        path: entry.path,
        enoughWords: true,
      });
      expect(entry.takeaway.length).toBeGreaterThan(10);
      expect(entry.illustration.frames.length === 1 || entry.illustration.frames.length === 3).toBe(
        true,
      );
    }
  });

  it('contains no raw HTML (it would show as text)', () => {
    for (const entry of content.lessons()) {
      expect({ path: entry.path, html: /<\/?[a-z][^>]*>/i.test(bodyOf(entry)) }).toEqual({
        path: entry.path,
        html: false,
      });
    }
  });

  it('asks for the zone type each exercise chart really has', () => {
    for (const entry of content.lessons()) {
      if (entry.c_num === null || entry.lineVisible) continue;
      const zoneType = charts.get(entry.c_num)?.zone.type;
      const yourTurn = bodyOf(entry).split(/##\s*Your turn/i)[1] ?? '';
      expect({ path: entry.path, asks: yourTurn.toLowerCase().includes(zoneType ?? '?') }).toEqual({
        path: entry.path,
        asks: true,
      });
    }
  });

  it('mentions the 5min / 1hr toggle on every two-series lesson', () => {
    for (const entry of content.lessons().filter((candidate) => candidate.twoseries)) {
      expect(bodyOf(entry)).toMatch(/1\s?hr|hourly/i);
    }
  });
});
