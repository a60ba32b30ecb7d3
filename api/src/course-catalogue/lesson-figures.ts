import {
  COST_PER_ROUND_TRIP,
  REAL_RATES,
  type MeanWithInterval,
  type MeasuredRates,
  type Share,
} from '@course/rules';
import escapeHtml from 'escape-html';

/**
 * Figures a lesson draws from the course's measured rates (REAL_RATES: the course's rules on real
 * 5-minute bars), written in its Markdown as a fenced block:
 *
 *     ```figure
 *     zone-reactions
 *     ```
 *
 * Each becomes an SVG chart made here from the numbers themselves, so a figure can never disagree
 * with the measurement: a re-measure redraws it. The SVG is the server's own markup (the lesson's
 * Markdown still renders no raw HTML); its colours are the chart's, and it scales to the text's
 * width, with its numbers in words for a screen reader.
 */

/** "31.6%": a share as the lessons quote it. */
export function percentText(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/** "+0.13R", "−0.48R" (a true minus sign, as the lessons write it). */
export function rText(value: number): string {
  const rounded = Math.round(value * 100) / 100 + 0;
  const sign = rounded > 0 ? '+' : rounded < 0 ? '−' : '';
  return `${sign}${Math.abs(rounded).toFixed(2)}R`;
}

/** "1,999". */
export function countText(count: number): string {
  return count.toLocaleString('en-US');
}

/** "−0.21R to +0.46R": a 95% interval of a mean in R. */
export function rIntervalText(value: MeanWithInterval): string {
  return `${rText(value.low)} to ${rText(value.high)}`;
}

const WIDTH = 480;
const FONT = 17;
const COLOURS = {
  text: '#e8e8f0',
  muted: '#a6a6bd',
  grid: '#3a3a55',
  up: '#26a69a',
  down: '#ef5350',
  neutral: '#8c8cb4',
} as const;
type Colour = keyof typeof COLOURS;

interface ShareRow {
  label: string;
  share: Share;
  colour: Colour;
}

interface ShareGroup {
  heading?: string;
  rows: ShareRow[];
}

interface IntervalRow {
  label: string;
  value: MeanWithInterval;
}

interface IntervalGroup {
  heading?: string;
  rows: IntervalRow[];
}

export interface Figure {
  /** What the chart shows, above it (its n included). */
  title: string;
  /** One line under it: how to read it. */
  caption: string;
  svg: string;
}

const round = (value: number) => Math.round(value * 10) / 10;

function text(
  x: number,
  y: number,
  content: string,
  options: { anchor?: 'start' | 'middle' | 'end'; colour?: Colour; bold?: boolean; size?: number },
): string {
  const anchor = options.anchor ?? 'start';
  const weight = options.bold ? ' font-weight="700"' : '';
  return (
    `<text x="${round(x)}" y="${round(y)}" text-anchor="${anchor}" fill="${COLOURS[options.colour ?? 'text']}"` +
    ` font-size="${options.size ?? FONT}"${weight}>${escapeHtml(content)}</text>`
  );
}

function line(x1: number, y1: number, x2: number, y2: number, colour: Colour, dashed = false) {
  const dash = dashed ? ' stroke-dasharray="4 4"' : '';
  return (
    `<line x1="${round(x1)}" y1="${round(y1)}" x2="${round(x2)}" y2="${round(y2)}"` +
    ` stroke="${COLOURS[colour]}" stroke-width="1.5"${dash}/>`
  );
}

function svgOf(height: number, label: string, body: string[]): string {
  return (
    `<svg class="lesson-figure__chart" viewBox="0 0 ${WIDTH} ${round(height)}" role="img"` +
    ` aria-label="${escapeHtml(label)}" font-family="inherit">${body.join('')}</svg>`
  );
}

const ROW_LABEL = 20;
const BAR = 16;
const ROW = ROW_LABEL + BAR + 14;
const HEADING = 26;

/** Horizontal bars from 0% to 100%, each with its 95% interval as a whisker. */
function shareBars(groups: readonly ShareGroup[]): { svg: string; words: string } {
  const body: string[] = [];
  const words: string[] = [];
  let y = 4;
  for (const group of groups) {
    if (group.heading) {
      y += HEADING - 8;
      body.push(text(0, y, group.heading, { bold: true }));
      words.push(`${group.heading}:`);
      y += 8;
    }
    for (const row of group.rows) {
      const { share, low, high } = row.share;
      const value = `${percentText(share)} (${percentText(low)} to ${percentText(high)})`;
      y += ROW_LABEL - 4;
      body.push(text(0, y, row.label, {}));
      body.push(text(WIDTH, y, value, { anchor: 'end', colour: 'muted' }));
      const barTop = y + 6;
      body.push(
        `<rect x="0" y="${round(barTop)}" width="${WIDTH}" height="${BAR}" rx="3"` +
          ` fill="${COLOURS.grid}" fill-opacity="0.45"/>`,
        `<rect x="0" y="${round(barTop)}" width="${round(share * WIDTH)}" height="${BAR}" rx="3"` +
          ` fill="${COLOURS[row.colour]}"/>`,
        line(low * WIDTH, barTop + BAR / 2, high * WIDTH, barTop + BAR / 2, 'text'),
        line(low * WIDTH, barTop + 3, low * WIDTH, barTop + BAR - 3, 'text'),
        line(high * WIDTH, barTop + 3, high * WIDTH, barTop + BAR - 3, 'text'),
      );
      words.push(`${row.label} ${value};`);
      y = barTop + BAR + (ROW - ROW_LABEL - BAR);
    }
  }
  return { svg: svgOf(y, words.join(' '), body), words: words.join(' ') };
}

/** "−0.5R", "0", "+1R": an axis tick. */
function tickText(value: number): string {
  if (Math.abs(value) < 1e-9) return '0';
  return `${value > 0 ? '+' : '−'}${+Math.abs(value).toFixed(1)}R`;
}

/** Means in R with their 95% intervals on one axis, zero marked: a dot and a line per row. */
function intervalPlot(groups: readonly IntervalGroup[]): { svg: string; words: string } {
  const values = groups.flatMap((group) => group.rows.map((row) => row.value));
  const from = Math.min(-0.5, Math.floor(Math.min(...values.map((v) => v.low)) * 2) / 2);
  const to = Math.max(0.5, Math.ceil(Math.max(...values.map((v) => v.high)) * 2) / 2);
  const pad = 24;
  const x = (value: number) => pad + ((value - from) / (to - from)) * (WIDTH - 2 * pad);
  const body: string[] = [];
  const words: string[] = [];
  let y = 4;
  for (const group of groups) {
    if (group.heading) {
      y += HEADING - 8;
      body.push(text(0, y, group.heading, { bold: true }));
      words.push(`${group.heading}:`);
      y += 8;
    }
    for (const row of group.rows) {
      const value = `${rText(row.value.mean)} (${rIntervalText(row.value)})`;
      y += ROW_LABEL - 4;
      body.push(text(0, y, row.label, {}));
      body.push(text(WIDTH, y, value, { anchor: 'end', colour: 'muted' }));
      const middle = y + 6 + BAR / 2;
      const colour: Colour = row.value.low > 0 ? 'up' : row.value.high < 0 ? 'down' : 'neutral';
      body.push(
        line(x(0), middle - BAR / 2 - 2, x(0), middle + BAR / 2 + 2, 'muted', true),
        `<line x1="${round(x(row.value.low))}" y1="${round(middle)}" x2="${round(x(row.value.high))}"` +
          ` y2="${round(middle)}" stroke="${COLOURS[colour]}" stroke-width="4" stroke-linecap="round"/>`,
        `<circle cx="${round(x(row.value.mean))}" cy="${round(middle)}" r="6" fill="${COLOURS.text}"/>`,
      );
      words.push(`${row.label} ${value};`);
      y += 6 + BAR + (ROW - ROW_LABEL - BAR);
    }
  }
  const axis = y + 4;
  const ticks: string[] = [];
  for (let tick = from; tick <= to + 1e-9; tick += 0.5) {
    const at = x(tick);
    ticks.push(line(at, axis, at, axis + 5, 'muted'));
    ticks.push(
      text(at, axis + 21, tickText(tick), {
        anchor: 'middle',
        colour: 'muted',
        size: 14,
      }),
    );
  }
  body.push(line(pad, axis, WIDTH - pad, axis, 'muted'), ...ticks);
  return { svg: svgOf(axis + 28, words.join(' '), body), words: words.join(' ') };
}

function checkLabel(splits: MeasuredRates['splits'], name: string, short: string): IntervalRow {
  const split = splits.find((entry) => entry.name === name);
  if (!split) throw new Error(`the measured rates have no ${name} split`);
  return { label: short, value: split.advantageR };
}

/** The four checks and the checklist's grade, each passing against failing, on one way of trading. */
function checkRows(splits: MeasuredRates['splits']): IntervalRow[] {
  return [
    checkLabel(splits, 'room', 'Room of 2R or more'),
    checkLabel(splits, 'fresh', 'Fresh (not tested before)'),
    checkLabel(splits, 'higher-timeframe', '1-hour trend not against'),
    checkLabel(splits, 'zone-height', 'Thin zone (1 range or less)'),
    checkLabel(splits, 'grade', 'Scored A or B, not C'),
  ];
}

/** The figures, by the name a lesson's fenced block gives. */
export function figuresOf(rates: MeasuredRates): Record<string, Figure> {
  const { reactions, takenTrades: taken, courseTradesTwoToThreeR: near } = rates;
  const reactionBars = shareBars([
    {
      rows: [
        { label: 'Strong bounce (2+ ranges)', share: reactions.strong, colour: 'up' },
        { label: 'Weak bounce', share: reactions.weak, colour: 'neutral' },
        { label: 'Break (close beyond)', share: reactions.break, colour: 'down' },
      ],
    },
  ]);
  const outcomeRows = (summary: MeasuredRates['takenTrades']): ShareRow[] => [
    { label: 'Target reached', share: summary.target, colour: 'up' },
    { label: 'Stopped out', share: summary.stop, colour: 'down' },
    { label: 'Flat at the close', share: summary.sessionClose, colour: 'neutral' },
  ];
  const outcomeBars = shareBars([
    {
      heading: `Every check passes (${countText(taken.n)} trades)`,
      rows: outcomeRows(taken),
    },
    { heading: `Room of 2R to 3R only (${countText(near.n)} trades)`, rows: outcomeRows(near) },
  ]);
  const expectancy = intervalPlot([
    {
      heading: `Every check passes (${countText(taken.n)} trades)`,
      rows: [
        { label: 'Before costs', value: taken.expectancyR },
        { label: 'After costs', value: taken.expectancyAfterCostsR },
      ],
    },
    {
      heading: `Room of 2R to 3R only (${countText(near.n)} trades)`,
      rows: [
        { label: 'Before costs', value: near.expectancyR },
        { label: 'After costs', value: near.expectancyAfterCostsR },
      ],
    },
    {
      heading: `Every check passes, a 2R target (${countText(rates.twoR.taken.n)} trades)`,
      rows: [
        { label: 'Before costs', value: rates.twoR.taken.expectancyR },
        { label: 'After costs', value: rates.twoR.taken.expectancyAfterCostsR },
      ],
    },
  ]);
  const advantages = intervalPlot([
    {
      heading: 'The course’s trade (target short of the next zone)',
      rows: checkRows(rates.splits),
    },
    { heading: 'The same 2R target for every trade', rows: checkRows(rates.twoRSplits) },
  ]);
  const interval =
    'The thin line or whisker is the 95% interval: where the true figure likely lies.';
  return {
    'zone-reactions': {
      title: `What ${countText(reactions.n)} fresh zones did when price first came back`,
      caption: `Real 5-minute charts of ${rates.series} US stocks and ETFs; a range is the average candle range. ${interval}`,
      svg: reactionBars.svg,
    },
    'trade-outcomes': {
      title: 'How the course’s trades ended',
      caption: `Entry at the zone, stop beyond it, target short of the next opposing zone, flat by the close. ${interval}`,
      svg: outcomeBars.svg,
    },
    'trade-expectancy': {
      title: 'Average result per trade, in R',
      caption: `A dot is the average; the line is its 95% interval. Costs: ${COST_TEXT} of the price per round trip.`,
      svg: expectancy.svg,
    },
    'check-advantages': {
      title: 'What passing each check added per trade, in R',
      caption:
        'Average result when the check passes minus when it fails (a thin zone minus a taller ' +
        'one; a zone scored A or B on the Finding checklist minus a C), with its 95% interval. ' +
        'A grey line crosses zero: no proven difference. A green or red one is a measured gain or loss.',
      svg: advantages.svg,
    },
  };
}

/** "0.02%": the cost of a round trip the rates are measured after. */
export const COST_TEXT = `${+(COST_PER_ROUND_TRIP * 100).toFixed(3)}%`;

const FIGURES = figuresOf(REAL_RATES);

/** A check's split by its name in the rates. */
function advantageOf(splits: MeasuredRates['splits'], name: string): MeanWithInterval {
  const split = splits.find((entry) => entry.name === name);
  if (!split) throw new Error(`the measured rates have no ${name} split`);
  return split.advantageR;
}

/** "0.61R": an R figure without its sign. */
const unsignedR = (value: number) => rText(value).replace(/^[+−]/, '');

/**
 * The measured figures a lesson's text can quote, by the name it writes between double braces
 * ("{{taken-target}}" reads "5.3%"): the text then says what the rates say after any re-measure.
 */
export function rateWordsOf(rates: MeasuredRates): Record<string, string> {
  const { reactions, takenTrades: taken, courseTradesTwoToThreeR: near } = rates;
  const words: Record<string, string> = {
    sessions: countText(rates.sessions),
    series: String(rates.series),
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
    'taken-r-interval': rIntervalText(taken.expectancyR),
    'taken-r-after-costs': rText(taken.expectancyAfterCostsR.mean),
    'taken-cost': unsignedR(taken.costR),
    cost: COST_TEXT,
    'near-n': countText(near.n),
    'near-target': percentText(near.target.share),
    'near-r': rText(near.expectancyR.mean),
    'near-r-interval': rIntervalText(near.expectancyR),
    'twor-n': countText(rates.twoR.taken.n),
    'twor-target': percentText(rates.twoR.taken.target.share),
    'twor-stop': percentText(rates.twoR.taken.stop.share),
    'twor-r': rText(rates.twoR.taken.expectancyR.mean),
    'twor-r-interval': rIntervalText(rates.twoR.taken.expectancyR),
    'twor-r-after-costs': rText(rates.twoR.taken.expectancyAfterCostsR.mean),
  };
  const checks = {
    room: 'room',
    fresh: 'fresh',
    trend: 'higher-timeframe',
    height: 'zone-height',
    grade: 'grade',
  };
  for (const [key, name] of Object.entries(checks)) {
    const advantage = advantageOf(rates.splits, name);
    words[`${key}-advantage`] = rText(advantage.mean);
    words[`${key}-interval`] = rIntervalText(advantage);
    const atTwoR = advantageOf(rates.twoRSplits, name);
    words[`${key}-2r-advantage`] = rText(atTwoR.mean);
    words[`${key}-2r-interval`] = rIntervalText(atTwoR);
  }
  return words;
}

const RATE_WORDS = rateWordsOf(REAL_RATES);

/** The names a lesson may quote. */
export const RATE_NAMES: readonly string[] = Object.keys(RATE_WORDS);

const RATE_TOKEN = /\{\{\s*([a-z0-9-]+)\s*\}\}/g;

/** `text` with every "{{name}}" of a measured figure written out (unknown names left as they are). */
export function fillRates(text: string): string {
  return text.replace(RATE_TOKEN, (token, name: string) => RATE_WORDS[name] ?? token);
}

/** The names in double braces that are no measured figure. */
export function unknownRatesIn(text: string): string[] {
  return [...text.matchAll(RATE_TOKEN)]
    .map((match) => match[1] ?? '')
    .filter((name) => !(name in RATE_WORDS));
}

/** The names a lesson may draw. */
export const FIGURE_NAMES: readonly string[] = Object.keys(FIGURES);

/**
 * The data every figure is drawn from, for the content cache's fingerprint: a re-measure makes
 * the built lesson pages stale.
 */
export const FIGURE_DATA = JSON.stringify(REAL_RATES);

/** A figure as HTML, or undefined for a name that is none. */
export function renderFigure(name: string): string | undefined {
  const figure = FIGURES[name];
  if (!figure) return undefined;
  return (
    `<figure class="lesson-figure">` +
    `<p class="lesson-figure__title">${escapeHtml(figure.title)}</p>` +
    figure.svg +
    `<figcaption class="lesson-figure__caption">${escapeHtml(figure.caption)}</figcaption>` +
    `</figure>\n`
  );
}

const FIGURE_BLOCK = /^```figure[ \t]*\r?\n([\s\S]*?)\r?\n```/gm;

/** The figure names a lesson's Markdown asks for. */
export function figureNamesIn(markdown: string): string[] {
  return [...markdown.matchAll(FIGURE_BLOCK)].map((match) => (match[1] ?? '').trim());
}
