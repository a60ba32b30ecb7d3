import {
  aggregateCandles,
  TIMEFRAMES,
  openingFrame,
  zonePixelHeight,
  clampViewport,
} from '@chart-kit/core';
import { viewAfterSwitch } from '../../src/model/timeframe-morph.js';
import { ChartModel, type InvalidLayer } from '../../src/model/chart-model.js';
import { waveSeries } from '../browser/series.js';
import { ChartHarness } from '../harness/chart-harness.js';
import { overlayView } from '../../src/views/overlay-view.js';
import { priceTagsView } from '../../src/views/price-tags-view.js';

const FIVE_MINUTE = waveSeries(288);
const HOURLY = aggregateCandles(FIVE_MINUTE, TIMEFRAMES['1hr']);
const t5 = (index: number) => FIVE_MINUTE[index]?.time ?? 0;
const t1 = (index: number) => HOURLY[index]?.time ?? 0;
const HOME_VIEWS = {
  '5min': { from: t5(100), to: t5(160) },
  '1hr': { from: t1(2), to: t1(20) },
};

describe('home views', () => {
  it('opens on the home view of the timeframe shown', () => {
    const model = new ChartModel({ series: { '5min': FIVE_MINUTE }, homeViews: HOME_VIEWS });
    expect(model.viewport).toEqual({ fromIndex: 99.5, toIndex: 160.5 });
    const hourly = new ChartModel({
      series: { '5min': FIVE_MINUTE },
      timeframe: '1hr',
      homeViews: HOME_VIEWS,
    });
    expect(hourly.viewport).toEqual({ fromIndex: 1.5, toIndex: 20.5 });
  });

  it("switches to the target timeframe's home view, with and without the morph", async () => {
    const instant = new ChartModel({ series: { '5min': FIVE_MINUTE }, homeViews: HOME_VIEWS });
    await instant.setTimeframe('1hr', { animate: false });
    expect(instant.viewport).toEqual({ fromIndex: 1.5, toIndex: 20.5 });

    const harness = new ChartHarness({ series: { '5min': FIVE_MINUTE }, homeViews: HOME_VIEWS });
    const landed = harness.model.setTimeframe('1hr');
    expect(harness.model.morphing).toBe(true);
    harness.advance(400);
    await landed;
    expect(harness.model.morphing).toBe(false);
    expect(harness.model.viewport).toEqual({ fromIndex: 1.5, toIndex: 20.5 });
    expect(harness.lastAnnouncement).toBe('Showing 1hr candles.');
    await harness.model.setTimeframe('5min', { animate: false });
    expect(harness.model.viewport).toEqual({ fromIndex: 99.5, toIndex: 160.5 });
  });

  it('keeps the same time in view on a switch to a timeframe without a home view', async () => {
    const model = new ChartModel({
      series: { '5min': FIVE_MINUTE },
      homeViews: { '5min': HOME_VIEWS['5min'] },
    });
    const fine = model.series;
    const from = model.viewport;
    await model.setTimeframe('1hr', { animate: false });
    expect(model.viewport).toEqual(
      clampViewport(
        viewAfterSwitch(
          { times: fine.times, periodSeconds: 300, view: from },
          { times: model.series.times, periodSeconds: 3600 },
        ),
        { candleCount: HOURLY.length },
      ),
    );
  });

  it('without home views opens on the latest initialBars candles', () => {
    const model = new ChartModel({ candles: FIVE_MINUTE, initialBars: 50 });
    expect(model.viewport.toIndex - model.viewport.fromIndex).toBe(50);
    expect(model.viewport.toIndex).toBeCloseTo(FIVE_MINUTE.length + 1.5);
  });

  it('opens a series shorter than initialBars on all of it, newest candle at the right', () => {
    // The README's example: three candles and the default initialBars (80).
    const three = FIVE_MINUTE.slice(0, 3);
    const model = new ChartModel({ candles: three, size: { width: 800, height: 400 } });
    const { fromIndex, toIndex } = model.viewport;
    expect(fromIndex).toBeLessThan(-0.5);
    // The newest candle sits where a long series' does: two empty slots from the right edge.
    expect(toIndex).toBeCloseTo(three.length + 1.5);
    const { frame } = model;
    for (let index = 0; index < three.length; index++) {
      const x = frame.xOfIndex(index);
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(frame.layout.plotWidth);
    }
    expect(frame.xOfIndex(2)).toBeGreaterThan(frame.layout.plotWidth * 0.7);
    for (const count of [1, 10, 60, 79, 80, 81]) {
      const short = new ChartModel({ candles: FIVE_MINUTE.slice(0, count) });
      expect(short.viewport.toIndex).toBeCloseTo(count + 1.5);
      expect(short.viewport.fromIndex).toBeLessThan(count <= 78 ? -0.5 : count - 78);
    }
  });

  it('takes a home view for a single series, and new ones with new data', () => {
    const model = new ChartModel({
      candles: FIVE_MINUTE,
      homeView: { from: t5(10), to: t5(19) },
    });
    expect(model.viewport).toEqual({ fromIndex: 9.5, toIndex: 19.5 });
    model.setData({ candles: FIVE_MINUTE }, { homeView: { from: t5(30), to: t5(49) } });
    expect(model.viewport).toEqual({ fromIndex: 29.5, toIndex: 49.5 });
  });

  it('resetView goes back home after zooming and panning, animated', async () => {
    const harness = new ChartHarness({ series: { '5min': FIVE_MINUTE }, homeViews: HOME_VIEWS });
    harness.model.zoom(3, 100);
    harness.model.pan(-500);
    const back = harness.model.resetView();
    harness.advance(150);
    const midway = harness.model.viewport;
    expect(midway).not.toEqual({ fromIndex: 99.5, toIndex: 160.5 });
    harness.advance(200);
    await back;
    expect(harness.model.viewport.fromIndex).toBeCloseTo(99.5, 9);
    expect(harness.model.viewport.toIndex).toBeCloseTo(160.5, 9);
    expect(harness.lastAnnouncement).toBe('Back to the starting view.');
  });

  it('a pan during the return animation stops it where the user took over', () => {
    const harness = new ChartHarness({ series: { '5min': FIVE_MINUTE }, homeViews: HOME_VIEWS });
    harness.model.zoom(3, 100);
    void harness.model.resetView();
    harness.advance(100);
    harness.model.pan(50);
    const taken = harness.model.viewport;
    harness.advance(400);
    expect(harness.model.viewport).toEqual(taken);
  });
});

