/**
 * The New York Stock Exchange's trading calendar, by its published rules: weekends, the full-day
 * holidays and the early-close days (13:00). Dates are day numbers (days since 1970-01-01 naming
 * a calendar date). The rules are those in force since 2022 (Juneteenth); earlier years follow the
 * same rules without it. One-off closures (national days of mourning, storms) are not included.
 */

const MILLISECONDS_PER_DAY = 86_400_000;
const SATURDAY = 6;
const SUNDAY = 0;
const FIRST_JUNETEENTH_YEAR = 2022;

function dayOf(year: number, month: number, day: number): number {
  return Date.UTC(year, month, day) / MILLISECONDS_PER_DAY;
}

function weekdayOf(dayNumber: number): number {
  return new Date(dayNumber * MILLISECONDS_PER_DAY).getUTCDay();
}

/** The `nth` (1-based) given weekday of a month; nth = -1 is the last one. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): number {
  if (nth > 0) {
    const first = dayOf(year, month, 1);
    return first + ((weekday - weekdayOf(first) + 7) % 7) + 7 * (nth - 1);
  }
  const last = dayOf(year, month + 1, 0);
  return last - ((weekdayOf(last) - weekday + 7) % 7);
}

/** Easter Sunday (Gregorian), by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayOf(year, month - 1, day);
}

/** A fixed-date holiday on a weekend is observed on the Friday before or the Monday after. */
function observed(dayNumber: number): number {
  const weekday = weekdayOf(dayNumber);
  if (weekday === SATURDAY) return dayNumber - 1;
  if (weekday === SUNDAY) return dayNumber + 1;
  return dayNumber;
}

/** The exchange's full-day holidays of one year, as day numbers. */
export function nyseHolidays(year: number): number[] {
  const newYear = dayOf(year, 0, 1);
  const holidays = [
    // New Year's Day on a Saturday is not observed on the Friday before (the year-end close).
    weekdayOf(newYear) === SATURDAY ? undefined : observed(newYear),
    nthWeekday(year, 0, 1, 3), // Martin Luther King Jr. Day: third Monday of January
    nthWeekday(year, 1, 1, 3), // Washington's Birthday: third Monday of February
    easterSunday(year) - 2, // Good Friday
    nthWeekday(year, 4, 1, -1), // Memorial Day: last Monday of May
    year >= FIRST_JUNETEENTH_YEAR ? observed(dayOf(year, 5, 19)) : undefined,
    observed(dayOf(year, 6, 4)), // Independence Day
    nthWeekday(year, 8, 1, 1), // Labor Day: first Monday of September
    nthWeekday(year, 10, 4, 4), // Thanksgiving: fourth Thursday of November
    observed(dayOf(year, 11, 25)), // Christmas
  ];
  return holidays.filter((day): day is number => day !== undefined);
}

/** The exchange's early-close days (13:00) of one year, as day numbers. */
export function nyseEarlyCloses(year: number): number[] {
  const closes: number[] = [];
  const julyThird = dayOf(year, 6, 3);
  // The day before Independence Day, when both are trading weekdays.
  if (weekdayOf(julyThird) >= 1 && weekdayOf(julyThird) <= 4) closes.push(julyThird);
  closes.push(nthWeekday(year, 10, 4, 4) + 1); // the Friday after Thanksgiving
  const christmasEve = dayOf(year, 11, 24);
  if (weekdayOf(christmasEve) >= 1 && weekdayOf(christmasEve) <= 4) closes.push(christmasEve);
  return closes;
}

const yearCache = new Map<number, { holidays: Set<number>; earlyCloses: Set<number> }>();

function calendarOf(year: number): { holidays: Set<number>; earlyCloses: Set<number> } {
  let calendar = yearCache.get(year);
  if (!calendar) {
    calendar = {
      holidays: new Set(nyseHolidays(year)),
      earlyCloses: new Set(nyseEarlyCloses(year)),
    };
    yearCache.set(year, calendar);
  }
  return calendar;
}

function yearOf(dayNumber: number): number {
  return new Date(dayNumber * MILLISECONDS_PER_DAY).getUTCFullYear();
}

export function isNyseHoliday(dayNumber: number): boolean {
  return calendarOf(yearOf(dayNumber)).holidays.has(dayNumber);
}

export function isNyseEarlyClose(dayNumber: number): boolean {
  return calendarOf(yearOf(dayNumber)).earlyCloses.has(dayNumber);
}

/** A weekday on which the exchange trades a full session (09:30 to 16:00). */
export function isFullTradingDay(dayNumber: number): boolean {
  const weekday = weekdayOf(dayNumber);
  if (weekday === SATURDAY || weekday === SUNDAY) return false;
  return !isNyseHoliday(dayNumber) && !isNyseEarlyClose(dayNumber);
}

/** The first full trading day on or after `dayNumber`. */
export function nextFullTradingDay(dayNumber: number): number {
  let day = dayNumber;
  while (!isFullTradingDay(day)) day++;
  return day;
}
