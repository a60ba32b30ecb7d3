import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ChartEngine, RendererPreference, SurfaceKind } from 'chart-kit';
import { Chart, useChartEvent } from 'chart-kit/react';
import { useCallback, useMemo, useState } from 'react';
import { randomWalkCandles } from './support/market-data.js';
import { Note, Readout, StoryFrame } from './support/StoryFrame.js';

declare global {
  interface Window {
    /**
     * The charts of the "Many charts on one page" story, by position in the grid: try
     * `chartEngines[3].addLine(100)` in the browser console. The Storybook tests drive them.
     */
    chartEngines?: (ChartEngine | undefined)[];
  }
}

interface ManyChartsArgs {
  chartCount: number;
  candleCount: number;
  /** The seed of the first chart's series; the next charts take the following seeds. */
  firstSeed: number;
  renderer: RendererPreference;
}

const RENDERER_NAMES: Record<SurfaceKind, string> = {
  canvas2d: 'Canvas 2D',
  webgl: 'WebGL',
  webgpu: 'WebGPU',
};

/** One chart of the grid, with what draws it written under it. */
function GridChart({
  position,
  chartCount,
  candleCount,
  seed,
  renderer,
  onRenderer,
}: {
  position: number;
  chartCount: number;
  candleCount: number;
  seed: number;
  renderer: RendererPreference;
  onRenderer: (position: number, kind: SurfaceKind | undefined) => void;
}) {
  const candles = useMemo(() => randomWalkCandles(candleCount, seed), [candleCount, seed]);
  const [engine, setEngine] = useState<ChartEngine>();
  const [drawnWith, setDrawnWith] = useState<SurfaceKind>();

  const showRenderer = useCallback(
    (kind: SurfaceKind | undefined) => {
      setDrawnWith(kind);
      onRenderer(position, kind);
    },
    [onRenderer, position],
  );
  useChartEvent(engine, 'rendererchange', showRenderer);

  const onEngine = useCallback(
    (next: ChartEngine | undefined) => {
      setEngine(next);
      showRenderer(next?.rendererName);
      const engines = (window.chartEngines ??= []);
      if (next) engines[position] = next;
      else if (engines[position]?.canvas.isConnected === false) engines[position] = undefined;
    },
    [position, showRenderer],
  );

  const number = position + 1;
  return (
    <figure data-testid={`grid-chart-${number}`} style={{ margin: 0, minWidth: 0 }}>
      <Chart
        candles={candles}
        height={140}
        initialBars={60}
        renderer={renderer}
        label={`Chart ${number} of ${chartCount}: random walk, seed ${seed}`}
        onEngine={onEngine}
      />
      <figcaption style={{ color: 'var(--story-muted)', fontSize: 12, marginTop: 4 }}>
        {`#${number}, seed ${seed}: ${drawnWith ? RENDERER_NAMES[drawnWith] : 'starting'}`}
      </figcaption>
    </figure>
  );
}

/** "40 charts: 40 on Canvas 2D" (how many charts each renderer draws now). */
function rendererSummary(count: number, renderers: readonly (SurfaceKind | undefined)[]): string {
  const tally = new Map<SurfaceKind, number>();
  for (const kind of renderers) if (kind) tally.set(kind, (tally.get(kind) ?? 0) + 1);
  const parts = [...tally].map(([kind, n]) => `${n} on ${RENDERER_NAMES[kind]}`);
  return `${count} charts: ${parts.length > 0 ? parts.join(', ') : 'starting'}`;
}

function ManyChartsDemo({ chartCount, candleCount, firstSeed, renderer }: ManyChartsArgs) {
  const [renderers, setRenderers] = useState<(SurfaceKind | undefined)[]>([]);
  const onRenderer = useCallback((position: number, kind: SurfaceKind | undefined) => {
    setRenderers((previous) => {
      if (previous[position] === kind) return previous;
      const next = [...previous];
      next[position] = kind;
      return next;
    });
  }, []);

  return (
    <StoryFrame width={960}>
      <Note>
        Every chart here is a full interactive <code>&lt;Chart&gt;</code> with its own seeded
        series: hover one for its crosshair and readout, drag to pan, or press Tab to reach one and
        use the arrow keys and Enter to place a line. With <code>renderer: &apos;auto&apos;</code>{' '}
        each draws with Canvas 2D and uses no WebGL context; WebGL takes over only for a large
        series or slow frames, and at most eight charts of a page hold a context at once (the
        browser keeps about 16 and drops the oldest beyond that, leaving their charts blank).
      </Note>
      <Readout testId="renderers">
        {rendererSummary(chartCount, renderers.slice(0, chartCount))}
      </Readout>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
          gap: 12,
        }}
      >
        {Array.from({ length: chartCount }, (_, position) => (
          <GridChart
            key={position}
            position={position}
            chartCount={chartCount}
            candleCount={candleCount}
            seed={firstSeed + position}
            renderer={renderer}
            onRenderer={onRenderer}
          />
        ))}
      </div>
    </StoryFrame>
  );
}

const meta = {
  title: 'Chart/Many charts on one page',
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'A page full of charts, such as a watch list or a lesson overview: each `<Chart>` ' +
          "draws its first frame with Canvas 2D, so none waits for a GPU context and the page's " +
          'WebGL budget is never the limit. `renderer` is read when a chart is created (the ' +
          "story remounts the grid when it changes); `'webgl'` asks every chart for a context " +
          'and shows what happens beyond the browser limit.',
      },
    },
  },
  argTypes: {
    chartCount: { control: { type: 'range', min: 1, max: 80, step: 1 } },
    candleCount: { control: { type: 'select' }, options: [60, 240, 1_000, 10_000] },
    firstSeed: { control: { type: 'number' } },
    renderer: { control: 'inline-radio', options: ['auto', 'canvas2d', 'webgl'] },
  },
  args: { chartCount: 40, candleCount: 240, firstSeed: 1, renderer: 'auto' },
} satisfies Meta<ManyChartsArgs>;

export default meta;

/** 40 interactive charts on one page, each with its own seeded series, all drawn. */
export const FortyCharts: StoryObj<ManyChartsArgs> = {
  render: (args) => <ManyChartsDemo key={args.renderer} {...args} />,
};