describe('the fitted frame', () => {
  const window = { from: t5(180), to: t5(230) };

  it("is the frame core's openingFrame computes, at a desktop and a phone size", () => {
    for (const size of [
      { width: 1212, height: 440, devicePixelRatio: 1 },
      { width: 358, height: 440, devicePixelRatio: 3 },
      { width: 358, height: 300, devicePixelRatio: 1 },
    ]) {
      const model = new ChartModel({ candles: FIVE_MINUTE, homeView: window, size });
      const opening = openingFrame(FIVE_MINUTE, window, size);
      expect(model.frame.priceDomain).toEqual(opening.priceDomain);
      expect(model.frame.viewport).toEqual(opening.viewport);
      const zone = { upper: 100.5, lower: 100.25 };
      expect(zonePixelHeight(FIVE_MINUTE, window, size, zone)).toBeCloseTo(
        model.frame.yOfPrice(zone.lower) - model.frame.yOfPrice(zone.upper),
        9,
      );
    }
  });

  it('widens to hold a revealed zone, at once, and keeps it through the reveal', () => {
    const harness = new ChartHarness({ candles: FIVE_MINUTE, homeView: window });
    const [, high] = harness.model.frame.priceDomain;
    void harness.model.revealZone({ upper: high + 5, lower: high + 4, label: 'Supply zone' });
    expect(harness.model.frame.priceDomain[1]).toBeGreaterThan(high + 5);
    expect(harness.lastAnnouncement).toMatch(/^Supply zone revealed from /);
    harness.model.clearRevealedZone();
    expect(harness.model.frame.priceDomain[1]).toBe(high);
  });

  it('leaves candles a replay hides out of the price axis', () => {
    const harness = new ChartHarness({ candles: FIVE_MINUTE, initialBars: 40 });
    try {
      harness.model.startReplay({ from: t5(260), speedMs: 60_000 });
      expect(harness.model.shownCount).toBe(261);
      // In view (249.5..289.5): candles 249 to 260 shown, 261 to 287 hidden.
      const shownHigh = Math.max(...FIVE_MINUTE.slice(249, 261).map((candle) => candle.high));
      const hiddenHigh = Math.max(...FIVE_MINUTE.slice(261).map((candle) => candle.high));
      expect(hiddenHigh).toBeGreaterThan(shownHigh);
      const [, top] = harness.model.frame.priceDomain;
      expect(top).toBeGreaterThan(shownHigh);
      expect(top).toBeLessThan(hiddenHigh);
      harness.model.stopReplay();
      expect(harness.model.shownCount).toBe(FIVE_MINUTE.length);
      expect(harness.model.frame.priceDomain[1]).toBeGreaterThan(hiddenHigh);
    } finally {
      harness.dispose();
    }
  });
});

