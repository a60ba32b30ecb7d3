import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COST_PER_ROUND_TRIP, REAL_RATES } from '@course/rules';
import { ChartCatalogue } from '../src/exercise-charts/chart-catalogue.js';
import { loadCourseContent, splitFrontMatter } from '../src/course-catalogue/course-content.js';
import type { Lesson } from '../src/course-catalogue/lesson.js';
import {
  countText,
  FIGURE_NAMES,
  figureNamesIn,
  fillRates,
  percentText,
  RATE_NAMES,
  renderFigure,
  rText,
} from '../src/course-catalogue/lesson-figures.js';

const CONTENT_DIR = fileURLToPath(new URL('../content', import.meta.url));
const content = loadCourseContent(CONTENT_DIR, ChartCatalogue.load(CONTENT_DIR));

function lesson(path: string): Lesson {
  const found = content.byPath(path);
  if (!found) throw new Error(`no lesson ${path}`);
  return found;
}

/** What a lesson's file says a learner reads: its Markdown, its takeaway and its caption. */
function wordsOf(entry: Lesson): string {
  const { body, frontMatter } = splitFrontMatter(
    readFileSync(join(CONTENT_DIR, entry.file), 'utf8'),
  );
  const { takeaway, illustration } = frontMatter as {
    takeaway: string;
    illustration: { caption: string };
  };
  return [body, takeaway, illustration.caption].join('\n');
}

const { reactions, takenTrades: taken, courseTradesTwoToThreeR: near } = REAL_RATES;
const splitOf = (name: string, splits = REAL_RATES.splits) => {
  const split = splits.find((entry) => entry.name === name);
  if (!split) throw new Error(`no ${name} split`);
  return split;
};
const advantage = (name: string) => splitOf(name).advantageR;
const atTwoR = (name: string) => splitOf(name, REAL_RATES.twoRSplits).advantageR;
const twoR = REAL_RATES.twoR.taken;
const interval = (value: { low: number; high: number }) =>
  `${rText(value.low)} to ${rText(value.high)}`;

/** What each name in double braces must read, written here from REAL_RATES on its own. */
const EXPECTED_WORDS: Record<string, string> = {
  sessions: countText(REAL_RATES.sessions),
  series: String(REAL_RATES.series),
  'reactions-n': countText(reactions.n),
  strong: percentText(reactions.strong.share),
  weak: percentText(reactions.weak.share),
  break: percentText(reactions.break.share),
  'taken-n': countText(taken.n),
  'taken-target': percentText(taken.target.share),
  'taken-stop': percentText(taken.stop.share),
  'taken-close': percentText(taken.sessionClose.share),
  'taken-median-winner': `${(taken.medianWinnerR ?? 0).toFixed(1)}R`,
  'taken-r': rText(taken.expectancyR.mean),
  'taken-r-interval': interval(taken.expectancyR),
  'taken-r-after-costs': rText(taken.expectancyAfterCostsR.mean),
  'taken-cost': rText(taken.costR).replace(/^[+−]/, ''),
  cost: `${COST_PER_ROUND_TRIP * 100}%`,
  'near-n': countText(near.n),
  'near-target': percentText(near.target.share),
  'near-r': rText(near.expectancyR.mean),
  'near-r-interval': interval(near.expectancyR),
  'twor-n': countText(twoR.n),
  'twor-target': percentText(twoR.target.share),
  'twor-stop': percentText(twoR.stop.share),
  'twor-r': rText(twoR.expectancyR.mean),
  'twor-r-interval': interval(twoR.expectancyR),
  'twor-r-after-costs': rText(twoR.expectancyAfterCostsR.mean),
};
for (const [key, name] of [
  ['room', 'room'],
  ['fresh', 'fresh'],
  ['trend', 'higher-timeframe'],
  ['height', 'zone-height'],
  ['grade', 'grade'],
] as const) {
  EXPECTED_WORDS[`${key}-advantage`] = rText(advantage(name).mean);
  EXPECTED_WORDS[`${key}-interval`] = interval(advantage(name));
  EXPECTED_WORDS[`${key}-2r-advantage`] = rText(atTwoR(name).mean);
  EXPECTED_WORDS[`${key}-2r-interval`] = interval(atTwoR(name));
}

/** Numbers a lesson may write that are the course's rules, not measurements. */
const RULES = new Set(['2R', '3R']);

/** Every share or R figure in a text: "31.6%", "+0.13R", "−0.21R", "7.4R". */
function figuresIn(text: string): string[] {
  return [...text.matchAll(/[+−-]?\d+(?:\.\d+)?(?:%|R)(?![A-Za-z])/g)].map((match) => match[0]);
}

