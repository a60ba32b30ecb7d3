import { waveSeries } from '../browser/series.js';
import { ChartHarness } from '../harness/chart-harness.js';
import { overlayView } from '../../src/views/overlay-view.js';
import { snapMarkerView } from '../../src/views/crosshair-view.js';

const CANDLES = waveSeries(288);

function chart(options: ConstructorParameters<typeof ChartHarness>[0] = {}): ChartHarness {
  return new ChartHarness({ candles: CANDLES, initialBars: 60, maxLines: 2, ...options });
}

/** A candle in view and the point 4 px below its high, near enough for the magnet (8 px). */
function nearHigh(harness: ChartHarness, index: number) {
  const candle = CANDLES[index];
  if (!candle) throw new Error(`no candle ${index}`);
  return { candle, x: harness.xOfIndex(index), y: harness.yOfPrice(candle.high) + 4 };
}

describe('Draw Line mode: clicks and taps', () => {
  it('adds a second line with a click 3 px from the first (a thin zone), never selecting it', () => {
    const harness = chart();
    harness.model.setTool('line');
    harness.click(300, 250).click(300, 253);
    const prices = harness.linePrices();
    expect(prices).toHaveLength(2);
    expect(Math.abs(harness.yOfPrice(prices[0] ?? 0) - 250)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(harness.yOfPrice(prices[1] ?? 0) - 253)).toBeLessThanOrEqual(0.5);
    // maxLines reached: the tool turns itself off.
    expect(harness.model.tool).toBe('none');
    expect(harness.toolPath).toBe('pan.idle');
    expect(harness.announcements).toEqual([
      `Line 1 of 2 placed at ${harness.model.formatLinePrice(prices[0] ?? 0)}.`,
      `Line 2 of 2 placed at ${harness.model.formatLinePrice(prices[1] ?? 0)}.`,
    ]);
  });

  it('adds a line with a tap right on an existing line (unlimited lines)', () => {
    const harness = chart({ maxLines: undefined });
    harness.model.setTool('line');
    harness.tap(200, 300).tap(200, 301).tap(200, 300);
    expect(harness.linePrices()).toHaveLength(3);
    expect(harness.model.tool).toBe('line');
  });

  it('gives a touch tap and a mouse click at the same point the same price with the magnet on', () => {
    const byMouse = chart({ magnet: true });
    const byTouch = chart({ magnet: true });
    const point = nearHigh(byMouse, CANDLES.length - 5);
    for (const harness of [byMouse, byTouch]) harness.model.setTool('line');
    // The mouse hovered elsewhere first: only the click's own point counts.
    byMouse.hover(40, 40).click(point.x, point.y);
    byTouch.tap(point.x, point.y);
    expect(byMouse.linePrices()).toEqual([point.candle.high]);
    expect(byTouch.linePrices()).toEqual([point.candle.high]);
  });

  it('snaps a pen the same way', () => {
    const harness = chart({ magnet: true });
    const point = nearHigh(harness, CANDLES.length - 8);
    harness.model.setTool('line');
    harness.click(point.x, point.y, { pointerType: 'pen' });
    expect(harness.linePrices()).toEqual([point.candle.high]);
  });

  it('marks the price the magnet would snap to while hovering in Draw Line mode', () => {
    const harness = chart({ magnet: true });
    const index = CANDLES.length - 5;
    const point = nearHigh(harness, index);
    harness.model.setTool('line');
    harness.hover(point.x, point.y);
    expect(harness.model.snapMarker).toEqual({ index, price: point.candle.high });
    const marker = snapMarkerView(harness.model);
    expect(marker?.x).toBeCloseTo(harness.xOfIndex(index));
    expect(marker?.y).toBeCloseTo(harness.yOfPrice(point.candle.high));
    // Far from every price of the candle: no marker.
    harness.hover(point.x, harness.yOfPrice(point.candle.high) - 60);
    expect(harness.model.snapMarker).toBeUndefined();
  });

  it('refuses a line beyond maxLines and says why', () => {
    const harness = chart({ maxLines: 1 });
    harness.model.setTool('line');
    harness.click(300, 200);
    harness.model.setTool('line');
    harness.click(300, 400);
    expect(harness.linePrices()).toHaveLength(1);
    expect(harness.lastAnnouncement).toBe(
      'You can draw at most 1 lines. Delete one to draw another.',
    );
  });
});