describe('invalidation and events', () => {
  it('redraws only what changed: a pan the base, a hover the crosshair, a line the overlays', () => {
    const harness = new ChartHarness({ candles: FIVE_MINUTE });
    const seen: (readonly InvalidLayer[])[] = [];
    harness.model.onInvalidate((layers) => seen.push(layers));
    harness.model.pan(10);
    expect(seen.flat()).toEqual(['base']);
    seen.length = 0;
    harness.hover(200, 200);
    expect(new Set(seen.flat())).toEqual(new Set(['crosshair']));
    seen.length = 0;
    harness.model.addLine(100);
    expect(new Set(seen.flat())).toEqual(new Set(['overlays']));
  });

  it('emits viewport, line, selection, tool and timeframe changes', async () => {
    const model = new ChartModel({ series: { '5min': FIVE_MINUTE }, maxLines: 1 });
    const events: string[] = [];
    model.events.on('viewportchange', () => events.push('viewport'));
    model.events.on('lineschange', (lines) => events.push(`lines ${lines.length}`));
    model.events.on('selectionchange', (id) => events.push(`selection ${String(id)}`));
    model.events.on('toolchange', (tool) => events.push(`tool ${tool}`));
    model.events.on('timeframechange', (timeframe) =>
      events.push(`timeframe ${String(timeframe)}`),
    );
    model.setTool('line');
    const line = model.addLine(100);
    model.selectLine(line?.id);
    model.pan(5);
    await model.setTimeframe('1hr', { animate: false });
    expect(events).toEqual([
      'tool line',
      'lines 1',
      'tool none',
      `selection ${line?.id ?? ''}`,
      'viewport',
      'viewport',
      'timeframe 1hr',
    ]);
  });

  it('keeps line prices through a timeframe switch and maps highlights onto hours', async () => {
    const model = new ChartModel({ series: { '5min': FIVE_MINUTE } });
    model.addLine(101.25);
    model.highlightCandles([t5(25), t5(26)]);
    expect(model.marks.highlighted).toEqual([25, 26]);
    await model.setTimeframe('1hr', { animate: false });
    expect(model.lines.list.map((line) => line.price)).toEqual([101.25]);
    expect(model.marks.highlighted).toEqual([2]);
  });
});

describe('the revealed zone’s label', () => {
  const flat = (from: number, count: number, price: number) =>
    Array.from({ length: count }, (_, i) => ({
      time: 1_700_000_000 + (from + i) * 300,
      open: price,
      high: price + 0.5,
      low: price - 0.5,
      close: price + 0.1,
    }));

  it('moves to the right when candles at the left cross its line, and stays left otherwise', () => {
    // Forty candles around 100, then forty around 110: the zone at 100 is crowded at the left.
    const candles = [...flat(0, 40, 100), ...flat(40, 40, 110)];
    const harness = new ChartHarness({ candles, initialBars: 80 });
    void harness.model.revealZone(
      { upper: 100.4, lower: 99.6, label: 'Demand zone' },
      { animate: false },
    );
    const crowded = overlayView(harness.model).revealedZone?.labelX ?? 0;
    expect(crowded).toBeGreaterThan(harness.model.frame.layout.plotWidth / 2);

    void harness.model.revealZone(
      { upper: 110.4, lower: 109.6, label: 'Supply zone' },
      { animate: false },
    );
    expect(overlayView(harness.model).revealedZone?.labelX).toBe(8);
  });
});

