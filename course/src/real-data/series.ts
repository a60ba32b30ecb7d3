import type { Candle } from '@chart-kit/core';
import type { RealSession } from './parse-real-bars.js';

/** Each symbol's sessions joined in day order: the series the course's rules are measured on. */
export function realSeriesBySymbol(sessions: readonly RealSession[]): Candle[][] {
  const bySymbol = new Map<string, Candle[]>();
  for (const session of [...sessions].sort((a, b) => a.id.localeCompare(b.id))) {
    let series = bySymbol.get(session.symbol);
    if (!series) bySymbol.set(session.symbol, (series = []));
    series.push(...session.candles);
  }
  return [...bySymbol.values()];
}