function sentencesOf(text: string): string[] {
  return text.replace(/\n+/g, ' ').split(/(?<=[.!?])\s+/);
}

describe('measured figures in lessons', () => {
  it('are written out from REAL_RATES by name', () => {
    expect([...RATE_NAMES].sort()).toEqual(Object.keys(EXPECTED_WORDS).sort());
    for (const [name, words] of Object.entries(EXPECTED_WORDS)) {
      expect([name, fillRates(`{{${name}}}`)]).toEqual([name, words]);
    }
    expect(fillRates('{{ break }} and {{no-such-rate}}')).toBe(
      `${EXPECTED_WORDS.break} and {{no-such-rate}}`,
    );
  });

  it('are quoted by name, never typed: a re-measure rewrites them', () => {
    const typed: string[] = [];
    for (const entry of content.lessons()) {
      for (const sentence of sentencesOf(wordsOf(entry))) {
        if (!/real (charts|5-minute)/i.test(sentence)) continue;
        const figures = figuresIn(sentence).filter((figure) => !RULES.has(figure));
        if (figures.length > 0) typed.push(`${entry.path}: ${figures.join(', ')}`);
      }
    }
    const page = lesson('/risk-real-charts');
    typed.push(...figuresIn(wordsOf(page)).filter((figure) => !RULES.has(figure)));
    expect(typed).toEqual([]);
  });

  it('reach the learner written out, in the text, the takeaway and the caption', () => {
    for (const entry of content.lessons()) {
      const shown = [entry.html, entry.takeaway, entry.illustration.caption].join(' ');
      expect([entry.path, shown.includes('{{')]).toEqual([entry.path, false]);
    }
    const page = lesson('/risk-real-charts');
    for (const name of ['strong', 'break', 'taken-target', 'taken-stop', 'taken-r']) {
      expect(page.html).toContain(EXPECTED_WORDS[name]);
    }
    expect(page.illustration.caption).toContain(EXPECTED_WORDS.break);
  });
});

describe('What Real Charts Say About Zones', () => {
  const page = lesson('/risk-real-charts');
  const words = wordsOf(page);

  // The lessons' words around the figures are true of the rates they quote; a re-measure that
  // makes one false fails here, and the sentence is rewritten.
  it('says what the data says', () => {
    // "Most zones break"; "failure was the most common outcome"; a strong bounce "less common".
    expect(reactions.break.share).toBeGreaterThan(0.5);
    expect(reactions.strong.share).toBeLessThan(reactions.break.share);
    // The replays: "a weak reaction was rare".
    expect(reactions.weak.share).toBeLessThan(0.1);
    // The course's trades: the interval "includes zero"; "with most trades stopped"; "only".
    expect(taken.expectancyR.low).toBeLessThan(0);
    expect(taken.expectancyR.high).toBeGreaterThan(0);
    expect(taken.stop.share).toBeGreaterThan(0.5);
    expect(taken.target.share).toBeLessThan(1 / 3);
    expect(taken.expectancyAfterCostsR.mean).toBeLessThan(0);
    // Room of 2R to 3R: "again no proven edge".
    expect(near.expectancyR.low).toBeLessThan(0);
    // The course's trade: "no advantage is proven", "no proven difference", "a fraction of R".
    for (const split of REAL_RATES.splits) {
      expect([split.name, split.advantageR.low < 0 && split.advantageR.high > 0]).toEqual([
        split.name,
        true,
      ]);
      expect(Math.abs(split.advantageR.mean)).toBeLessThan(1);
    }
    // A plain 2R target: the trend check "did help", "found some support", "showed a measured
    // advantage" (the only one); fresh zones "did worse" than tested ones; trades passing every
    // check "still lost", and so did those with the trend ("though they still lost on average").
    const measuredGains = REAL_RATES.twoRSplits.filter((split) => split.advantageR.low > 0);
    expect(measuredGains.map((split) => split.name)).toEqual(['higher-timeframe']);
    expect(atTwoR('fresh').high).toBeLessThan(0);
    expect(twoR.expectancyR.high).toBeLessThan(0);
    expect(splitOf('higher-timeframe', REAL_RATES.twoRSplits).pass.expectancyR.mean).toBeLessThan(
      0,
    );
    expect(words).toMatch(/Most zones break/);
    expect(words).toMatch(/no advantage is proven/);
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
      figures.add(rText(record.mean).replace(/^[+−]/, ''));
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
      const sentences = sentencesOf(fillRates(wordsOf(entry)));
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
