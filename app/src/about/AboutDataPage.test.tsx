import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { REAL_RATES } from '@course/rules';
import { AboutDataPage } from './AboutDataPage.js';
import { DATA_SOURCES, SAMPLE } from './data-facts.js';

const REAL_BARS = new URL('../../../course/data/real-bars/', import.meta.url);

interface ManifestEntry {
  symbol: string;
  source: string;
  sessions: number;
  bars: number;
  emptyBars: number;
  sessionsLeftOut: number;
}

const manifest = JSON.parse(
  readFileSync(fileURLToPath(new URL('manifest.json', REAL_BARS)), 'utf8'),
) as { maxEmptyShare: number; symbols: ManifestEntry[] };

const total = (field: 'sessions' | 'bars' | 'emptyBars' | 'sessionsLeftOut') =>
  manifest.symbols.reduce((sum, entry) => sum + entry[field], 0);

describe('the facts about the data', () => {
  it('are the manifest’s counts and the sample the rates were measured on', () => {
    expect(SAMPLE).toEqual({
      symbols: manifest.symbols.length,
      sessions: total('sessions'),
      bars: total('bars'),
      emptyBars: total('emptyBars'),
      sessionsLeftOut: total('sessionsLeftOut'),
      maxEmptyShare: manifest.maxEmptyShare,
    });
    expect([REAL_RATES.series, REAL_RATES.sessions, REAL_RATES.candles]).toEqual([
      SAMPLE.symbols,
      SAMPLE.sessions,
      SAMPLE.bars,
    ]);
  });

  it('name every source of the manifest, with its symbols and its licence notice', () => {
    const sources = [...new Set(manifest.symbols.map((entry) => entry.source))].sort();
    expect(DATA_SOURCES.map((source) => source.key).sort()).toEqual(sources);
    for (const source of DATA_SOURCES) {
      const symbols = manifest.symbols.filter((entry) => entry.source === source.key);
      expect([source.key, source.symbols]).toEqual([source.key, symbols.length]);
    }
    const mit = readFileSync(
      fileURLToPath(new URL('LICENSE.blaizard-market-data', REAL_BARS)),
      'utf8',
    );
    expect(mit).toContain(DATA_SOURCES[0]?.notice);
    const apache = readFileSync(
      fileURLToPath(new URL('LICENSE.QuantConnect-Lean', REAL_BARS)),
      'utf8',
    );
    expect(apache).toContain('Apache License');
  });
});

describe('AboutDataPage', () => {
  it('says where the bars come from, under which licence, and what was done to them', () => {
    render(
      <MemoryRouter initialEntries={['/about-data']}>
        <AboutDataPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'About the data' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'blaizard/market-data' }).getAttribute('href')).toBe(
      'https://github.com/blaizard/market-data',
    );
    expect(screen.getByRole('link', { name: 'QuantConnect/Lean' }).getAttribute('href')).toBe(
      'https://github.com/QuantConnect/Lean',
    );
    expect(screen.getByRole('link', { name: 'MIT License' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Apache License 2.0' })).toBeDefined();
    expect(screen.getByText('Copyright (c) 2025 Blaise')).toBeDefined();
    expect(screen.getByText('QuantConnect Corporation')).toBeDefined();
    expect(document.body.textContent).toContain('There are 15,261 such empty bars, 8.6% of all');
    expect(document.body.textContent).toContain('2,294 regular sessions of 27 symbols');
    expect(
      screen.getByRole('link', { name: 'What Real Charts Say About Zones' }).getAttribute('href'),
    ).toBe('/risk-real-charts');
  });
});
