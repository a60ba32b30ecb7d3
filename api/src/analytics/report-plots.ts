/**
 * Small hand-written SVG charts for the reports: no dependency, readable in any browser, and
 * deterministic (the same numbers give the same file).
 */

/** The text attributes, each once: an attribute written twice makes the file invalid XML. */
export function font(size = 12): string {
  return `font-family="system-ui, sans-serif" font-size="${size}"`;
}
const COLOURS = ['#3b82f6', '#26a69a', '#f59e0b', '#8b5cf6'];
const PASS = '#26a69a';
const REVEAL = '#ef5350';

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function svg(width: number, height: number, title: string, body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="16" y="24" ${font(16)} font-weight="600">${escapeXml(title)}</text>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

export interface FunnelPlotWeek {
  week: string;
  steps: number[];
}

/**
 * The funnel: for each week (and all weeks together) one bar per step, each labelled with its
 * count and its share of the step before.
 */
export function funnelSvg(stepNames: string[], weeks: FunnelPlotWeek[]): string {
  const total: FunnelPlotWeek = {
    week: 'all weeks',
    steps: stepNames.map((_, step) =>
      weeks.reduce((sum, week) => sum + (week.steps[step] ?? 0), 0),
    ),
  };
  const groups = weeks.length > 1 ? [...weeks, total] : weeks.length === 1 ? weeks : [total];
  const barWidth = 34;
  const groupWidth = stepNames.length * barWidth + 40;
  const plotTop = 70;
  const plotHeight = 260;
  const left = 50;
  const width = Math.max(520, left + groups.length * groupWidth + 20);
  const height = plotTop + plotHeight + 50;
  const max = Math.max(1, ...groups.flatMap((group) => group.steps));
  const body: string[] = [];
  stepNames.forEach((name, step) => {
    const x = 16 + step * 130;
    body.push(
      `<rect x="${x}" y="38" width="12" height="12" fill="${COLOURS[step % COLOURS.length]}"/>`,
      `<text x="${x + 16}" y="48" ${font()}>${escapeXml(name)}</text>`,
    );
  });
  const baseline = plotTop + plotHeight;
  body.push(
    `<line x1="${left - 6}" y1="${baseline}" x2="${width - 10}" y2="${baseline}" stroke="#999"/>`,
  );
  groups.forEach((group, index) => {
    const x0 = left + index * groupWidth;
    group.steps.forEach((count, step) => {
      const barHeight = (count / max) * (plotHeight - 30);
      const x = x0 + step * barWidth;
      const y = baseline - barHeight;
      const previous = step > 0 ? (group.steps[step - 1] ?? 0) : 0;
      const share = step > 0 && previous > 0 ? ` ${Math.round((count / previous) * 100)}%` : '';
      body.push(
        `<rect x="${x}" y="${y.toFixed(1)}" width="${barWidth - 6}" height="${barHeight.toFixed(1)}" fill="${COLOURS[step % COLOURS.length]}"><title>${escapeXml(`${group.week}: ${stepNames[step]} ${count}${share}`)}</title></rect>`,
        `<text x="${x + (barWidth - 6) / 2}" y="${(y - 4).toFixed(1)}" ${font(10)} text-anchor="middle">${count}</text>`,
      );
    });
    body.push(
      `<text x="${x0 + (stepNames.length * barWidth) / 2}" y="${baseline + 18}" ${font()} text-anchor="middle">${escapeXml(group.week)}</text>`,
    );
  });
  return svg(width, height, 'Funnel: landing to demo to registration to subscription', body);
}

export interface DifficultyBar {
  label: string;
  firstTryPassRate: number;
  revealRate: number;
  people: number;
}

/**
 * Exercise difficulty: a row per exercise (worst first), its first-try pass rate as a green bar
 * over the 30%-85% band of a good puzzle, and its reveal rate as a red bar beneath.
 */
export function difficultySvg(bars: DifficultyBar[]): string {
  const labelWidth = 260;
  const plotWidth = 420;
  const rowHeight = 30;
  const top = 70;
  const width = labelWidth + plotWidth + 120;
  const height = top + Math.max(1, bars.length) * rowHeight + 40;
  const x = (share: number) => labelWidth + share * plotWidth;
  const body: string[] = [
    `<rect x="${x(0.3)}" y="${top - 6}" width="${(0.55 * plotWidth).toFixed(1)}" height="${Math.max(1, bars.length) * rowHeight}" fill="#e8f5e9"/>`,
    `<rect x="16" y="38" width="12" height="12" fill="${PASS}"/>`,
    `<text x="32" y="48" ${font()}>first-try pass rate (shaded: 30%-85%)</text>`,
    `<rect x="300" y="38" width="12" height="12" fill="${REVEAL}"/>`,
    `<text x="316" y="48" ${font()}>reveal rate</text>`,
  ];
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    const tx = x(tick);
    body.push(
      `<line x1="${tx}" y1="${top - 6}" x2="${tx}" y2="${height - 34}" stroke="#ddd"/>`,
      `<text x="${tx}" y="${height - 20}" ${font(10)} text-anchor="middle">${tick * 100}%</text>`,
    );
  }
  bars.forEach((bar, index) => {
    const y = top + index * rowHeight;
    body.push(
      `<text x="${labelWidth - 8}" y="${y + 14}" ${font()} text-anchor="end">${escapeXml(bar.label)}</text>`,
      `<rect x="${x(0)}" y="${y}" width="${(bar.firstTryPassRate * plotWidth).toFixed(1)}" height="11" fill="${PASS}"><title>${escapeXml(`${bar.label}: first try ${Math.round(bar.firstTryPassRate * 100)}%`)}</title></rect>`,
      `<rect x="${x(0)}" y="${y + 12}" width="${(bar.revealRate * plotWidth).toFixed(1)}" height="8" fill="${REVEAL}"><title>${escapeXml(`${bar.label}: revealed ${Math.round(bar.revealRate * 100)}%`)}</title></rect>`,
      `<text x="${x(1) + 8}" y="${y + 14}" ${font(10)}>${Math.round(bar.firstTryPassRate * 100)}% / ${Math.round(bar.revealRate * 100)}% (${bar.people})</text>`,
    );
  });
  if (bars.length === 0) {
    body.push(
      `<text x="${labelWidth}" y="${top + 14}" ${font()}>no exercise answered in this range</text>`,
    );
  }
  return svg(width, height, 'Exercise difficulty (worst first)', body);
}

