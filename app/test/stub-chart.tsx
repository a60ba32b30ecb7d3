import { type ChartEngine, ChartModel, type TimeframeSeries } from 'chart-kit';
import { useLines } from 'chart-kit/react';
import { type ComponentProps, useEffect, useRef, useState } from 'react';
import type { LazyChart } from '../src/exercise/LazyChart.js';

type ChartStubProps = ComponentProps<typeof LazyChart>;

/**
 * What the exercise screens use of chart-kit's engine, answered by its DOM-free model: the lines
 * and their roles, the tool, the timeframes and the replay follow the library's own rules, and
 * nothing is drawn. Animations (reveal, morph, view) are skipped.
 */
function modelEngine(
  model: ChartModel,
  onPulledLines: (prices: readonly number[]) => void,
): ChartEngine {
  const engine = {
    model,
    get tool() {
      return model.tool;
    },
    get selectedLine() {
      return model.selectedLine;
    },
    get timeframe() {
      return model.timeframe;
    },
    get timeframes() {
      return model.timeframes;
    },
    get replayState() {
      return model.replayState;
    },
    on: model.events.on.bind(model.events),
    lines: () => model.lines.list,
    setTool: model.setTool.bind(model),
    setMaxLines: model.setMaxLines.bind(model),
    setMagnet: model.setMagnet.bind(model),
    addLine: model.addLine.bind(model),
    moveLine: model.moveLine.bind(model),
    removeLine: model.removeLine.bind(model),
    clearLines: model.clearLines.bind(model),
    selectLine: model.selectLine.bind(model),
    setSeries: (series: TimeframeSeries, timeframe?: ChartModel['timeframe']) =>
      model.setData({ series, timeframe: timeframe ?? model.timeframe }),
    setHomeViews: model.setHomeViews.bind(model),
    resetView: () => model.resetView({ animate: false }),
    setTimeframe: (timeframe: NonNullable<ChartModel['timeframe']>) =>
      model.setTimeframe(timeframe, { animate: false }),
    showZone: (zone: Parameters<ChartModel['revealZone']>[0]) =>
      model.revealZone(zone, { animate: false }),
    clearZone: model.clearRevealedZone.bind(model),
    setFixedLines: (prices: readonly number[]) => {
      model.setPulledLines(prices);
      // The model tells no listener about overlays (only the renderer reads them).
      onPulledLines(model.marks.pulledLines);
    },
    highlightCandles: model.highlightCandles.bind(model),
    setReferenceLines: model.setReferenceLines.bind(model),
    setMarkers: model.setMarkers.bind(model),
    startReplay: model.startReplay.bind(model),
    pauseReplay: model.pauseReplay.bind(model),
    resumeReplay: model.resumeReplay.bind(model),
    stepReplay: model.stepReplay.bind(model),
    stopReplay: model.stopReplay.bind(model),
    settled: () => model.animations.whenIdle(),
  };
  // The screens call only the members above; the engine's others draw, which jsdom cannot.
  return engine as unknown as ChartEngine;
}

/**
 * Stands in for the app's LazyChart (chart-kit's <Chart> needs WebGL): the same props make a
 * chart-kit model, the engine goes to `onEngine` as the real chart hands it, and the learner's
 * lines are listed where a test can read them.
 */
export function StubChart({
  label,
  onEngine,
  series,
  homeViews,
  maxLines,
  lineRoles,
}: ChartStubProps) {
  const [pulledLines, setPulledLines] = useState<readonly number[]>([]);
  const [engine] = useState(() =>
    modelEngine(
      new ChartModel({
        ...(series ? { series } : {}),
        ...(homeViews ? { homeViews } : {}),
        ...(maxLines === undefined ? {} : { maxLines }),
        ...(lineRoles ? { lineRoles } : {}),
      }),
      setPulledLines,
    ),
  );
  useEffect(() => {
    onEngine?.(engine);
    return () => onEngine?.(undefined);
  }, [engine, onEngine]);

  // Later data (the chart loaded again with what came next) goes to the chart, as in <Chart>.
  const firstSeries = useRef(series);
  useEffect(() => {
    if (series && series !== firstSeries.current) engine.setSeries(series);
  }, [engine, series]);

  const { lines } = useLines(engine);
  return (
    <figure aria-label={label}>
      <ol aria-label="Lines on the chart">
        {lines.map((line) => (
          <li key={line.id}>
            {line.role ? `${line.role} ` : ''}
            {line.price.toFixed(2)}
          </li>
        ))}
      </ol>
      <ol aria-label="Lines from an earlier chart">
        {pulledLines.map((price) => (
          <li key={price}>{price.toFixed(2)}</li>
        ))}
      </ol>
    </figure>
  );
}