describe('Draw Line mode: one drag draws a box', () => {
  it('puts the two lines at the press and release prices, shading the box while dragging', () => {
    const harness = chart();
    harness.model.setTool('line');
    const press = { x: 250, y: 220 };
    const release = { x: 420, y: 300 };
    const pressPrice = harness.model.linePlacementAt(press).price;
    const releasePrice = harness.model.linePlacementAt(release).price;
    harness.pointerDown(press.x, press.y).pointerMove(330, 260);
    expect(harness.toolPath).toBe('line.drawing_box');
    const live = overlayView(harness.model);
    expect(live.draftLines[0]).toBe(pressPrice);
    expect(live.userZone?.upper).toBe(pressPrice);
    expect(live.userZone?.lower).toBeCloseTo(harness.model.frame.priceOfY(260), 1);
    harness.pointerMove(release.x, release.y).pointerUp(release.x, release.y);
    expect(harness.linePrices()).toEqual([pressPrice, releasePrice]);
    expect(overlayView(harness.model).draftLines).toEqual([]);
    expect(harness.model.tool).toBe('none');
    expect(harness.lastAnnouncement).toBe(
      `Zone drawn from ${harness.model.formatLinePrice(releasePrice)} to ${harness.model.formatLinePrice(pressPrice)}.`,
    );
  });

  it('draws a zone 8 px tall by a touch drag, each end snapped from its own point', () => {
    const harness = chart({ magnet: true });
    const top = nearHigh(harness, CANDLES.length - 6);
    const low = CANDLES[CANDLES.length - 3]?.low ?? 0;
    const bottom = { x: harness.xOfIndex(CANDLES.length - 3), y: harness.yOfPrice(low) - 3 };
    harness.model.setTool('line');
    harness.drag(top, bottom, { pointerType: 'touch' });
    expect(harness.linePrices()).toEqual([top.candle.high, low]);
  });

  it('with one line left, a drag places that line where it is released, the box against the first', () => {
    const harness = chart();
    harness.model.setTool('line');
    harness.click(300, 200);
    harness.pointerDown(300, 320).pointerMove(320, 340);
    const live = overlayView(harness.model);
    expect(live.draftLines).toHaveLength(1);
    expect(live.userZone?.upper).toBe(harness.linePrices()[0]);
    harness.pointerMove(340, 360).pointerUp(340, 360);
    expect(harness.linePrices()).toHaveLength(2);
    expect(Math.abs(harness.yOfPrice(harness.linePrices()[1] ?? 0) - 360)).toBeLessThanOrEqual(0.5);
  });

  it('a drag along one price places one line there', () => {
    const harness = chart();
    harness.model.setTool('line');
    harness.drag({ x: 100, y: 300 }, { x: 300, y: 300 });
    expect(harness.linePrices()).toHaveLength(1);
    expect(harness.model.tool).toBe('line');
  });

  it('a second finger cancels the box: nothing is placed and the pinch zooms instead', () => {
    const harness = chart();
    harness.model.setTool('line');
    const before = harness.model.viewport;
    harness.pointerDown(300, 200, { pointerType: 'touch', pointerId: 1 });
    harness.pointerMove(300, 260, { pointerType: 'touch', pointerId: 1 });
    expect(harness.model.draftLines).toHaveLength(2);
    harness.pointerDown(400, 260, { pointerType: 'touch', pointerId: 2 });
    expect(harness.model.draftLines).toBeUndefined();
    harness.pointerMove(450, 260, { pointerType: 'touch', pointerId: 2 });
    harness.pointerUp(450, 260, { pointerType: 'touch', pointerId: 2 });
    harness.pointerUp(300, 260, { pointerType: 'touch', pointerId: 1 });
    expect(harness.linePrices()).toEqual([]);
    const after = harness.model.viewport;
    expect(after.toIndex - after.fromIndex).toBeLessThan(before.toIndex - before.fromIndex);
  });

  it('Escape abandons a box being drawn, then leaves Draw Line mode', () => {
    const harness = chart();
    harness.model.setTool('line');
    harness.pointerDown(300, 200).pointerMove(300, 260);
    expect(harness.key('Escape')).toBe(true);
    expect(harness.model.draftLines).toBeUndefined();
    expect(harness.toolPath).toBe('line.idle');
    harness.pointerUp(300, 260);
    expect(harness.linePrices()).toEqual([]);
    harness.key('Escape');
    expect(harness.model.tool).toBe('none');
  });
});

