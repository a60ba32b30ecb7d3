import {
  isFullTradingDay,
  isNyseEarlyClose,
  isNyseHoliday,
  nextFullTradingDay,
  nyseEarlyCloses,
  nyseHolidays,
} from './exchange-calendar.js';

const dayOf = (year: number, month: number, day: number) =>
  Date.UTC(year, month - 1, day) / 86_400_000;
const isoOf = (dayNumber: number) => new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);

describe('the exchange calendar', () => {
  // The exchange's published holiday lists.
  it.each([
    [
      2020,
      [
        '2020-01-01',
        '2020-01-20',
        '2020-02-17',
        '2020-04-10',
        '2020-05-25',
        '2020-07-03',
        '2020-09-07',
        '2020-11-26',
        '2020-12-25',
      ],
    ],
    [
      2022,
      [
        '2022-01-17',
        '2022-02-21',
        '2022-04-15',
        '2022-05-30',
        '2022-06-20',
        '2022-07-04',
        '2022-09-05',
        '2022-11-24',
        '2022-12-26',
      ],
    ],
    [
      2024,
      [
        '2024-01-01',
        '2024-01-15',
        '2024-02-19',
        '2024-03-29',
        '2024-05-27',
        '2024-06-19',
        '2024-07-04',
        '2024-09-02',
        '2024-11-28',
        '2024-12-25',
      ],
    ],
    [
      2027,
      [
        '2027-01-01',
        '2027-01-18',
        '2027-02-15',
        '2027-03-26',
        '2027-05-31',
        '2027-06-18',
        '2027-07-05',
        '2027-09-06',
        '2027-11-25',
        '2027-12-24',
      ],
    ],
  ])('names the holidays of %i', (year, expected) => {
    expect(nyseHolidays(year).map(isoOf).sort()).toEqual(expected);
  });

  it.each([
    [2019, ['2019-07-03', '2019-11-29', '2019-12-24']],
    [2020, ['2020-11-27', '2020-12-24']],
    [2024, ['2024-07-03', '2024-11-29', '2024-12-24']],
  ])('names the early closes of %i', (year, expected) => {
    expect(nyseEarlyCloses(year).map(isoOf).sort()).toEqual(expected);
  });

  it('trades full sessions on ordinary weekdays only', () => {
    expect(isFullTradingDay(dayOf(2024, 9, 3))).toBe(true);
    expect(isFullTradingDay(dayOf(2024, 9, 2))).toBe(false); // Labor Day
    expect(isNyseHoliday(dayOf(2024, 9, 2))).toBe(true);
    expect(isFullTradingDay(dayOf(2020, 11, 27))).toBe(false); // closes at 13:00
    expect(isNyseEarlyClose(dayOf(2020, 11, 27))).toBe(true);
    expect(isFullTradingDay(dayOf(2024, 6, 8))).toBe(false); // a Saturday
  });

  it('finds the next full trading day over weekends and holidays', () => {
    // Thanksgiving 2020 (Thursday), its early-close Friday and the weekend: Monday.
    expect(isoOf(nextFullTradingDay(dayOf(2020, 11, 26)))).toBe('2020-11-30');
    // Labor Day weekend 2024.
    expect(isoOf(nextFullTradingDay(dayOf(2024, 8, 31)))).toBe('2024-09-03');
    expect(isoOf(nextFullTradingDay(dayOf(2024, 9, 4)))).toBe('2024-09-04');
  });
});