export interface CurvePanel {
  title: string;
  /** Pass rate by attempt number (1-based), with the learners behind each point. */
  points: { attempt: number; passRate: number; learners: number }[];
}

/**
 * Learning curves as small multiples: one panel per skill, its pass rate (0-100%) by attempt
 * number (1 to `attempts`). Points behind fewer than `minLearners` learners are hollow and not
 * joined: they are shown, but not read as a trend.
 */
export function learningCurvesSvg(
  panels: CurvePanel[],
  attempts: number,
  minLearners: number,
): string {
  const columns = 4;
  const panelWidth = 230;
  const panelHeight = 150;
  const plot = { left: 34, right: 12, top: 24, bottom: 26 };
  const top = 64;
  const rows = Math.max(1, Math.ceil(panels.length / columns));
  const width = 16 + columns * panelWidth;
  const height = top + rows * panelHeight + 10;
  const innerWidth = panelWidth - plot.left - plot.right;
  const innerHeight = panelHeight - plot.top - plot.bottom;
  const body: string[] = [
    `<circle cx="22" cy="44" r="4" fill="${PASS}"/>`,
    `<text x="32" y="48" ${font()}>pass rate of the learners' nth answer on the skill</text>`,
    `<circle cx="372" cy="44" r="4" fill="#ffffff" stroke="${PASS}" stroke-width="1.5"/>`,
    `<text x="382" y="48" ${font()}>fewer than ${minLearners} learners</text>`,
  ];
  panels.forEach((panel, index) => {
    const x0 = 16 + (index % columns) * panelWidth;
    const y0 = top + Math.floor(index / columns) * panelHeight;
    const x = (attempt: number) =>
      x0 + plot.left + ((attempt - 1) / Math.max(1, attempts - 1)) * innerWidth;
    const y = (share: number) => y0 + plot.top + (1 - share) * innerHeight;
    // About 30 characters fit a panel's width; the full title is in every point's tooltip.
    const title = panel.title.length > 30 ? `${panel.title.slice(0, 29)}…` : panel.title;
    body.push(
      `<text x="${x0 + 4}" y="${y0 + 14}" ${font()} font-weight="600">${escapeXml(title)}</text>`,
    );
    for (const share of [0, 0.5, 1]) {
      body.push(
        `<line x1="${x(1)}" y1="${y(share)}" x2="${x(attempts)}" y2="${y(share)}" stroke="#ddd"/>`,
        `<text x="${x(1) - 4}" y="${y(share) + 4}" ${font(10)} text-anchor="end">${share * 100}%</text>`,
      );
    }
    for (const attempt of [1, Math.ceil(attempts / 2), attempts]) {
      body.push(
        `<text x="${x(attempt)}" y="${y(0) + 14}" ${font(10)} text-anchor="middle">${attempt}</text>`,
      );
    }
    const trusted = panel.points.filter((point) => point.learners >= minLearners);
    if (trusted.length > 1) {
      const path = trusted
        .map((point) => `${x(point.attempt).toFixed(1)},${y(point.passRate).toFixed(1)}`)
        .join(' ');
      body.push(`<polyline points="${path}" fill="none" stroke="${PASS}" stroke-width="2"/>`);
    }
    for (const point of panel.points) {
      const solid = point.learners >= minLearners;
      const learners = point.learners === 1 ? '1 learner' : `${point.learners} learners`;
      const words = `${panel.title}: answer ${point.attempt}, ${Math.round(point.passRate * 100)}% of ${learners}`;
      body.push(
        `<circle cx="${x(point.attempt).toFixed(1)}" cy="${y(point.passRate).toFixed(1)}" r="3.5" fill="${solid ? PASS : '#ffffff'}" stroke="${PASS}" stroke-width="1.5"><title>${escapeXml(words)}</title></circle>`,
      );
    }
    if (panel.points.length === 0) {
      body.push(
        `<text x="${x0 + plot.left + innerWidth / 2}" y="${y(0.5) - 6}" ${font(11)} fill="#777" text-anchor="middle">no answers</text>`,
      );
    }
  });
  return svg(width, height, 'Learning curves: pass rate by attempt number, per skill', body);
}
