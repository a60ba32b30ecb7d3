import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REAL_RATES } from '@course/rules';
import { ChartCatalogue } from '../src/charts/chart-catalogue.js';
import { loadCourseContent, splitFrontMatter } from '../src/catalogue/course-content.js';
import type { Lesson } from '../src/catalogue/lesson.js';
import {
  COST_TEXT,
  countText,
  FIGURE_NAMES,
  figureNamesIn,
  percentText,
  renderFigure,
  rText,
} from '../src/catalogue/lesson-figures.js';

const CONTENT_DIR = fileURLToPath(new URL('../content', import.meta.url));
const content = loadCourseContent(CONTENT_DIR, ChartCatalogue.load(CONTENT_DIR));

function lesson(path: string): Lesson {
  const found = content.byPath(path);
  if (!found) throw new Error(`no lesson ${path}`);
  return found;
}

/** What a learner reads of a lesson: its Markdown, its takeaway and its picture's caption. */
function wordsOf(entry: Lesson): string {
  const { body } = splitFrontMatter(readFileSync(join(CONTENT_DIR, entry.file), 'utf8'));
  return [body, entry.takeaway, entry.illustration.caption].join('\n');
}

const { reactions, takenTrades: taken, courseTradesTwoToThreeR: near } = REAL_RATES;
const advantage = (name: string) => {
  const split = REAL_RATES.splits.find((entry) => entry.name === name);
  if (!split) throw new Error(`no ${name} split`);
  return split.advantageR;
};
const unsigned = (value: number) => rText(value).replace(/^[+−]/, '');

/**
 * Every figure "What Real Charts Say About Zones" quotes, written from REAL_RATES the way the
 * lesson writes it: a re-measure that changes one fails here until the lesson says the new one.
 */
const QUOTED = [
  countText(REAL_RATES.sessions),
  `${REAL_RATES.series} US stocks`,
  percentText(reactions.strong.share),
  percentText(reactions.break.share),
  percentText(taken.target.share),
  percentText(taken.stop.share),
  `${(taken.medianWinnerR ?? 0).toFixed(1)}R`,
  rText(taken.expectancyR.mean),
  `${rText(taken.expectancyR.low)} to ${rText(taken.expectancyR.high)}`,
  percentText(near.target.share),
  rText(near.expectancyR.mean),
  `${rText(near.expectancyR.low)} to ${rText(near.expectancyR.high)}`,
  rText(advantage('higher-timeframe').mean),
  `${rText(advantage('higher-timeframe').low)} to ${rText(advantage('higher-timeframe').high)}`,
  COST_TEXT,
  `about ${unsigned(taken.costR)}`,
  `turned ${rText(taken.expectancyR.mean)} into ${rText(taken.expectancyAfterCostsR.mean)}`,
];

/** Other lessons that quote the measured rates, and what they quote. */
const QUOTED_ELSEWHERE: Record<string, string[]> = {
  '/validateIntro': [percentText(reactions.break.share)],
  '/hp-reacts': [
    percentText(reactions.strong.share),
    percentText(reactions.weak.share),
    percentText(reactions.break.share),
  ],
  '/hp-reacts-sb': [percentText(reactions.strong.share)],
  '/hp-reacts-wb': [rText(advantage('fresh').mean)],
  '/hp-reacts-zf': [percentText(reactions.break.share)],
  '/validating-intro': [rText(advantage('fresh').mean)],
  '/validating-faz': [percentText(reactions.break.share), rText(advantage('fresh').mean)],
  '/validating-conc': [percentText(taken.target.share)],
  '/struct': [
    rText(advantage('higher-timeframe').mean),
    `${rText(advantage('higher-timeframe').low)} to ${rText(advantage('higher-timeframe').high)}`,
  ],
  '/comCrit': [rText(advantage('fresh').mean)],
  '/risk-take-skip': [percentText(taken.stop.share)],
  '/risk-reality': [rText(taken.expectancyAfterCostsR.mean)],
  '/S&D-conc': [percentText(reactions.break.share)],
};

/** Numbers a lesson may write that are the course's rules, not measurements. */
const RULES = new Set(['2R', '3R']);

/** Every share or R figure in a text: "31.6%", "+0.13R", "−0.21R", "7.4R". */
function figuresIn(text: string): string[] {
  return [...text.matchAll(/[+−-]?\d+(?:\.\d+)?(?:%|R)(?![A-Za-z])/g)].map((match) => match[0]);
}

