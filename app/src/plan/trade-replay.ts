import type { ChartEngine, ChartMarker } from 'chart-kit';
import { useCallback, useMemo, useState } from 'react';
import { useReplay } from 'chart-kit/react';
import type { ExerciseChartData, PlanOutcome } from '../api/index.js';
import { exerciseSeries } from '../exercise/chart-series.js';
import { isBreakeven, tradeRText } from './plan-numbers.js';

/** Colours of a plan's lines, shared by the learner's roles and the course's reference lines. */
export const ENTRY_COLOR = 0x4f8cff;
export const STOP_COLOR = 0xef5350;
export const TARGET_COLOR = 0x26a69a;
/** Markers of the learner's trade, and of the course's (which the learner compares it with). */
export const USER_MARK_COLOR = 0xffd54f;
export const MODEL_MARK_COLOR = 0xce93d8;

/** Candles the replay shows after the later of the trades ended. */
const REPLAY_AFTER_EXIT = 8;

/**
 * Where a trade filled and left, as chart markers: "Your fill 50.20", "Your target +2.4R", "Your
 * stop, gap −1.8R" (the words below the chart say what the gap did).
 */
export function outcomeMarkers(outcome: PlanOutcome, whose: string, color: number): ChartMarker[] {
  const markers: ChartMarker[] = [];
  if (outcome.fillTime !== null && outcome.fillPrice !== null) {
    markers.push({
      time: outcome.fillTime,
      price: outcome.fillPrice,
      text: `${whose} fill ${outcome.fillPrice.toFixed(2)}`,
      color,
    });
  }
  if (outcome.exitTime !== null && outcome.exitPrice !== null) {
    // A stop left at 0.0R (filled and stopped at one price) is breakeven, not a loss.
    const how =
      outcome.exit === 'stop' && isBreakeven(outcome.resultR)
        ? 'out at'
        : (outcome.exit === 'open'
            ? 'still open'
            : outcome.exit === 'session-close'
              ? 'closed at the close'
              : outcome.exit) + (outcome.gap === null ? '' : ', gap');
    markers.push({
      time: outcome.exitTime,
      price: outcome.exitPrice,
      text: `${whose} ${how} ${tradeRText(outcome.resultR)}`,
      color,
    });
  }
  return markers;
}

/** What the replay needs of a trade: when it filled and when, and how, it ended. */
export type ReplayedTrade = Pick<PlanOutcome, 'fillTime' | 'exitTime'> & { exit: string | null };

/**
 * Replay of what came after an exercise, played until the given trades are over and a few
 * candles beyond, so the view ends on them (a trade still open at the chart's end plays it all).
 */
export function useTradeReplay(
  engine: ChartEngine | undefined,
  chart: ExerciseChartData | undefined,
  first: ReplayedTrade | undefined,
  second?: ReplayedTrade,
) {
  const replay = useReplay(engine);
  const [replayed, setReplayed] = useState(false);
  const until = useMemo(() => {
    const next = chart?.next;
    const played = [first, second].filter(
      (outcome): outcome is ReplayedTrade => outcome !== undefined,
    );
    if (!chart || !next || played.length === 0) return undefined;
    const ends = played.map((outcome) =>
      outcome.exit === 'open' ? Infinity : (outcome.exitTime ?? outcome.fillTime ?? 0),
    );
    const lastEnd = Math.max(...ends, chart.data.at(-1)?.time ?? 0);
    const index = next.findIndex((candle) => candle.time >= lastEnd);
    return index < 0 ? undefined : next[Math.min(index + REPLAY_AFTER_EXIT, next.length - 1)]?.time;
  }, [chart, first, second]);

  const start = useCallback(() => {
    if (!engine || !chart?.next) return;
    const lastTime = chart.data.at(-1)?.time;
    if (lastTime === undefined) return;
    if (!replayed) {
      engine.setSeries(exerciseSeries(chart, undefined, until === undefined ? true : { until }));
      setReplayed(true);
    }
    replay.start({ from: lastTime, speedMs: 250 });
  }, [engine, chart, replayed, replay, until]);

  return { replay, start };
}
