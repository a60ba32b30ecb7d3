import { useCallback, useEffect } from 'react';
import type { PriceZone } from '@chart-kit/core';
import type { ChartEngine } from '../engine/chart-engine.js';
import type { ChartLine } from '../model/user-lines.js';
import type { ChartTool } from '../model/events.js';
import { useEngineValue } from './use-engine-value.js';

export interface UseLinesResult {
  /** The user's lines in drawing order. */
  lines: readonly ChartLine[];
  selectedLine: string | undefined;
  tool: ChartTool;
  setTool: (tool: ChartTool) => void;
  addLine: (price: number) => ChartLine | undefined;
  removeLine: (id: string) => void;
  clearLines: () => void;
  selectLine: (id: string | undefined) => void;
}

const NO_LINES: readonly ChartLine[] = [];

/** The chart's user lines as React state, with the actions that change them. */
export function useLines(engine: ChartEngine | undefined): UseLinesResult {
  const lines = useEngineValue(engine, ['lineschange'], (chart) => chart.lines(), NO_LINES);
  const selectedLine = useEngineValue(
    engine,
    ['selectionchange'],
    (chart) => chart.selectedLine,
    undefined,
  );
  const tool = useEngineValue<ChartTool>(engine, ['toolchange'], (chart) => chart.tool, 'none');
  return {
    lines,
    selectedLine,
    tool,
    setTool: useCallback((next: ChartTool) => engine?.setTool(next), [engine]),
    addLine: useCallback((price: number) => engine?.addLine(price), [engine]),
    removeLine: useCallback((id: string) => void engine?.removeLine(id), [engine]),
    clearLines: useCallback(() => engine?.clearLines(), [engine]),
    selectLine: useCallback((id: string | undefined) => engine?.selectLine(id), [engine]),
  };
}

export interface UseZoneDrawingResult extends UseLinesResult {
  /** The box between the first two lines, once both are drawn. */
  zone: PriceZone | undefined;
  /** Turns the line tool on (the chart turns it off after the last allowed line). */
  startDrawing: () => void;
}

/**
 * An exercise's drawing: at most `maxLines` lines (default 2, the course's rule), and the zone
 * they mark (the first two lines, upper and lower), ready for `gradeZone`.
 */
export function useZoneDrawing(
  engine: ChartEngine | undefined,
  options: { maxLines?: number } = {},
): UseZoneDrawingResult {
  const maxLines = options.maxLines ?? 2;
  const result = useLines(engine);
  useEffect(() => {
    engine?.setMaxLines(maxLines);
  }, [engine, maxLines]);
  const [first, second] = result.lines;
  const zone =
    first && second
      ? { upper: Math.max(first.price, second.price), lower: Math.min(first.price, second.price) }
      : undefined;
  const { setTool } = result;
  const startDrawing = useCallback(() => {
    setTool('line');
  }, [setTool]);
  return { ...result, zone, startDrawing };
}
