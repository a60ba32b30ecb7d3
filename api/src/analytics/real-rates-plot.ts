import type { MeanWithInterval, MeasuredRates, Share } from '@course/rules';
import { escapeXml, font, svg } from './report-plots.js';

const GREEN = '#26a69a';
const GREY = '#9e9e9e';
const RED = '#ef5350';

/**
 * The real-rates report as one picture: stacked outcome bars (zone reactions; the trades the
 * course takes), then each check's expectancy when passed and when failed with its 95% interval.
 */
export function realRatesSvg(rates: MeasuredRates): string {
  const labelWidth = 250;
  const plotWidth = 460;
  const width = labelWidth + plotWidth + 40;
  const body: string[] = [];
  let y = 60;
  const stacked = (label: string, parts: { name: string; share: Share; colour: string }[]) => {
    body.push(
      `<text x="${labelWidth - 8}" y="${y + 15}" ${font()} text-anchor="end">${escapeXml(label)}</text>`,
    );
    let x = labelWidth;
    for (const part of parts) {
      const w = part.share.share * plotWidth;
      body.push(
        `<rect x="${x.toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="22" fill="${part.colour}"><title>${escapeXml(`${part.name}: ${(100 * part.share.share).toFixed(1)}%`)}</title></rect>`,
      );
      if (w > 60) {
        body.push(
          `<text x="${(x + 6).toFixed(1)}" y="${y + 15}" ${font(11)} fill="#ffffff">${escapeXml(`${part.name} ${Math.round(100 * part.share.share)}%`)}</text>`,
        );
      }
      x += w;
    }
    y += 34;
  };
  stacked(`zone reactions (n=${rates.reactions.n})`, [
    { name: 'strong', share: rates.reactions.strong, colour: GREEN },
    { name: 'weak', share: rates.reactions.weak, colour: GREY },
    { name: 'break', share: rates.reactions.break, colour: RED },
  ]);
  stacked(`trades the course takes (n=${rates.takenTrades.n})`, [
    { name: 'target', share: rates.takenTrades.target, colour: GREEN },
    { name: 'closed at the close', share: rates.takenTrades.sessionClose, colour: GREY },
    { name: 'stopped', share: rates.takenTrades.stop, colour: RED },
  ]);

  y += 24;
  body.push(
    `<text x="16" y="${y}" ${font(13)} font-weight="600">Expectancy per trade before costs, R, with its 95% interval</text>`,
  );
  y += 16;
  const rows: { label: string; mean: MeanWithInterval }[] = [
    { label: 'trades the course takes', mean: rates.takenTrades.expectancyR },
    ...rates.splits.flatMap((split) => [
      { label: split.passLabel, mean: split.pass.expectancyR },
      { label: split.failLabel, mean: split.fail.expectancyR },
    ]),
  ];
  const extent = Math.max(
    1,
    ...rows.map((row) => Math.max(Math.abs(row.mean.low), Math.abs(row.mean.high))),
  );
  const x = (value: number) => labelWidth + ((value + extent) / (2 * extent)) * plotWidth;
  const top = y;
  const rowHeight = 24;
  const bottom = top + rows.length * rowHeight;
  body.push(`<line x1="${x(0)}" y1="${top}" x2="${x(0)}" y2="${bottom}" stroke="#333"/>`);
  for (const tick of [-extent, -extent / 2, extent / 2, extent]) {
    body.push(
      `<line x1="${x(tick)}" y1="${top}" x2="${x(tick)}" y2="${bottom}" stroke="#e0e0e0"/>`,
      `<text x="${x(tick)}" y="${bottom + 14}" ${font(10)} text-anchor="middle">${tick.toFixed(1)}R</text>`,
    );
  }
  body.push(`<text x="${x(0)}" y="${bottom + 14}" ${font(10)} text-anchor="middle">0</text>`);
  rows.forEach((row, index) => {
    const cy = top + index * rowHeight + 12;
    const colour = row.mean.mean >= 0 ? GREEN : RED;
    body.push(
      `<text x="${labelWidth - 8}" y="${cy + 4}" ${font(11)} text-anchor="end">${escapeXml(`${row.label} (n=${row.mean.n})`)}</text>`,
      `<line x1="${x(row.mean.low).toFixed(1)}" y1="${cy}" x2="${x(row.mean.high).toFixed(1)}" y2="${cy}" stroke="${colour}" stroke-width="2"/>`,
      `<circle cx="${x(row.mean.mean).toFixed(1)}" cy="${cy}" r="4" fill="${colour}"><title>${escapeXml(`${row.label}: ${row.mean.mean.toFixed(2)}R (${row.mean.low.toFixed(2)} to ${row.mean.high.toFixed(2)})`)}</title></circle>`,
    );
  });
  return svg(width, bottom + 36, "The course's rules on real charts", body);
}
