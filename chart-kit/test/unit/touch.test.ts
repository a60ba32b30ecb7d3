import { toolPointerEvent } from '../../src/interaction/tools/tool-event.js';
import { waveSeries } from '../browser/series.js';
import { ChartHarness } from '../harness/chart-harness.js';

const CANDLES = waveSeries(200);

/** A finger landing at (x, y): its pointer goes down first, then the page asks about the touch. */
function touchStart(harness: ChartHarness, x: number, y: number, pointerId = 1): boolean {
  harness.input.pointers.down(toolPointerEvent({ x, y, pointerId, pointerType: 'touch' }));
  return harness.input.claimsTouchAt({ x, y });
}

describe('who a touch belongs to (verticalSwipe)', () => {
  it("by default leaves vertical swipes to the page: touch-action 'pan-y'", () => {
    const harness = new ChartHarness({ candles: CANDLES });
    expect(harness.input.touchAction()).toBe('pan-y');
    expect(touchStart(harness, 300, 200)).toBe(false);
  });

  it('claims a touch that starts on a line or within a finger of it, not one further away', () => {
    const harness = new ChartHarness({ candles: CANDLES });
    const line = harness.model.addLine(harness.model.frame.priceOfY(250));
    if (!line) throw new Error('no line');
    const y = harness.yOfPrice(line.price);
    expect(touchStart(harness, 300, y)).toBe(true);
    harness.pointerCancel({ pointerType: 'touch' });
    expect(touchStart(harness, 300, y + 12)).toBe(true);
    harness.pointerCancel({ pointerType: 'touch' });
    expect(touchStart(harness, 300, y + 40)).toBe(false);
  });

  it('claims every touch in Draw Line mode, and gives them back when it ends', () => {
    const harness = new ChartHarness({ candles: CANDLES, maxLines: 1 });
    const changes: string[] = [];
    const off = harness.input.onTouchActionChange((action) => changes.push(action));
    harness.model.setTool('line');
    expect(harness.input.touchAction()).toBe('none');
    expect(touchStart(harness, 300, 200)).toBe(true);
    harness.pointerUp(300, 200, { pointerType: 'touch' });
    // The only line allowed is placed: the tool turns itself off.
    expect(harness.model.tool).toBe('none');
    expect(harness.input.touchAction()).toBe('pan-y');
    expect(changes).toEqual(['none', 'pan-y']);
    off();
  });

  it('claims a second finger (a pinch zooms the chart, not the page)', () => {
    const harness = new ChartHarness({ candles: CANDLES });
    expect(touchStart(harness, 300, 200, 1)).toBe(false);
    expect(touchStart(harness, 400, 220, 2)).toBe(true);
  });

  it("with verticalSwipe 'chart' claims every touch: touch-action 'none'", () => {
    const harness = new ChartHarness({ candles: CANDLES, verticalSwipe: 'chart' });
    expect(harness.input.touchAction()).toBe('none');
    expect(touchStart(harness, 300, 200)).toBe(true);
  });

  it('a horizontal swipe pans the chart; a vertical one the page took does not move it', () => {
    const harness = new ChartHarness({ candles: CANDLES });
    const before = harness.model.viewport;
    harness.drag({ x: 400, y: 300 }, { x: 250, y: 305 }, { pointerType: 'touch' });
    expect(harness.model.viewport.fromIndex).toBeGreaterThan(before.fromIndex);

    const panned = harness.model.viewport;
    // The browser scrolls the page and cancels the pointer after a few pixels of a vertical move.
    harness.pointerDown(300, 300, { pointerType: 'touch' });
    harness.pointerMove(300, 292, { pointerType: 'touch' });
    harness.pointerCancel({ pointerType: 'touch' });
    expect(harness.model.viewport).toEqual(panned);
    expect(harness.toolPath).toBe('pan.idle');
  });
});
