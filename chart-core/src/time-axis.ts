import { bisectLeft } from 'd3-array';
import { createIndexScale, type IndexViewport, type PixelRange } from './scales.js';

export interface TimeFormatOptions {
  /** IANA time zone the labels are written in, e.g. 'America/New_York'. Default 'UTC'. */
  timeZone?: string;
}

export interface TimeAxisOptions extends TimeFormatOptions {
  /**
   * Smallest gap between two labels' anchors, in pixels. Default 80 (room for "Mar 14"), or 56
   * on a plot narrower than {@link NARROW_PLOT_PX}, so a phone's axis still has several labels.
   */
  minLabelSpacingPx?: number;
}

/** Advance of one glyph of the axis font (monospace, 11 px): what a label's width is reckoned by. */
export const AXIS_LABEL_CHAR_PX = 7;
/** Plots narrower than this space their time labels closer. */
export const NARROW_PLOT_PX = 480;
/** Space kept between two time labels, beyond their half widths. */
const LABEL_GAP_PX = 12;

/** One label on the time axis, anchored at a candle. */
export interface TimeTick {
  index: number;
  time: number;
  /** x pixel of the candle's centre in the given range. */
  x: number;
  label: string;
  /**
   * 'day' when labelled with its date: the first candle of a day, or the first label of a view
   * inside one day ("Mar 4 10:30"); 'time' otherwise.
   */
  kind: 'day' | 'time';
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;
const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/**
 * Label for a candle on the time axis: "09:35" within a day, the date ("Mar 4") on the first candle
 * of a day, and the date with its year ("Jan 2, 2025") on the first candle of a year. Pass the
 * previous candle's time to detect those boundaries; without it the label is a date.
 */
export function formatTimeLabel(
  time: number,
  previousTime?: number,
  options: TimeFormatOptions = {},
): string {
  const timeZone = options.timeZone ?? 'UTC';
  const local = localFields(time, timeZone);
  const previous = previousTime === undefined ? undefined : localFields(previousTime, timeZone);
  if (previous?.dayNumber === local.dayNumber) return `${pad2(local.hour)}:${pad2(local.minute)}`;
  const date = `${monthName(local.month)} ${local.day}`;
  const yearChanged = previous === undefined ? false : previous.year !== local.year;
  return yearChanged ? `${date}, ${local.year}` : date;
}

/** Full date and time for a crosshair readout: "Mon Mar 4, 2024 09:35". */
export function formatCrosshairTime(time: number, options: TimeFormatOptions = {}): string {
  const local = localFields(time, options.timeZone ?? 'UTC');
  const weekday = WEEKDAY_NAMES[local.weekday] ?? '';
  return `${weekday} ${monthName(local.month)} ${local.day}, ${local.year} ${pad2(local.hour)}:${pad2(local.minute)}`;
}

/**
 * Labels for the visible part of the time axis, at round local times (every 15 minutes, hour,
 * 4 hours, day, month, ... whichever keeps labels `minLabelSpacingPx` apart at the current zoom).
 * `times` are the candles' times, ascending. Work is proportional to the number of labels, not of
 * candles, so it stays cheap with a million candles in view.
 */
export function timeAxisTicks(
  times: ArrayLike<number>,
  viewport: IndexViewport,
  range: PixelRange,
  options: TimeAxisOptions = {},
): TimeTick[] {
  const timeZone = options.timeZone ?? 'UTC';
  const plotWidth = Math.abs(range[1] - range[0]);
  const minSpacingPx = options.minLabelSpacingPx ?? (plotWidth < NARROW_PLOT_PX ? 56 : 80);
  const indexToX = createIndexScale(viewport, range);
  const first = Math.max(0, Math.ceil(viewport.fromIndex));
  const last = Math.min(times.length - 1, Math.floor(viewport.toIndex));
  const firstTime = times[first];
  const lastTime = times[last];
  if (first > last || firstTime === undefined || lastTime === undefined) return [];

  const pxPerCandle = Math.abs(indexToX(1) - indexToX(0));
  const candlesPerLabel = Math.max(1, minSpacingPx / pxPerCandle);
  const step = chooseStep(typicalCandleSeconds(times, first, last) * candlesPerLabel);

  const ticks: TimeTick[] = [];
  const lastLocal = localSeconds(lastTime, timeZone);
  let searchFrom = first;
  let boundary = alignUp(localSeconds(firstTime, timeZone), step);
  while (boundary <= lastLocal) {
    // The first candle at or after the boundary: after a gap (night, weekend) that is the session's
    // first candle, which is where a trader expects the date.
    const index = bisectLeft(times, utcSeconds(boundary, timeZone), searchFrom, last + 1);
    const time = times[index];
    if (index > last || time === undefined) break;
    const previousTime = index > 0 ? times[index - 1] : undefined;
    const isDay =
      previousTime === undefined ||
      localFields(previousTime, timeZone).dayNumber !== localFields(time, timeZone).dayNumber;
    ticks.push({
      index,
      time,
      x: indexToX(index),
      label: formatTimeLabel(time, previousTime, { timeZone }),
      kind: isDay ? 'day' : 'time',
    });
    searchFrom = index + 1;
    // Continue from the labelled candle, not the boundary, so a long gap costs one step, not many.
    boundary = boundaryAfter(localSeconds(time, timeZone), step);
  }
  return withDateInView(dropCrowded(ticks, minSpacingPx), minSpacingPx, timeZone, range);
}

/**
 * A view inside one session has only clock times, and nothing on the axis says which day it is
 * (a lesson that speaks of "the second day" is then hard to follow): the first label that fits
 * inside the plot with its date ("Mar 4 10:30") gets it. The renderer leaves out labels the
 * plot's edge would cut, so a date on a cut label would never show.
 */
function withDateInView(
  ticks: readonly TimeTick[],
  minSpacingPx: number,
  timeZone: string,
  range: PixelRange,
): TimeTick[] {
  if (ticks.length === 0 || ticks.some((tick) => tick.kind === 'day')) return [...ticks];
  const left = Math.min(range[0], range[1]);
  const right = Math.max(range[0], range[1]);
  const dated = ticks.map((tick) => {
    const local = localFields(tick.time, timeZone);
    return `${monthName(local.month)} ${local.day} ${pad2(local.hour)}:${pad2(local.minute)}`;
  });
  const chosen = ticks.findIndex((tick, index) => {
    const halfWidth = ((dated[index] ?? '').length * AXIS_LABEL_CHAR_PX) / 2;
    return tick.x - halfWidth >= left && tick.x + halfWidth <= right;
  });
  if (chosen < 0) return [...ticks];
  const relabeled = ticks.map((tick, index): TimeTick =>
    index === chosen ? { ...tick, label: dated[index] ?? tick.label, kind: 'day' } : tick,
  );
  return dropCrowded(relabeled, minSpacingPx);
}

/** Seconds between neighbouring candles, from the smallest gap so that nights do not inflate it. */
function typicalCandleSeconds(times: ArrayLike<number>, first: number, last: number): number {
  const SAMPLE = 64;
  let smallest = Number.POSITIVE_INFINITY;
  for (let index = first + 1; index <= Math.min(last, first + SAMPLE); index++) {
    const gap = (times[index] ?? 0) - (times[index - 1] ?? 0);
    if (gap > 0 && gap < smallest) smallest = gap;
  }
  return Number.isFinite(smallest) ? smallest : 5 * MINUTE;
}

type Step = { kind: 'seconds'; seconds: number } | { kind: 'months'; months: number };

const SECOND_STEPS = [
  MINUTE,
  5 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  4 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  WEEK,
];
const MONTH_STEPS = [1, 3, 6, 12, 24, 60, 120, 240, 600, 1200];
const AVERAGE_MONTH = 30.44 * DAY;

function chooseStep(minSeconds: number): Step {
  const seconds = SECOND_STEPS.find((candidate) => candidate >= minSeconds);
  if (seconds !== undefined) return { kind: 'seconds', seconds };
  const months = MONTH_STEPS.find((candidate) => candidate * AVERAGE_MONTH >= minSeconds);
  return { kind: 'months', months: months ?? Math.ceil(minSeconds / AVERAGE_MONTH) };
}

/** The first round local time (in local seconds) at or after `local`. */
function alignUp(local: number, step: Step): number {
  if (step.kind === 'seconds') {
    // Weeks start on Monday; the unix epoch was a Thursday, three days after one.
    const origin = step.seconds === WEEK ? -3 * DAY : 0;
    return Math.ceil((local - origin) / step.seconds) * step.seconds + origin;
  }
  const date = new Date(local * 1000);
  const month =
    Math.ceil((date.getUTCFullYear() * 12 + date.getUTCMonth()) / step.months) * step.months;
  const boundary = monthStart(month);
  return boundary >= local ? boundary : monthStart(month + step.months);
}

/** The first round local time strictly after `local`. */
function boundaryAfter(local: number, step: Step): number {
  const boundary = alignUp(local, step);
  // Every step is at least a minute long, so one second on lands inside the next step.
  return boundary > local ? boundary : alignUp(local + 1, step);
}

function monthStart(monthsSinceYearZero: number): number {
  return Date.UTC(Math.floor(monthsSinceYearZero / 12), monthsSinceYearZero % 12, 1) / 1000;
}

/**
 * Keeps labels at least `minSpacingPx` apart, and far enough apart for their widths, preferring a
 * date over a clock time.
 */
function dropCrowded(ticks: readonly TimeTick[], minSpacingPx: number): TimeTick[] {
  const kept: TimeTick[] = [];
  const apart = (a: TimeTick, b: TimeTick) =>
    Math.abs(a.x - b.x) >=
    Math.max(
      minSpacingPx,
      ((a.label.length + b.label.length) * AXIS_LABEL_CHAR_PX) / 2 + LABEL_GAP_PX,
    );
  for (const tick of ticks) {
    const previous = kept[kept.length - 1];
    if (previous === undefined || apart(tick, previous)) {
      kept.push(tick);
    } else if (tick.kind === 'day' && previous.kind === 'time') {
      kept.pop();
      const beforePrevious = kept[kept.length - 1];
      if (beforePrevious === undefined || apart(tick, beforePrevious)) {
        kept.push(tick);
      }
    }
  }
  return kept;
}

interface LocalFields {
  year: number;
  /** 0 = January. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday. */
  weekday: number;
  /** Whole local days since 1970-01-01, to compare dates cheaply. */
  dayNumber: number;
}

function localFields(time: number, timeZone: string): LocalFields {
  const local = localSeconds(time, timeZone);
  const date = new Date(local * 1000);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth(),
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    weekday: date.getUTCDay(),
    dayNumber: Math.floor(local / DAY),
  };
}

