import type { ChartModel } from '../model/chart-model.js';
import type { ChartTools } from './tools/chart-tools.js';
import type { ToolPointerEvent } from './tools/tool-event.js';

/** A wheel turn as the chart sees it: where, and how far in pixels. */
export interface ChartWheelEvent {
  x: number;
  y: number;
  deltaX: number;
  /** Already in pixels (a mouse's lines times 16). */
  deltaY: number;
  shiftKey: boolean;
}

const WHEEL_ZOOM_PER_PIXEL = 0.0015;

/**
 * Routes pointers: one pointer (a mouse, a pen or one finger) drives the tools; a second finger
 * ends the tool's gesture without committing it and turns the two into a pinch, which zooms by
 * their spread and pans with their midpoint. A wheel zooms at the pointer (or pans sideways).
 */
export class PointerInput {
  private readonly pressed = new Map<number, { x: number; y: number }>();
  private pinch: { distance: number; midX: number } | undefined;

  constructor(
    private readonly model: ChartModel,
    private readonly tools: ChartTools,
  ) {}

  /** How many pointers are down. */
  get pointersDown(): number {
    return this.pressed.size;
  }

  down(event: ToolPointerEvent): void {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    this.pressed.set(event.pointerId, { x: event.x, y: event.y });
    if (this.pressed.size === 1) {
      this.tools.pointerDown(event);
    } else if (this.pressed.size === 2) {
      this.tools.cancel();
      this.pinch = this.measurePinch();
    }
  }

  move(event: ToolPointerEvent): void {
    if (!this.pressed.has(event.pointerId)) {
      // Hovering (no button down): the crosshair follows and idle tools track the line under it.
      if (this.pressed.size === 0) this.tools.pointerMove(event);
      return;
    }
    this.pressed.set(event.pointerId, { x: event.x, y: event.y });
    if (this.pressed.size === 1) {
      this.tools.pointerMove(event);
      return;
    }
    const before = this.pinch;
    const now = this.measurePinch();
    if (!before || !now || now.distance <= 0 || before.distance <= 0) return;
    this.model.pan(now.midX - before.midX);
    this.model.zoom(now.distance / before.distance, now.midX);
    this.pinch = now;
  }

  up(event: ToolPointerEvent): void {
    if (!this.pressed.has(event.pointerId)) return;
    const wasSingle = this.pressed.size === 1 && this.pinch === undefined;
    this.pressed.delete(event.pointerId);
    if (this.pressed.size < 2) this.pinch = undefined;
    if (wasSingle) this.tools.pointerUp(event);
  }

  /** The browser took the pointer away (a scroll, a system gesture): nothing is committed. */
  cancel(event: ToolPointerEvent): void {
    this.pressed.delete(event.pointerId);
    if (this.pressed.size < 2) this.pinch = undefined;
    this.tools.cancel();
  }

  /** The pointer left the chart; ignored while it is pressed (the drag goes on, captured). */
  leave(event: ToolPointerEvent): void {
    if (this.pressed.has(event.pointerId)) return;
    this.tools.leave();
  }

  wheel(event: ChartWheelEvent): void {
    if (event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)) {
      this.model.pan(-(event.deltaX || event.deltaY));
      return;
    }
    this.model.zoom(Math.exp(-event.deltaY * WHEEL_ZOOM_PER_PIXEL), event.x);
  }

  private measurePinch(): { distance: number; midX: number } | undefined {
    const [a, b] = [...this.pressed.values()];
    if (!a || !b) return undefined;
    return { distance: Math.hypot(a.x - b.x, a.y - b.y), midX: (a.x + b.x) / 2 };
  }
}