describe('What Real Charts Say About Zones', () => {
  const page = lesson('/risk-real-charts');
  const words = wordsOf(page);

  it('quotes the measured rates as REAL_RATES holds them', () => {
    const missing = QUOTED.filter((quote) => !words.includes(quote));
    expect(missing).toEqual([]);
  });

  it('quotes no share or R figure that is not measured (or a rule of the course)', () => {
    const allowed = new Set([...QUOTED.flatMap(figuresIn), ...RULES]);
    const stray = figuresIn(words).filter((figure) => !allowed.has(figure));
    expect(stray).toEqual([]);
  });

  it('says what the data says: most zones broke, and the course trade has no proven edge', () => {
    expect(reactions.break.share).toBeGreaterThan(0.5);
    expect(words).toMatch(/Most zones break/);
    // No check's advantage is proven at 95%: the lesson says so in those words.
    const proven = REAL_RATES.splits.filter((split) => split.advantageR.low > 0);
    expect(proven.map((split) => split.name)).toEqual([]);
    expect(words).toMatch(/no advantage is proven/);
    expect(taken.expectancyR.low).toBeLessThan(0);
    expect(taken.expectancyAfterCostsR.mean).toBeLessThan(0);
  });

  it('draws its four figures from the measured rates', () => {
    expect(figureNamesIn(words)).toEqual([
      'zone-reactions',
      'trade-outcomes',
      'trade-expectancy',
      'check-advantages',
    ]);
    const html = page.html;
    expect(html.match(/<figure class="lesson-figure">/g)).toHaveLength(4);
    expect(html).not.toContain('language-figure');
    // The bars' numbers and widths come from REAL_RATES.
    const reactionsFigure = renderFigure('zone-reactions') ?? '';
    expect(reactionsFigure).toContain(`${countText(reactions.n)} fresh zones`);
    expect(reactionsFigure).toContain(`width="${Math.round(reactions.break.share * 4800) / 10}"`);
    expect(renderFigure('trade-outcomes')).toContain(percentText(near.stop.share));
    expect(renderFigure('check-advantages')).toContain(rText(advantage('room').mean));
    expect(renderFigure('trade-expectancy')).toContain(rText(taken.expectancyAfterCostsR.mean));
  });

  it('links the page about the data', () => {
    expect(page.html).toContain('href="/about-data"');
  });
});

describe('lessons that quote the measured rates', () => {
  it.each(Object.entries(QUOTED_ELSEWHERE))(
    '%s quotes them as REAL_RATES holds them',
    (path, quotes) => {
      const words = wordsOf(lesson(path));
      expect(quotes.filter((quote) => !words.includes(quote))).toEqual([]);
    },
  );
});

describe('figures in lessons', () => {
  it('knows its figures, and draws each as an SVG with its numbers in words', () => {
    expect(FIGURE_NAMES).toEqual([
      'zone-reactions',
      'trade-outcomes',
      'trade-expectancy',
      'check-advantages',
    ]);
    for (const name of FIGURE_NAMES) {
      const html = renderFigure(name) ?? '';
      expect(html).toMatch(/<svg [^>]*role="img" aria-label="[^"]*\d/);
      expect(html).not.toMatch(/NaN|undefined|Infinity/);
    }
    expect(renderFigure('no-such-figure')).toBeUndefined();
  });

  it('formats shares and R as the lessons write them', () => {
    expect(percentText(0.6368)).toBe('63.7%');
    expect(rText(0.1252)).toBe('+0.13R');
    expect(rText(-0.4799)).toBe('−0.48R');
    expect(rText(0.001)).toBe('0.00R');
    expect(countText(2294)).toBe('2,294');
  });
});

/** Every share and mean REAL_RATES holds, written as a lesson would quote it. */
function measuredFigures(): Set<string> {
  const figures = new Set<string>();
  const walk = (value: unknown): void => {
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (typeof record.share === 'number') figures.add(percentText(record.share));
    if (typeof record.mean === 'number') {
      figures.add(rText(record.mean));
      figures.add(unsigned(record.mean));
    }
    Object.values(record).forEach(walk);
  };
  walk(REAL_RATES);
  return figures;
}

/**
 * Words that claim zones or checks work: every sentence that uses one cites a measured figure
 * (a share or an R figure) or says that it is a hypothesis.
 */
const CLAIMS =
  /\b(work(s)? more often|more likely|likely to (hold|fail|break)|hold(s)? more|(is|are) (much )?stronger|better odds|higher odds|more reliable|the (stronger|better) the zone)\b/i;

describe('claims that zones work', () => {
  it('cite a measured figure or say they are a hypothesis', () => {
    const measured = measuredFigures();
    const unsupported: string[] = [];
    for (const entry of content.lessons()) {
      const sentences = wordsOf(entry)
        .replace(/\n+/g, ' ')
        .split(/(?<=[.!?])\s+/);
      for (const sentence of sentences) {
        if (!CLAIMS.test(sentence)) continue;
        if (figuresIn(sentence).some((figure) => measured.has(figure))) continue;
        if (/hypothes|not (been )?(measured|confirmed|proven)|did not confirm/i.test(sentence))
          continue;
        unsupported.push(`${entry.path}: ${sentence}`);
      }
    }
    expect(unsupported).toEqual([]);
  });
});