/** Wall-clock time in `timeZone`, written as if it were UTC seconds (so Date's UTC getters read it). */
function localSeconds(time: number, timeZone: string): number {
  return time + offsetSeconds(time, timeZone);
}

/** Inverse of localSeconds; in a DST gap or overlap it picks one of the two candidates. */
function utcSeconds(local: number, timeZone: string): number {
  const guess = local - offsetSeconds(local, timeZone);
  return local - offsetSeconds(guess, timeZone);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, number>();
/** Per zone and UTC day: the day's one offset, or null for a day with a change of offset in it. */
const dayOffsetCache = new Map<string, number | null>();
const OFFSET_CACHE_LIMIT = 50_000;
// Time zone offsets change only at quarter-hour boundaries, so one lookup serves 15 minutes.
const OFFSET_GRANULARITY = 15 * MINUTE;

/**
 * Offset of `timeZone` from UTC at `time`, in seconds (e.g. -14400 for New York in summer). A
 * zone changes its offset at most once a day, so a day whose first and last quarter-hours have
 * the same offset has it throughout: two lookups serve the day, and only the few days of a change
 * are looked up quarter-hour by quarter-hour (each lookup costs tens of microseconds of Intl).
 */
function offsetSeconds(time: number, timeZone: string): number {
  if (timeZone === 'UTC') return 0;
  const day = Math.floor(time / DAY);
  const dayKey = `${timeZone}|${day}`;
  let dayOffset = dayOffsetCache.get(dayKey);
  if (dayOffset === undefined) {
    const first = slotOffset(day * DAY, timeZone);
    const last = slotOffset((day + 1) * DAY - OFFSET_GRANULARITY, timeZone);
    dayOffset = first === last ? first : null;
    if (dayOffsetCache.size >= OFFSET_CACHE_LIMIT) dayOffsetCache.clear();
    dayOffsetCache.set(dayKey, dayOffset);
  }
  return dayOffset ?? slotOffset(time, timeZone);
}

/** The offset of `timeZone` in the quarter-hour holding `time`, looked up once per quarter-hour. */
function slotOffset(time: number, timeZone: string): number {
  const slot = Math.floor(time / OFFSET_GRANULARITY);
  const key = `${timeZone}|${slot}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;

  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    // Throws a RangeError naming the zone when it is unknown, which is the message callers need.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  const slotStart = slot * OFFSET_GRANULARITY;
  const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  const parts = formatter.formatToParts(slotStart * 1000);
  const wallClock =
    Date.UTC(
      part(parts, 'year'),
      part(parts, 'month') - 1,
      part(parts, 'day'),
      part(parts, 'hour'),
      part(parts, 'minute'),
      part(parts, 'second'),
    ) / 1000;
  const offset = wallClock - slotStart;
  if (offsetCache.size >= OFFSET_CACHE_LIMIT) offsetCache.clear();
  offsetCache.set(key, offset);
  return offset;
}

function monthName(month: number): string {
  return MONTH_NAMES[month] ?? '';
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
