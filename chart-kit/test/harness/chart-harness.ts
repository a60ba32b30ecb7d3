import { Announcer } from '../../src/interaction/announcer.js';
import { ChartInput, type VerticalSwipe } from '../../src/interaction/chart-input.js';
import type { KeyInput } from '../../src/interaction/keyboard.js';
import {
  type PointerKind,
  type ToolPointerEvent,
  toolPointerEvent,
} from '../../src/interaction/tools/tool-event.js';
import { ChartModel, type ChartModelOptions } from '../../src/model/chart-model.js';

type PointerOptions = Partial<Omit<ToolPointerEvent, 'x' | 'y'>>;

/**
 * Drives a chart without a browser: the model, the tools and keys and the announcer wired as
 * the engine wires them, fed with plain events. Pointer positions are CSS pixels from the
 * chart's top left, as on the canvas. Animations advance only when told (`advance`, `settle`).
 */
export class ChartHarness {
  readonly model: ChartModel;
  readonly input: ChartInput;
  readonly announcer: Announcer;
  /** Every announcement, in order. */
  readonly announcements: string[] = [];
  description = '';
  private clock = 0;

  constructor(options: ChartModelOptions & { verticalSwipe?: VerticalSwipe } = {}) {
    const { verticalSwipe, ...modelOptions } = options;
    this.model = new ChartModel({
      size: { width: 800, height: 600, devicePixelRatio: 1 },
      ...modelOptions,
    });
    this.input = new ChartInput(this.model, { verticalSwipe });
    this.announcer = new Announcer(this.model, {
      announce: (text) => this.announcements.push(text),
      describe: (text) => {
        this.description = text;
      },
    });
    // The engine steps animations once per frame; here the clock starts them at 0.
    this.model.animations.step(this.clock);
  }

  /** The active tool states, e.g. 'line.drawing_box'. */
  get toolPath(): string {
    return this.input.tools.path;
  }

  get lastAnnouncement(): string {
    return this.announcements.at(-1) ?? '';
  }

  /** The prices of the user's lines in drawing order. */
  linePrices(): number[] {
    return this.model.lines.list.map((line) => line.price);
  }

  yOfPrice(price: number): number {
    return this.model.frame.yOfPrice(price);
  }

  xOfIndex(index: number): number {
    return this.model.frame.xOfIndex(index);
  }

  pointerDown(x: number, y: number, options: PointerOptions = {}): this {
    this.input.pointers.down(toolPointerEvent({ x, y, ...options }));
    return this;
  }

  pointerMove(x: number, y: number, options: PointerOptions = {}): this {
    this.input.pointers.move(toolPointerEvent({ x, y, ...options }));
    return this;
  }

  pointerUp(x: number, y: number, options: PointerOptions = {}): this {
    this.input.pointers.up(toolPointerEvent({ x, y, ...options }));
    return this;
  }

  pointerCancel(options: PointerOptions = {}): this {
    this.input.pointers.cancel(toolPointerEvent({ x: 0, y: 0, ...options }));
    return this;
  }

  /** A pointer resting at (x, y) with no button down. */
  hover(x: number, y: number, pointerType: PointerKind = 'mouse'): this {
    return this.pointerMove(x, y, { pointerType });
  }

  /** A mouse moving to (x, y), pressing and releasing there. */
  click(x: number, y: number, options: PointerOptions = {}): this {
    return this.pointerMove(x, y, options).pointerDown(x, y, options).pointerUp(x, y, options);
  }

  /** A finger touching (x, y) and lifting: no hover before, as on a touch screen. */
  tap(x: number, y: number, options: PointerOptions = {}): this {
    const touch = { pointerType: 'touch' as const, ...options };
    return this.pointerDown(x, y, touch).pointerUp(x, y, touch);
  }

  /** Press at `from`, move in `steps` even steps to `to`, release there. */
  drag(
    from: { x: number; y: number },
    to: { x: number; y: number },
    options: PointerOptions & { steps?: number } = {},
  ): this {
    const { steps = 5, ...pointer } = options;
    this.pointerDown(from.x, from.y, pointer);
    for (let step = 1; step <= steps; step++) {
      const t = step / steps;
      this.pointerMove(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t, pointer);
    }
    return this.pointerUp(to.x, to.y, pointer);
  }

  /** A wheel turn of `deltaY` pixels at (x, y). */
  wheel(
    x: number,
    y: number,
    deltaY: number,
    options: { deltaX?: number; shiftKey?: boolean } = {},
  ): this {
    this.input.pointers.wheel({
      x,
      y,
      deltaX: options.deltaX ?? 0,
      deltaY,
      shiftKey: options.shiftKey ?? false,
    });
    return this;
  }

  /**
   * Two fingers around `center`, `fromGap` apart horizontally, spreading to `toGap` and moving
   * their midpoint by `shiftX`, in `steps` steps; then lifted.
   */
  pinch(
    center: { x: number; y: number },
    fromGap: number,
    toGap: number,
    options: { shiftX?: number; steps?: number } = {},
  ): this {
    const { shiftX = 0, steps = 4 } = options;
    const finger = (pointerId: number, x: number) =>
      toolPointerEvent({ x, y: center.y, pointerId, pointerType: 'touch' });
    const { pointers } = this.input;
    pointers.down(finger(1, center.x - fromGap / 2));
    pointers.down(finger(2, center.x + fromGap / 2));
    for (let step = 1; step <= steps; step++) {
      const t = step / steps;
      const gap = fromGap + (toGap - fromGap) * t;
      const mid = center.x + shiftX * t;
      pointers.move(finger(1, mid - gap / 2));
      pointers.move(finger(2, mid + gap / 2));
    }
    pointers.up(finger(1, center.x + shiftX - toGap / 2));
    pointers.up(finger(2, center.x + shiftX + toGap / 2));
    return this;
  }

  /** A key press on the focused chart; false when the chart left the key to the browser. */
  key(key: string, modifiers: Omit<KeyInput, 'key'> = {}): boolean {
    return this.input.keyboard.keyDown({ key, ...modifiers });
  }

  /** Advances animations by `ms` milliseconds of frames. */
  advance(ms: number, frameMs = 16): this {
    const end = this.clock + ms;
    while (this.clock < end) {
      this.clock = Math.min(end, this.clock + frameMs);
      this.model.animations.step(this.clock);
    }
    return this;
  }

  /** Runs every animation to its end. */
  settle(): this {
    this.model.animations.finishAll();
    return this;
  }

  dispose(): void {
    this.input.dispose();
    this.announcer.dispose();
    this.model.dispose();
  }
}