describe('line roles (a trade plan’s entry, stop and target)', () => {
  const ROLES = [
    { name: 'Entry', color: 0x4f8cff },
    { name: 'Stop', color: 0xef5350, shadeTo: 'Entry' },
    { name: 'Target', color: 0x26a69a, shadeTo: 'Entry' },
  ];

  it('gives each placed line the first free role, one line per role', () => {
    const harness = new ChartHarness({ candles: waveSeries(200), lineRoles: ROLES });
    const { model } = harness;
    const entry = model.addLine(101);
    model.addLine(100);
    model.addLine(104);
    expect(model.lines.list.map((line) => [line.role, line.price])).toEqual([
      ['Entry', 101],
      ['Stop', 100],
      ['Target', 104],
    ]);
    expect(model.addLine(105)).toBeUndefined();
    // A deleted role is the next one placed; a moved line keeps its role.
    const stop = model.lines.list[1]!;
    model.removeLine(stop.id);
    expect(model.lines.nextRole?.name).toBe('Stop');
    expect(model.addLine(99.5)?.role).toBe('Stop');
    model.moveLine(entry!.id, 101.2);
    expect(model.lines.get(entry!.id)?.role).toBe('Entry');
  });

  it('draws each line in its colour with its name, shades risk and reward, and no zone box', () => {
    const harness = new ChartHarness({ candles: waveSeries(200), lineRoles: ROLES });
    harness.model.addLines([101, 100, 104]);
    const overlay = overlayView(harness.model);
    expect(overlay.userZone).toBeUndefined();
    expect(overlay.lines.map((line) => [line.label, line.color])).toEqual([
      ['Entry', 0x4f8cff],
      ['Stop', 0xef5350],
      ['Target', 0x26a69a],
    ]);
    expect(overlay.bands).toEqual([
      { upper: 101, lower: 100, color: 0xef5350 },
      { upper: 104, lower: 101, color: 0x26a69a },
    ]);
    const tags = priceTagsView(harness.model).filter((tag) => tag.kind === 'line');
    expect(tags.map((tag) => tag.color).sort()).toEqual([0x26a69a, 0x4f8cff, 0xef5350].sort());
  });

  it('names the role when a line is placed, moved or deleted', () => {
    const harness = new ChartHarness({ candles: waveSeries(200), lineRoles: ROLES });
    harness.model.addLine(101);
    expect(harness.lastAnnouncement).toMatch(/^Entry placed at 101\.00?\. Next: Stop\.$/);
    const [entry] = harness.model.lines.list;
    harness.model.removeLine(entry!.id);
    expect(harness.lastAnnouncement).toMatch(/^Entry at 101/);
  });
});

describe('reference lines and markers (a model answer and where a trade filled and left)', () => {
  it('keeps reference lines in view, each with its tag and label, dashed unless asked', () => {
    const harness = new ChartHarness({ candles: FIVE_MINUTE, initialBars: 60 });
    try {
      const [low, high] = harness.model.frame.priceDomain;
      harness.model.setReferenceLines([
        { price: high + 3, label: 'Course target', color: 0x26a69a },
        { price: low - 2, label: 'Course stop', color: 0xef5350, dashed: false },
      ]);
      const [newLow, newHigh] = harness.model.frame.priceDomain;
      expect(newHigh).toBeGreaterThan(high + 3);
      expect(newLow).toBeLessThan(low - 2);
      expect(overlayView(harness.model).referenceLines).toEqual([
        expect.objectContaining({ price: high + 3, label: 'Course target', color: 0x26a69a }),
        expect.objectContaining({ price: low - 2, label: 'Course stop', dashed: false }),
      ]);
      const colours = priceTagsView(harness.model).map((tag) => tag.color);
      expect(colours).toEqual(expect.arrayContaining([0x26a69a, 0xef5350]));
      harness.model.setReferenceLines([]);
      expect(harness.model.frame.priceDomain).toEqual([low, high]);
    } finally {
      harness.dispose();
    }
  });

  it('puts markers on their candles on any timeframe, announced, and waits for the replay', async () => {
    const harness = new ChartHarness({ series: { '5min': FIVE_MINUTE } });
    try {
      harness.model.setMarkers([
        { time: t5(250), price: 100, text: 'Fill 100.00' },
        { time: t5(270) + 60, price: 101, text: 'Target +2.0R' },
        { time: t5(0) - 600, price: 99, text: 'Before the chart' },
      ]);
      expect(harness.lastAnnouncement).toBe(
        'Marked on the chart: Fill 100.00; Target +2.0R; Before the chart.',
      );
      expect(harness.model.marks.markers.map((marker) => marker.index)).toEqual([250, 270, -1]);
      const { frame } = harness.model;
      const drawn = overlayView(harness.model).markers;
      // Sorted top to bottom; only those on a candle of the series, each on its candle.
      expect(drawn.map((marker) => [marker.text, marker.x, marker.y])).toEqual([
        ['Target +2.0R', frame.xOfIndex(270), frame.yOfPrice(101)],
        ['Fill 100.00', frame.xOfIndex(250), frame.yOfPrice(100)],
      ]);

      harness.model.startReplay({ from: t5(260), speedMs: 60_000 });
      expect(overlayView(harness.model).markers.map((marker) => marker.text)).toEqual([
        'Fill 100.00',
      ]);
      harness.model.stopReplay();

      await harness.model.setTimeframe('1hr', { animate: false });
      expect(harness.model.marks.markers.map((marker) => marker.index)).toEqual([20, 22, -1]);
    } finally {
      harness.dispose();
    }
  });
});

