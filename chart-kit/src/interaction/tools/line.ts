import type { ChartModel } from '../../model/chart-model.js';
import type { ChartLine } from '../../model/user-lines.js';
import { DrawingBox } from './box.js';
import { DraggingLine, snapMarkerOf } from './drag-line.js';
import { StateNode } from './state-node.js';
import { grabDistancePx, movedBeyondClick, type ToolPointerEvent } from './tool-event.js';
import type { LineGrab } from './drag-line.js';

/** A press with the line tool, and the line under it if any. */
interface LinePress {
  down: ToolPointerEvent;
  line: ChartLine | undefined;
}

/** The line tool's states and what each is entered with. */
interface LineStates {
  idle: undefined;
  pointing: LinePress;
  drawing_box: ToolPointerEvent;
  dragging_line: LineGrab;
}

/** Waiting to draw: with the magnet on, the candle price a line would snap to is marked. */
class Idle extends StateNode<undefined, LineStates> {
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
    this.goTo('pointing', {
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
class Pointing extends StateNode<LinePress, LineStates> {
  readonly id = 'pointing';
  private info: LinePress | undefined;

  protected override onEnter(press: LinePress): void {
    this.info = press;
  }

  override onPointerMove(event: ToolPointerEvent): void {
    const info = this.info;
    if (!info || !movedBeyondClick(info.down, event)) return;
    const { model } = this;
    if (info.line) {
      const grabOffset = model.frame.yOfPrice(info.line.price) - info.down.y;
      this.goTo('dragging_line', { lineId: info.line.id, grabOffset });
    } else if (model.linesLeft > 0) {
      this.goTo('drawing_box', info.down);
    } else {
      return;
    }
    this.parent?.handle('onPointerMove', event);
  }

  override onPointerUp(event: ToolPointerEvent): void {
    const { model } = this;
    const line = model.addLine(model.linePlacementAt(event).price);
    if (line) model.selectLine(line.id);
    this.goTo('idle');
  }

  override onCancel(): void {
    this.goTo('idle');
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
    this.addChildren<LineStates>('idle', {
      idle: new Idle(model),
      pointing: new Pointing(model),
      dragging_line: new DraggingLine(model),
      drawing_box: new DrawingBox(model),
    });
  }
}
