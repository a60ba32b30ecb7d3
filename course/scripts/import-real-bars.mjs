/**
 * Builds the course's real 5-minute bars (course/data/real-bars) from local copies of their public
 * sources. Run by hand when the sample changes:
 *
 *   node course/scripts/import-real-bars.mjs --blaizard <clone of blaizard/market-data> \
 *     --lean <clone of QuantConnect/Lean> [--out course/data/real-bars]
 *
 * What it does, so that the result can be checked against the sources:
 * - keeps the regular session only: bars starting 09:30 to 15:59 New York time (12:59 on the
 *   exchange's early-close days);
 * - folds the 16:00 minute (the closing auction's print, reported after the bell) into the last
 *   bar, as most charting platforms show it;
 * - aggregates 1-minute bars into 5-minute bars aligned on 09:30 (open of the first minute, high,
 *   low, close of the last, summed volume);
 * - a 5-minute bar with no trade is written flat at the last price with volume 0 (at the first
 *   trade's open before the session's first trade) and counted as empty in the manifest;
 * - a session with more than {@link MAX_EMPTY_SHARE} empty bars is left out (too thin to read),
 *   and counted too.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
const BAR_SECONDS = 300;
// Thin names leave minutes without a trade; a session with more empty 5-minute bars than this is
// not a chart a day trader would trade. 0.2 keeps 2,254 of the 2024 sessions with 8.7% empty bars.
const MAX_EMPTY_SHARE = Number(argument('max-empty') ?? 0.2);
const newYorkParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** New York calendar date (YYYY-MM-DD) and minute of the day of a unix time. */
function newYorkClock(unixSeconds) {
  const parts = Object.fromEntries(
    newYorkParts.formatToParts(new Date(unixSeconds * 1000)).map((part) => [part.type, part.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}
/** The exchange's 13:00 closes: July 3rd, the Friday after Thanksgiving, Christmas Eve. */
function closesEarly(day) {
  const [year, month, date] = day.split('-').map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  if (month === 7 && date === 3) return weekday >= 1 && weekday <= 4;
  if (month === 12 && date === 24) return weekday >= 1 && weekday <= 4;
  if (month === 11 && weekday === 5) {
    const thanksgiving = date - 1;
    // The fourth Thursday falls on the 22nd to the 28th.
    return thanksgiving >= 22 && thanksgiving <= 28;
  }
  return false;
}
const OPEN_MINUTE = 9 * 60 + 30;
function aggregateSessions(minutes) {
  const byDay = new Map();
  for (const bar of minutes) {
    const { day } = newYorkClock(bar.time);
    let list = byDay.get(day);
    if (!list) byDay.set(day, (list = []));
    list.push(bar);
  }
  const rows = [];
  const days = [];
  let bars = 0;
  let emptyBars = 0;
  let sessionsLeftOut = 0;
  for (const [day, dayBars] of [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const closeMinute = closesEarly(day) ? 13 * 60 : 16 * 60;
    const slots = (closeMinute - OPEN_MINUTE) / 5;
    const buckets = Array.from({ length: slots }, () => []);
    let openTime = null;
    for (const bar of dayBars.sort((a, b) => a.time - b.time)) {
      const { minute } = newYorkClock(bar.time);
      if (minute < OPEN_MINUTE || minute > closeMinute) continue;
      openTime ??= bar.time - (minute - OPEN_MINUTE) * 60;
      // The closing auction's print at the bell belongs to the session's last bar.
      const slot = minute === closeMinute ? slots - 1 : Math.floor((minute - OPEN_MINUTE) / 5);
      buckets[slot]?.push(bar);
    }
    if (openTime === null) continue;
    const empty = buckets.filter((bucket) => bucket.length === 0).length;
    if (empty > MAX_EMPTY_SHARE * slots) {
      sessionsLeftOut++;
      continue;
    }
    const firstTrade = buckets.find((bucket) => bucket.length > 0)?.[0];
    if (!firstTrade) continue;
    let last = firstTrade.open;
    const sessionRows = [];
    buckets.forEach((bucket, slot) => {
      const time = openTime + slot * BAR_SECONDS;
      if (bucket.length === 0) {
        sessionRows.push(`${time},${last},${last},${last},${last},0`);
        return;
      }
      const open = bucket[0].open;
      const close = bucket.at(-1).close;
      const high = Math.max(...bucket.map((bar) => bar.high));
      const low = Math.min(...bucket.map((bar) => bar.low));
      const volume = bucket.reduce((sum, bar) => sum + bar.volume, 0);
      sessionRows.push(`${time},${open},${high},${low},${close},${volume}`);
      last = close;
    });
    rows.push(...sessionRows);
    days.push(day);
    bars += slots;
    emptyBars += empty;
  }
  return { rows, sessions: days.length, bars, emptyBars, sessionsLeftOut, days };
}
function readBlaizard(file) {
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  const header = lines[0]?.split(';') ?? [];
  const column = (name) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`${file}: no "${name}" column`);
    return index;
  };
  const [time, open, high, low, close, volume] = [
    'timestamp',
    'open',
    'high',
    'low',
    'close',
    'volume',
  ].map(column);
  return lines.slice(1).map((line) => {
    const cells = line.split(';');
    return {
      time: Number(cells[time]) / 1000,
      open: Number(cells[open]),
      high: Number(cells[high]),
      low: Number(cells[low]),
      close: Number(cells[close]),
      volume: Number(cells[volume]),
    };
  });
}
/** Lean's minute trade files: milliseconds since midnight New York time, prices in 1/10,000. */
function readLeanDay(zipFile, day) {
  const text = execFileSync('unzip', ['-p', zipFile], { encoding: 'utf8' });
  // Midnight New York time of that day, from noon UTC's offset (no clock change near noon).
  const [year, month, date] = day.split('-').map(Number);
  const noonUtc = Date.UTC(year, month - 1, date, 12) / 1000;
  const noonNewYork = newYorkClock(noonUtc).minute;
  const midnight = noonUtc - noonNewYork * 60;
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [ms, open, high, low, close, volume] = line.split(',').map(Number);
      return {
        time: midnight + ms / 1000,
        open: open / 10_000,
        high: high / 10_000,
        low: low / 10_000,
        close: close / 10_000,
        volume: volume,
      };
    });
}
function writeSymbol(out, source, folder, symbol, minutes) {
  const { rows, sessions, bars, emptyBars, sessionsLeftOut, days } = aggregateSessions(minutes);
  const body = ['time,open,high,low,close,volume', ...rows].join('\n') + '\n';
  const gz = gzipSync(body, { level: 9 });
  const file = `${folder}/${symbol}.csv.gz`;
  mkdirSync(join(out, folder), { recursive: true });
  writeFileSync(join(out, file), gz);
  return {
    symbol,
    source,
    file,
    sessions,
    bars,
    emptyBars,
    sessionsLeftOut,
    firstDay: days[0] ?? '',
    lastDay: days.at(-1) ?? '',
    sha256: createHash('sha256').update(gz).digest('hex'),
  };
}
function argument(name) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}
const out = argument('out') ?? 'course/data/real-bars';
const results = [];
const blaizard = argument('blaizard');
if (blaizard) {
  const root = join(blaizard, 'stocks/ohlc/usd/1min');
  for (const symbol of readdirSync(root).sort()) {
    const minutes = readBlaizard(join(root, symbol, '2024.csv'));
    results.push(writeSymbol(out, 'blaizard-market-data', 'blaizard', symbol, minutes));
  }
}
const lean = argument('lean');
if (lean) {
  const root = join(lean, 'Data/equity/usa/minute');
  for (const folder of readdirSync(root).sort()) {
    const minutes = [];
    for (const zip of readdirSync(join(root, folder)).filter((name) =>
      name.endsWith('_trade.zip'),
    )) {
      const stamp = zip.slice(0, 8);
      const day = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}`;
      minutes.push(...readLeanDay(join(root, folder, zip), day));
    }
    results.push(writeSymbol(out, 'QuantConnect-Lean', 'lean', folder.toUpperCase(), minutes));
  }
}
const manifest = {
  format: 'time,open,high,low,close,volume; time in unix seconds of the bar start; gzip',
  barSeconds: BAR_SECONDS,
  maxEmptyShare: MAX_EMPTY_SHARE,
  symbols: results,
};
writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
for (const result of results) {
  console.log(
    `${result.source.padEnd(22)} ${result.symbol.padEnd(5)} sessions ${String(result.sessions).padStart(3)}` +
      ` left out ${String(result.sessionsLeftOut).padStart(3)} bars ${result.bars} empty ${result.emptyBars}` +
      ` (${((100 * result.emptyBars) / Math.max(1, result.bars)).toFixed(1)}%)`,
  );
}