describe('marker texts', () => {
  it('never cover one another, even for two trades that filled on one candle at one price', () => {
    const harness = new ChartHarness({ candles: FIVE_MINUTE, initialBars: 40 });
    try {
      const at = (index: number) => FIVE_MINUTE[index]!;
      harness.model.setMarkers([
        { time: at(270).time, price: at(270).low, text: 'Your fill 100.00' },
        { time: at(270).time, price: at(270).low, text: 'Course fill 100.00' },
        { time: at(271).time, price: at(271).low, text: 'Your stop -1.0R' },
        { time: at(286).time, price: at(286).high, text: 'Course target +2.4R' },
      ]);
      const boxes = overlayView(harness.model).markers.map((marker) => ({
        left: marker.textX,
        right: marker.textX + marker.text.length * 7,
        top: marker.textY,
        bottom: marker.textY + 14,
      }));
      expect(boxes).toHaveLength(4);
      const { plotWidth, plotHeight } = harness.model.frame.layout;
      boxes.forEach((box, i) => {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(plotWidth);
        expect(box.top).toBeGreaterThanOrEqual(0);
        expect(box.bottom).toBeLessThanOrEqual(plotHeight);
        for (const other of boxes.slice(i + 1)) {
          const overlap =
            box.left < other.right &&
            other.left < box.right &&
            box.top < other.bottom &&
            other.top < box.bottom;
          expect(overlap).toBe(false);
        }
      });
    } finally {
      harness.dispose();
    }
  });
});

describe('reference line names', () => {
  it('stay out of the zone box and clear of the zone label and each other', async () => {
    const harness = new ChartHarness({ candles: FIVE_MINUTE, initialBars: 40 });
    try {
      const [low, high] = harness.model.frame.priceDomain;
      const middle = (low + high) / 2;
      const step = (high - low) / 100;
      await harness.model.revealZone(
        { upper: middle + 4 * step, lower: middle, label: 'Supply zone' },
        { animate: false },
      );
      // The course's entry on the zone's edge, its stop just past the other edge.
      harness.model.setReferenceLines([
        { price: middle, label: 'Course entry' },
        { price: middle + 5 * step, label: 'Course stop' },
        { price: middle - 30 * step, label: 'Course target' },
      ]);
      const { frame } = harness.model;
      const zoneTop = frame.yOfPrice(middle + 4 * step);
      const zoneBottom = frame.yOfPrice(middle);
      const boxes = overlayView(harness.model).referenceLines.map((line) => ({
        top: line.labelY!,
        bottom: line.labelY! + 14,
        left: line.labelX!,
        right: line.labelX! + line.label!.length * 7,
      }));
      boxes.forEach((box, i) => {
        expect(box.bottom <= zoneTop || box.top >= zoneBottom).toBe(true);
        for (const other of boxes.slice(i + 1)) {
          const overlap =
            box.left < other.right &&
            other.left < box.right &&
            box.top < other.bottom &&
            other.top < box.bottom;
          expect(overlap).toBe(false);
        }
      });
    } finally {
      harness.dispose();
    }
  });
});
