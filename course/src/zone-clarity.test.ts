import type { Candle } from '@chart-kit/core';
import {
  assessClarity,
  MAX_CONGESTION_CANDLES,
  MAX_HISTORY_CONGESTION_CANDLES,
  type ClarityAnswer,
} from './zone-clarity.js';

/** A candle of range 1 around `mid`, opening at `open` and closing at `close`. */
function candle(index: number, open: number, close: number, low?: number, high?: number): Candle {
  return {
    time: 1_700_000_000 + index * 300,
    open,
    close,
    low: low ?? Math.min(open, close) - 0.3,
    high: high ?? Math.max(open, close) + 0.3,
  };
}

/**
 * Quiet trading at `restLevel` for `history` candles, then a drop into a one-candle base at 100
 * (low 99.7, body 100 to 100.1) and a rally of four long candles to 104.
 */
function series(
  history: number,
  restLevel: number,
  restAt: (index: number) => number = () => restLevel,
): Candle[] {
  const candles: Candle[] = [];
  for (let index = 0; index < history; index++) {
    const level = restAt(index);
    candles.push(candle(index, level, level + (index % 2 ? 0.1 : -0.1)));
  }
  let index = history;
  candles.push(candle(index++, 101.2, 100.1, 100.0, 101.3)); // leg in
  candles.push(candle(index++, 100.1, 100.0, 99.7, 100.2)); // base
  for (const close of [101, 102, 103, 104]) {
    const open = candles[candles.length - 1]!.close;
    candles.push(candle(index++, open, close, open - 0.05, close + 0.05));
  }
  return candles;
}

function answerOf(candles: readonly Candle[]): ClarityAnswer {
  const patternStart = candles.length - 6;
  return {
    type: 'demand',
    upper: 100.1,
    lower: 99.7,
    patternStart,
    patternEnd: candles.length - 1,
    departure: 5,
    moveCandles: 4,
  };
}

describe('assessClarity: congestion at the answer’s band', () => {
  it('passes a band that earlier trading stayed away from', () => {
    const candles = series(60, 105);
    const report = assessClarity({
      candles,
      answer: answerOf(candles),
      view: { from: 40, to: candles.length - 1 },
    });
    expect(report.congestion).toEqual([]);
    expect(report.historyCongestion).toEqual([]);
  });

  it('refuses a band that was an earlier day’s range, even when that is out of view', () => {
    // Trading sat on the band for candles 0-19, then moved to 105: out of the view from 40.
    const candles = series(60, 105, (index) => (index < 20 ? 100 : 105));
    const report = assessClarity({
      candles,
      answer: answerOf(candles),
      view: { from: 40, to: candles.length - 1 },
    });
    expect(report.congestion).toEqual([]);
    expect(report.historyCongestion.length).toBeGreaterThan(MAX_HISTORY_CONGESTION_CANDLES);
    expect(report.clear).toBe(false);
    expect(report.problems.join(' ')).toMatch(/earlier candles trade inside the answer's band/);
  });

  it('allows price to have passed through the band a few times', () => {
    const crossings = new Set([5, 25]);
    const candles = series(60, 105, (index) => (crossings.has(index) ? 100 : 105));
    const report = assessClarity({
      candles,
      answer: answerOf(candles),
      view: { from: 20, to: candles.length - 1 },
    });
    expect(report.historyCongestion).toEqual([5, 25]);
    expect(report.congestion).toEqual([25]);
    expect(report.congestion.length).toBeLessThanOrEqual(MAX_CONGESTION_CANDLES);
    expect(report.problems.filter((problem) => problem.includes('band'))).toEqual([]);
  });
});

describe('assessClarity: a pause just before the leg in', () => {
  /** Quiet history at 110, then (optionally) a pause of small candles, a drop, a base and a drop. */
  function dropBaseDrop(withPause: boolean): { candles: Candle[]; answer: ClarityAnswer } {
    const candles: Candle[] = [];
    let index = 0;
    for (; index < 40; index++) candles.push(candle(index, 110, 110 + (index % 2 ? 0.1 : -0.1)));
    // A slide down to 107 in medium candles.
    for (const close of [109.5, 109, 108.5, 108, 107.5, 107]) {
      const open = candles[candles.length - 1]!.close;
      candles.push(candle(index++, open, close));
    }
    if (withPause) {
      for (const close of [107.05, 106.95, 107.0]) {
        const open = candles[candles.length - 1]!.close;
        candles.push(
          candle(index++, open, close, Math.min(open, close) - 0.1, Math.max(open, close) + 0.1),
        );
      }
    }
    const patternStart = candles.length;
    candles.push(candle(index++, 107, 105.2)); // leg in
    candles.push(candle(index++, 105.2, 105.1, 105.0, 105.5)); // base
    for (const close of [104, 103, 102, 101]) {
      const open = candles[candles.length - 1]!.close;
      candles.push(candle(index++, open, close, close - 0.05, open + 0.05));
    }
    return {
      candles,
      answer: {
        type: 'supply',
        upper: 105.5,
        lower: 105.1,
        patternStart,
        patternEnd: candles.length - 1,
        departure: 5,
        moveCandles: 4,
      },
    };
  }

  it('names the pause the whole drop started from as a rival', () => {
    const { candles, answer } = dropBaseDrop(true);
    const report = assessClarity({ candles, answer, view: { from: 42, to: candles.length - 1 } });
    expect(report.clear).toBe(false);
    expect(report.rivals).toEqual([expect.objectContaining({ kind: 'zone', start: 46 })]);
    expect(report.rivals[0]!.lower).toBeCloseTo(106.95, 9);
    expect(report.rivals[0]!.upper).toBeCloseTo(107.15, 9);
  });

  it('passes the same drop when it starts from a move, not a pause', () => {
    const { candles, answer } = dropBaseDrop(false);
    const report = assessClarity({ candles, answer, view: { from: 42, to: candles.length - 1 } });
    expect(report.rivals).toEqual([]);
  });
});
