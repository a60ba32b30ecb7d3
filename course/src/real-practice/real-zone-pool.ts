import type { Candle } from '@chart-kit/core';
import type { ZoneType } from '../zones.js';
import { realZoneItem, type RealZoneItem } from './real-zone-item.js';

/** A real session as the pool reads it (the real-data loader's RealSession fits). */
export interface RealPoolSession {
  id: string;
  symbol: string;
  day: string;
  candles: Candle[];
  emptyBars: number;
}

/**
 * Sessions with more bars in which nothing traded (about one in ten) are left out: rows of flat
 * bars at one price are a thin market, not the liquid one the course teaches on.
 */
export const REAL_MAX_EMPTY_BARS = 8;

/** A real "find a zone" exercise, with the session it comes from (hidden until the answer). */
export interface RealPoolItem extends RealZoneItem {
  sessionId: string;
  symbol: string;
  day: string;
}

/**
 * Every real "find a zone" exercise the sample makes: for each session whose previous session of
 * the same symbol is in the sample (it is the chart's context) and that traded in all but a few
 * bars ({@link REAL_MAX_EMPTY_BARS}), a demand and a supply exercise where {@link realZoneItem} finds one. `sessions` come
 * grouped by symbol, days ascending, as the loader gives them. A few ms a session:
 * the whole sample takes seconds, so the API makes it in a worker thread.
 */
export function realZonePool(sessions: readonly RealPoolSession[]): RealPoolItem[] {
  const items: RealPoolItem[] = [];
  sessions.forEach((session, index) => {
    const previous = sessions[index - 1];
    if (previous?.symbol !== session.symbol) return;
    if (session.emptyBars > REAL_MAX_EMPTY_BARS || previous.emptyBars > REAL_MAX_EMPTY_BARS) return;
    for (const type of ['demand', 'supply'] as const satisfies readonly ZoneType[]) {
      const item = realZoneItem(previous.candles, session.candles, type, session.id);
      if (item) {
        items.push({ ...item, sessionId: session.id, symbol: session.symbol, day: session.day });
      }
    }
  });
  return items;
}
