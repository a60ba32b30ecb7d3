import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ContentError, loadCourseContent } from '../src/course-catalogue/course-content.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/content', import.meta.url));
const FIXTURE_CHARTS = new Set([3, 7]);
/** The fixture's charts: zone exercises only. */
const charts = {
  has: (chartNumber: number): boolean => FIXTURE_CHARTS.has(chartNumber),
  plansTrades: (): boolean => false,
  asksDecision: (): boolean => false,
};

/** A writable copy of the fixture content, edited by `change` before loading. */
function loadEdited(file: string, change: (source: string) => string): () => unknown {
  const folder = mkdtempSync(join(tmpdir(), 'content-'));
  cpSync(FIXTURE, folder, { recursive: true });
  const path = join(folder, 'lessons', file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
  return () => {
    try {
      return loadCourseContent(folder, charts);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  };
}

function problemsOf(load: () => unknown): string[] {
  try {
    load();
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  throw new Error('the content loaded without a problem');
}

describe('loadCourseContent', () => {
  const content = loadCourseContent(FIXTURE, charts);

  it('groups lessons by module in course order and file order', () => {
    expect(content.modules.map((module) => module.key)).toEqual(['foundations', 'sd-basics']);
    expect(content.modules[0]?.title).toBe('Foundations');
    expect(content.lessons().map((lesson) => lesson.path)).toEqual([
      '/m1-welcome',
      '/m1-zone',
      '/welcome',
      '/sup-zone',
    ]);
  });

  it('fills the descriptor defaults and keeps the declared flags', () => {
    const welcome = content.byPath('/m1-welcome');
    expect(welcome).toMatchObject({
      id: 101,
      c_num: null,
      hourly_c_num: null,
      twoseries: false,
      reqPass: false,
      sub_req: false,
      module: 'foundations',
    });
    expect(content.byId(7)).toMatchObject({ c_num: 3, reqPass: true, sub_req: true });
  });

  it('renders Markdown and shows raw HTML as text, never as markup', () => {
    const html = content.byPath('/m1-welcome')?.html ?? '';
    expect(html).toContain('<h2>Welcome</h2>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('keeps the illustration frames as data', () => {
    expect(content.byPath('/welcome')?.illustration.frames).toHaveLength(3);
    expect(content.byPath('/m1-zone')?.illustration.frames[0]?.zone).toEqual([49.8, 50.3]);
  });

  it('names the file and field of each problem', () => {
    const problems = problemsOf(
      loadEdited('foundations/01-first-steps.md', (source) =>
        source.replace('title: First steps\n', '').replace('id: 101', 'id: -4'),
      ),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^lessons.foundations.01-first-steps\.md: id must not be less than 1/,
        ),
        expect.stringMatching(/01-first-steps\.md: title must be a string/),
      ]),
    );
  });

  it('refuses duplicate ids and paths', () => {
    const problems = problemsOf(
      loadEdited('sd-basics/01-welcome.md', (source) =>
        source.replace('id: 1\n', 'id: 101\n').replace('path: /welcome', 'path: /m1-zone'),
      ),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/01-welcome\.md: id 101 is also used by .*01-first-steps\.md/),
        expect.stringMatching(/01-welcome\.md: path \/m1-zone is also used by/),
      ]),
    );
  });

  it('refuses links to nowhere and unknown charts', () => {
    const problems = problemsOf(
      loadEdited('foundations/02-first-zone.md', (source) =>
        source.replace('linkNext: /welcome', 'linkNext: /nowhere').replace('c_num: 7', 'c_num: 8'),
      ),
    );
    expect(problems).toEqual([
      expect.stringMatching(/linkNext \/nowhere is not a lesson nor \/home/),
      expect.stringMatching(/c_num 8 is not a known chart/),
    ]);
  });

  it('refuses lines pulled from a chart no earlier lesson pushes, and pushes without a chart', () => {
    expect(
      problemsOf(
        loadEdited('sd-basics/02-supply-zone.md', (source) =>
          source.replace('c_num: 3\n', 'c_num: 3\npullLine: true\nprev_chart: 7\n'),
        ),
      ),
    ).toEqual([
      expect.stringMatching(/02-supply-zone\.md: prev_chart 7 is pushed by no earlier lesson$/),
    ]);
    expect(
      problemsOf(
        loadEdited('sd-basics/01-welcome.md', (source) =>
          source.replace('sub_req: false\n', 'sub_req: false\npushLine: true\n'),
        ),
      ),
    ).toEqual([expect.stringMatching(/01-welcome\.md: pushLine needs a zone exercise \(c_num\)$/)]);
  });

  it('grades a chart one way only: a plan lesson on a trade-plan chart, a zone lesson elsewhere', () => {
    const planEverywhere = (folder: string) =>
      loadCourseContent(folder, { ...charts, plansTrades: (chart) => chart === 3 });
    const folder = mkdtempSync(join(tmpdir(), 'content-'));
    try {
      cpSync(FIXTURE, folder, { recursive: true });
      expect(problemsOf(() => planEverywhere(folder))).toEqual([
        expect.stringMatching(
          /02-supply-zone\.md: chart 3 is a trade-plan chart \(exerciseKind: plan\), not a zone one/,
        ),
      ]);
      const lesson = join(folder, 'lessons', 'foundations', '02-first-zone.md');
      writeFileSync(
        lesson,
        readFileSync(lesson, 'utf8').replace(
          'c_num: 7',
          'c_num: 7\nexerciseKind: plan\nplan:\n  instrument: shares\n  account: 25000\n  riskPercent: 1',
        ),
      );
      expect(problemsOf(() => planEverywhere(folder))).toContainEqual(
        expect.stringMatching(
          /02-first-zone\.md: chart 7 is a zone chart \(exerciseKind: zone\), not a trade-plan one/,
        ),
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuses impossible candles, two-frame animations and empty lessons', () => {
    const problems = problemsOf(
      loadEdited('sd-basics/01-welcome.md', (source) =>
        source
          .replace('[10, 10.2, 9.9, 10.1], [10.1, 11,', '[10, 9, 9.9, 10.1], [10.1, 11,')
          .replace(/ {4}- candles: \[\[10, 10\.2, 9\.9, 10\.1\], \[10\.1, 10\.2.*\n/, '')
          .replace('Free for every registered learner.', ''),
      ),
    );
    expect(problems).toEqual([
      expect.stringMatching(/frames\[0\]\.candles\[0\]: high must be the highest/),
      expect.stringMatching(/illustration must have one frame, or three/),
      expect.stringMatching(/the lesson has no text/),
    ]);
  });

  it('keeps the skills an exercise names, and none for a lesson that names none', () => {
    const named = loadEdited('sd-basics/02-supply-zone.md', (source) =>
      source.replace('c_num: 3\n', 'c_num: 3\nskills: [find-supply-zone, zone-bounds]\n'),
    )() as ReturnType<typeof loadCourseContent>;
    expect(named.byId(7)?.skills).toEqual(['find-supply-zone', 'zone-bounds']);
    expect(content.byId(7)?.skills).toEqual([]);
  });

  it('refuses skills it does not know, naming them and the known ones', () => {
    const problems = problemsOf(
      loadEdited('sd-basics/02-supply-zone.md', (source) =>
        source.replace('c_num: 3\n', 'c_num: 3\nskills: [find-supply-zone, freshnes, 3]\n'),
      ),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /02-supply-zone\.md: skills names no known skill: "freshnes", 3 \(known: find-demand-zone, find-supply-zone, .*take-or-skip, trade-management\)$/,
      ),
    ]);
  });

  it('refuses skills that are not a list, an empty list, and skills without an exercise', () => {
    const edit = (file: string, skills: string, after: string) =>
      problemsOf(
        loadEdited(file, (source) => source.replace(after, `${after}skills: ${skills}\n`)),
      );
    expect(edit('sd-basics/02-supply-zone.md', 'freshness', 'c_num: 3\n')).toContainEqual(
      expect.stringMatching(/skills must be a list of skill keys/),
    );
    expect(edit('sd-basics/02-supply-zone.md', '[]', 'c_num: 3\n')).toEqual([
      expect.stringMatching(/skills must name at least one skill, or be left out/),
    ]);
    expect(edit('sd-basics/01-welcome.md', '[freshness]', 'id: 1\n')).toEqual([
      expect.stringMatching(
        /01-welcome\.md: skills belong to a lesson with an exercise chart \(c_num\)/,
      ),
    ]);
  });

  it("refuses skills the lesson's kind of exercise cannot test", () => {
    const problems = problemsOf(
      loadEdited('sd-basics/02-supply-zone.md', (source) =>
        source.replace('c_num: 3\n', 'c_num: 3\nskills: [find-supply-zone, position-size]\n'),
      ),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /02-supply-zone\.md: skills position-size cannot be tested by a zone exercise \(it tests find-demand-zone, /,
      ),
    ]);
  });

  it('refuses unknown front matter fields and files without front matter', () => {
    expect(
      problemsOf(
        loadEdited('sd-basics/01-welcome.md', (source) =>
          source.replace('id: 1\n', 'id: 1\nsubReq: true\n'),
        ),
      ),
    ).toEqual([expect.stringMatching(/property subReq should not exist/)]);
    expect(
      problemsOf(loadEdited('sd-basics/01-welcome.md', (source) => source.replace(/^---\n/, ''))),
    ).toContainEqual(expect.stringMatching(/01-welcome\.md: it does not start with front matter/));
  });

  it('refuses page labels that count different totals in one module', () => {
    expect(
      problemsOf(
        loadEdited('sd-basics/01-welcome.md', (source) => source.replace('page: 1/2', 'page: 1/3')),
      ),
    ).toEqual(['sd-basics: page labels count different totals (3, 2)']);
  });
});
