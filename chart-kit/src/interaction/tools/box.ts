import { snapMarkerOf } from './drag-line.js';
import { type ReturnsToIdle, StateNode } from './state-node.js';
import type { ToolPointerEvent } from './tool-event.js';

/**
 * Drawing a zone in one gesture (line tool, press and drag): the first line sits where the press
 * placed it, the second follows the pointer, and the box between them is shaded while dragging.
 * Release places both (or, with one line left before `maxLines`, the one that followed the
 * pointer: the box is then between it and the line already drawn). A release at the press price
 * places a single line. Each price comes from its own event's point, with the magnet.
 */
export class DrawingBox extends StateNode<ToolPointerEvent, ReturnsToIdle> {
  readonly id = 'drawing_box';
  private anchor: number | undefined;
  private latest = 0;

  override cursor(): string {
    return 'crosshair';
  }

  protected override onEnter(down: ToolPointerEvent): void {
    const start = this.model.linePlacementAt(down);
    this.anchor = this.model.linesLeft >= 2 ? start.price : undefined;
    this.follow(down);
  }

  protected override onExit(): void {
    this.model.setDraftLines(undefined);
    this.model.setSnapMarker(undefined);
  }

  override onPointerMove(event: ToolPointerEvent): void {
    this.follow(event);
  }

  override onPointerUp(event: ToolPointerEvent): void {
    this.follow(event);
    const prices = this.draft();
    this.model.setDraftLines(undefined);
    const placed = this.model.addLines(prices[0] === prices[1] ? [this.latest] : prices);
    const last = placed.at(-1);
    if (last) this.model.selectLine(last.id);
    this.goTo('idle');
  }

  override onCancel(): void {
    this.goTo('idle');
  }

  private follow(event: ToolPointerEvent): void {
    const placement = this.model.linePlacementAt(event);
    this.latest = placement.price;
    this.model.setDraftLines(this.draft());
    this.model.setSnapMarker(snapMarkerOf(placement));
  }

  private draft(): number[] {
    return this.anchor === undefined ? [this.latest] : [this.anchor, this.latest];
  }
}
