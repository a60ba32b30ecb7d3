import type { ChartModel } from '../../model/chart-model.js';
import type { ChartLine } from '../../model/user-lines.js';
import { DrawingBox } from './box.js';
import { DraggingLine, snapMarkerOf } from './drag-line.js';
import { StateNode } from './state-node.js';
import { grabDistancePx, movedBeyondClick, type ToolPointerEvent } from './tool-event.js';

/** Waiting to draw: with the magnet on, the candle price a line would snap to is marked. */
class Idle extends StateNode {
  readonly id = 'idle';

  override cursor(): string {
    return this.model.hoveredLine === undefined ? 'crosshair' : 'ns-resize';
  }

  override onPointerMove(event: ToolPointerEvent): void {
    const { model } = this;
    model.setHoveredLine(model.hoverLineAt(event.y));
    model.setSnapMarker(model.magnet ? snapMarkerOf(model.linePlacementAt(event)) : undefined);
  }

  override onPointerDown(event: ToolPointerEvent): void {
    this.parent?.transition('pointing', {
      down: event,
      line: this.model.lineAt(event.y, grabDistancePx(event)),
    });
  }

  override onLeave(): void {
    this.model.setHoveredLine(undefined);
    this.model.setSnapMarker(undefined);
  }
}

/**
 * Pressed: a release without moving is a click (or tap) and always adds a line at the release
 * point, even right next to another line (a thin zone); a drag moves the line under the press,
 * or else draws a box.
 */
class Pointing extends StateNode {
  readonly id = 'pointing';
  private info: { down: ToolPointerEvent; line: ChartLine | undefined } | undefined;

  protected override onEnter(info: unknown): void {
    this.info = info as { down: ToolPointerEvent; line: ChartLine | undefined };
  }

  override onPointerMove(event: ToolPointerEvent): void {
    const info = this.info;
    if (!info || !movedBeyondClick(info.down, event)) return;
    const { model } = this;
    if (info.line) {
      const grabOffset = model.frame.yOfPrice(info.line.price) - info.down.y;
      this.parent?.transition('dragging_line', { lineId: info.line.id, grabOffset });
    } else if (model.linesLeft > 0) {
      this.parent?.transition('drawing_box', info.down);
    } else {
      return;
    }
    this.parent?.handle('onPointerMove', event);
  }

  override onPointerUp(event: ToolPointerEvent): void {
    const { model } = this;
    const line = model.addLine(model.linePlacementAt(event).price);
    if (line) model.selectLine(line.id);
    this.parent?.transition('idle');
  }

  override onCancel(): void {
    this.parent?.transition('idle');
  }
}

/**
 * Draw Line mode ('line'): a click or tap places a line, press-drag-release draws both lines of
 * a zone at once, and dragging an existing line moves it. The model turns the tool off once
 * `maxLines` lines are drawn.
 */
export class LineTool extends StateNode {
  readonly id = 'line';

  constructor(model: ChartModel) {
    super(model);
    this.addChildren('idle', [
      new Idle(model),
      new Pointing(model),
      new DraggingLine(model),
      new DrawingBox(model),
    ]);
  }
}
