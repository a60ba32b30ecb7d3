/**
 * What the About the data page says about the real bars the course measures its rules on
 * (course/data/real-bars: its README, manifest and licences). A test holds these numbers to the
 * manifest and to the measured rates, so the page cannot drift from the data.
 */

export interface DataSource {
  /** The manifest's name for the source. */
  key: string;
  repository: string;
  url: string;
  author: string;
  licence: string;
  licenceUrl: string;
  notice: string;
  symbols: number;
  what: string;
}

export const DATA_SOURCES: readonly DataSource[] = [
  {
    key: 'blaizard-market-data',
    repository: 'blaizard/market-data',
    url: 'https://github.com/blaizard/market-data',
    author: 'Blaise',
    licence: 'MIT License',
    licenceUrl: 'https://opensource.org/license/mit',
    notice: 'Copyright (c) 2025 Blaise',
    symbols: 17,
    what:
      'The 1-minute bars of 2024 of the 17 symbols whose files the repository holds in full: ' +
      'mostly high-priced, thinly traded members of the S&P 500.',
  },
  {
    key: 'QuantConnect-Lean',
    repository: 'QuantConnect/Lean',
    url: 'https://github.com/QuantConnect/Lean',
    author: 'QuantConnect Corporation',
    licence: 'Apache License 2.0',
    licenceUrl: 'https://www.apache.org/licenses/LICENSE-2.0',
    notice: 'Copyright QuantConnect Corporation',
    symbols: 10,
    what:
      'Every minute trade file of its sample data: a few sessions each of 10 liquid US stocks ' +
      'and ETFs (among them SPY, AAPL, BAC and IBM), from 2008 to 2023.',
  },
];

/** The whole sample, as the manifest counts it. */
export const SAMPLE = {
  symbols: 27,
  sessions: 2294,
  bars: 177_708,
  emptyBars: 15_261,
  sessionsLeftOut: 1657,
  /** A session with more than this share of empty bars is left out. */
  maxEmptyShare: 0.2,
} as const;