describe('dragging lines', () => {
  it('moves a line grabbed in Draw Line mode instead of drawing, keeping the grab offset', () => {
    const harness = chart({ maxLines: 3 });
    const line = harness.model.addLine(harness.model.frame.priceOfY(300));
    if (!line) throw new Error('no line');
    harness.model.setTool('line');
    harness.drag({ x: 200, y: 303 }, { x: 200, y: 383 });
    expect(harness.linePrices()).toHaveLength(1);
    expect(harness.yOfPrice(harness.linePrices()[0] ?? 0)).toBeCloseTo(380, 0);
    expect(harness.model.selectedLine).toBe(line.id);
    expect(harness.lastAnnouncement).toMatch(/^Line moved to /);
  });

  it("snaps a dragged line with the current event's x, not the previous one's", () => {
    const harness = chart({ magnet: true });
    const start = harness.model.frame.priceOfY(150);
    harness.model.addLine(start);
    const a = CANDLES.length - 10;
    const b = CANDLES.length - 4;
    const lowB = CANDLES[b]?.low ?? 0;
    const highA = CANDLES[a]?.high ?? 0;
    harness.pointerDown(harness.xOfIndex(a), 150);
    // Over candle A near its high: snaps to A's high.
    harness.pointerMove(harness.xOfIndex(a), harness.yOfPrice(highA) + 3);
    expect(harness.linePrices()).toEqual([highA]);
    // One event jumps to candle B near its low: B's low, read from this event's x.
    harness.pointerMove(harness.xOfIndex(b), harness.yOfPrice(lowB) - 3);
    expect(harness.linePrices()).toEqual([lowB]);
    expect(harness.model.snapMarker).toEqual({ index: b, price: lowB });
    harness.pointerUp(harness.xOfIndex(b), harness.yOfPrice(lowB) - 3);
    expect(harness.model.snapMarker).toBeUndefined();
  });

  it('puts a dragged line back when the gesture is cancelled', () => {
    const harness = chart();
    const price = harness.model.frame.priceOfY(300);
    harness.model.addLine(price);
    harness.pointerDown(200, 300).pointerMove(200, 360);
    expect(harness.linePrices()[0]).not.toBe(price);
    harness.pointerCancel();
    expect(harness.linePrices()).toEqual([price]);
  });

  it('gives touch a wider grab distance than a mouse', () => {
    const byMouse = chart();
    const byTouch = chart();
    for (const harness of [byMouse, byTouch]) {
      harness.model.addLine(harness.model.frame.priceOfY(300));
    }
    byMouse.drag({ x: 200, y: 312 }, { x: 200, y: 362 });
    byTouch.drag({ x: 200, y: 312 }, { x: 200, y: 362 }, { pointerType: 'touch' });
    // 12 px away: the mouse pans the chart, the finger moves the line.
    expect(byMouse.yOfPrice(byMouse.linePrices()[0] ?? 0)).toBeCloseTo(300, 0);
    expect(byTouch.yOfPrice(byTouch.linePrices()[0] ?? 0)).toBeCloseTo(350, 0);
  });
});

describe('the pan tool', () => {
  it('pans on a drag, selects a line on a click and clears the selection on an empty click', () => {
    const harness = chart();
    const line = harness.model.addLine(harness.model.frame.priceOfY(300));
    const before = harness.model.viewport;
    harness.drag({ x: 400, y: 450 }, { x: 500, y: 450 });
    expect(harness.model.viewport.fromIndex).toBeLessThan(before.fromIndex);
    expect(harness.linePrices()).toHaveLength(1);
    // The pan refitted the price axis: find the line again.
    harness.click(200, harness.yOfPrice(line?.price ?? 0) + 2);
    expect(harness.model.selectedLine).toBe(line?.id);
    harness.click(200, harness.yOfPrice(line?.price ?? 0) + 60);
    expect(harness.model.selectedLine).toBeUndefined();
  });

  it('emphasises the line under the pointer and shows a resize cursor over it', () => {
    const harness = chart();
    const line = harness.model.addLine(harness.model.frame.priceOfY(300));
    harness.hover(200, 304);
    expect(harness.model.hoveredLine).toBe(line?.id);
    expect(harness.input.tools.cursor()).toBe('ns-resize');
    harness.hover(200, 340);
    expect(harness.model.hoveredLine).toBeUndefined();
    expect(harness.input.tools.cursor()).toBe('');
    harness.model.setTool('line');
    harness.hover(200, 340);
    expect(harness.input.tools.cursor()).toBe('crosshair');
  });

  it('zooms with the wheel around the pointer and with a pinch, which also pans', () => {
    const harness = chart();
    const anchor = harness.model.frame.indexOfX(300);
    harness.wheel(300, 200, -200);
    expect(harness.model.frame.indexOfX(300)).toBeCloseTo(anchor, 6);
    const zoomed = harness.model.viewport;
    harness.pinch({ x: 300, y: 200 }, 100, 50, { shiftX: 40 });
    const pinched = harness.model.viewport;
    expect(pinched.toIndex - pinched.fromIndex).toBeGreaterThan(zoomed.toIndex - zoomed.fromIndex);
    harness.wheel(300, 200, 0, { deltaX: 120 });
    expect(harness.model.viewport.fromIndex).toBeGreaterThan(pinched.fromIndex);
  });
});
