import type { LinePlacement } from '../../model/events.js';
import { type ReturnsToIdle, StateNode } from './state-node.js';
import type { ToolPointerEvent } from './tool-event.js';

/** What a line drag starts from. */
export interface LineGrab {
  lineId: string;
  /** Line y minus pointer y at the press, kept so the line does not jump to the pointer. */
  grabOffset: number;
}

/** The magnet's marker for a placement: the candle price it snapped to, if any. */
export function snapMarkerOf(
  placement: LinePlacement,
): { index: number; price: number } | undefined {
  return placement.snap ? { index: placement.snap.index, price: placement.price } : undefined;
}

/**
 * Dragging one of the user's lines (both tools): each move puts the line where the event's own
 * point places it (rounding and magnet, see model/line-snap.ts); release announces the move;
 * a cancel puts the line back.
 */
export class DraggingLine extends StateNode<LineGrab, ReturnsToIdle> {
  readonly id = 'dragging_line';
  private grab: LineGrab = { lineId: '', grabOffset: 0 };
  private originalPrice = 0;
  private moved = false;

  override cursor(): string {
    return 'ns-resize';
  }

  protected override onEnter(grab: LineGrab): void {
    this.grab = grab;
    this.originalPrice = this.model.lines.get(this.grab.lineId)?.price ?? 0;
    this.moved = false;
    this.model.selectLine(this.grab.lineId);
    this.model.setHoveredLine(this.grab.lineId);
  }

  protected override onExit(): void {
    this.model.setSnapMarker(undefined);
  }

  override onPointerMove(event: ToolPointerEvent): void {
    const placement = this.model.linePlacementAt({ x: event.x, y: event.y + this.grab.grabOffset });
    this.moved = this.model.moveLine(this.grab.lineId, placement.price) || this.moved;
    this.model.setSnapMarker(snapMarkerOf(placement));
  }

  override onPointerUp(): void {
    const line = this.model.lines.get(this.grab.lineId);
    if (this.moved && line) this.model.notify({ kind: 'line-moved', line });
    this.goTo('idle');
  }

  override onCancel(): void {
    this.model.moveLine(this.grab.lineId, this.originalPrice);
    this.goTo('idle');
  }
}
