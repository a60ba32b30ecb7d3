import type { ChartModel } from '../../model/chart-model.js';
import { DraggingLine, type LineGrab } from './drag-line.js';
import { StateNode } from './state-node.js';
import { grabDistancePx, movedBeyondClick, type ToolPointerEvent } from './tool-event.js';

/** Waiting: the hovered line is emphasised; a press grabs a line or starts a pan. */
class Idle extends StateNode {
  readonly id = 'idle';

  override cursor(): string {
    return this.model.hoveredLine === undefined ? '' : 'ns-resize';
  }

  override onPointerMove(event: ToolPointerEvent): void {
    this.model.setHoveredLine(this.model.hoverLineAt(event.y));
  }

  override onPointerDown(event: ToolPointerEvent): void {
    const line = this.model.lineAt(event.y, grabDistancePx(event));
    if (line) {
      const grab: LineGrab = {
        lineId: line.id,
        grabOffset: this.model.frame.yOfPrice(line.price) - event.y,
      };
      this.parent?.transition('pointing_line', { grab, down: event });
    } else {
      this.parent?.transition('pointing', event);
    }
  }

  override onLeave(): void {
    this.model.setHoveredLine(undefined);
  }
}

/** Pressed on the chart: a move makes it a pan, a release a click that clears the selection. */
class Pointing extends StateNode {
  readonly id = 'pointing';
  private down: ToolPointerEvent | undefined;

  protected override onEnter(info: unknown): void {
    this.down = info as ToolPointerEvent;
  }

  override onPointerMove(event: ToolPointerEvent): void {
    const down = this.down;
    if (down && movedBeyondClick(down, event)) {
      this.parent?.transition('panning', down);
      this.parent?.handle('onPointerMove', event);
    }
  }

  override onPointerUp(): void {
    this.model.selectLine(undefined);
    this.parent?.transition('idle');
  }

  override onCancel(): void {
    this.parent?.transition('idle');
  }
}

/** Dragging the chart sideways through time. */
class Panning extends StateNode {
  readonly id = 'panning';
  private lastX = 0;

  override cursor(): string {
    return 'grabbing';
  }

  protected override onEnter(info: unknown): void {
    this.lastX = (info as ToolPointerEvent).x;
  }

  override onPointerMove(event: ToolPointerEvent): void {
    this.model.pan(event.x - this.lastX);
    this.lastX = event.x;
  }

  override onPointerUp(): void {
    this.parent?.transition('idle');
  }

  override onCancel(): void {
    this.parent?.transition('idle');
  }
}

/** Pressed on a line: it is selected; a move drags it, a release leaves it selected. */
class PointingLine extends StateNode {
  readonly id = 'pointing_line';
  private info: { grab: LineGrab; down: ToolPointerEvent } | undefined;

  override cursor(): string {
    return 'ns-resize';
  }

  protected override onEnter(info: unknown): void {
    this.info = info as { grab: LineGrab; down: ToolPointerEvent };
    this.model.selectLine(this.info.grab.lineId);
  }

  override onPointerMove(event: ToolPointerEvent): void {
    const info = this.info;
    if (info && movedBeyondClick(info.down, event)) {
      this.parent?.transition('dragging_line', info.grab);
      this.parent?.handle('onPointerMove', event);
    }
  }

  override onPointerUp(): void {
    this.parent?.transition('idle');
  }

  override onCancel(): void {
    this.parent?.transition('idle');
  }
}

/**
 * The default tool ('none'): a drag pans, a click selects the line under it (or clears the
 * selection), and a line is moved by dragging it.
 */
export class PanTool extends StateNode {
  readonly id = 'pan';

  constructor(model: ChartModel) {
    super(model);
    this.addChildren('idle', [
      new Idle(model),
      new Pointing(model),
      new Panning(model),
      new PointingLine(model),
      new DraggingLine(model),
    ]);
  }
}
