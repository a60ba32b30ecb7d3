import type { ChartModel } from '../../model/chart-model.js';
import { DraggingLine, type LineGrab } from './drag-line.js';
import { StateNode } from './state-node.js';
import { grabDistancePx, movedBeyondClick, type ToolPointerEvent } from './tool-event.js';

/** The pan tool's states and what each is entered with. */
interface PanStates {
  idle: undefined;
  pointing: ToolPointerEvent;
  panning: ToolPointerEvent;
  pointing_line: { grab: LineGrab; down: ToolPointerEvent };
  dragging_line: LineGrab;
}

/** Waiting: the hovered line is emphasised; a press grabs a line or starts a pan. */
class Idle extends StateNode<undefined, PanStates> {
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
      this.goTo('pointing_line', { grab, down: event });
    } else {
      this.goTo('pointing', event);
    }
  }

  override onLeave(): void {
    this.model.setHoveredLine(undefined);
  }
}

/** Pressed on the chart: a move makes it a pan, a release a click that clears the selection. */
class Pointing extends StateNode<ToolPointerEvent, PanStates> {
  readonly id = 'pointing';
  private down: ToolPointerEvent | undefined;

  protected override onEnter(down: ToolPointerEvent): void {
    this.down = down;
  }

  override onPointerMove(event: ToolPointerEvent): void {
    const down = this.down;
    if (down && movedBeyondClick(down, event)) {
      this.goTo('panning', down);
      this.parent?.handle('onPointerMove', event);
    }
  }

  override onPointerUp(): void {
    this.model.selectLine(undefined);
    this.goTo('idle');
  }

  override onCancel(): void {
    this.goTo('idle');
  }
}

/** Dragging the chart sideways through time. */
class Panning extends StateNode<ToolPointerEvent, PanStates> {
  readonly id = 'panning';
  private lastX = 0;

  override cursor(): string {
    return 'grabbing';
  }

  protected override onEnter(down: ToolPointerEvent): void {
    this.lastX = down.x;
  }

  override onPointerMove(event: ToolPointerEvent): void {
    this.model.pan(event.x - this.lastX);
    this.lastX = event.x;
  }

  override onPointerUp(): void {
    this.goTo('idle');
  }

  override onCancel(): void {
    this.goTo('idle');
  }
}

/** Pressed on a line: it is selected; a move drags it, a release leaves it selected. */
class PointingLine extends StateNode<{ grab: LineGrab; down: ToolPointerEvent }, PanStates> {
  readonly id = 'pointing_line';
  private info: { grab: LineGrab; down: ToolPointerEvent } | undefined;

  override cursor(): string {
    return 'ns-resize';
  }

  protected override onEnter(info: { grab: LineGrab; down: ToolPointerEvent }): void {
    this.info = info;
    this.model.selectLine(info.grab.lineId);
  }

  override onPointerMove(event: ToolPointerEvent): void {
    const info = this.info;
    if (info && movedBeyondClick(info.down, event)) {
      this.goTo('dragging_line', info.grab);
      this.parent?.handle('onPointerMove', event);
    }
  }

  override onPointerUp(): void {
    this.goTo('idle');
  }

  override onCancel(): void {
    this.goTo('idle');
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
    this.addChildren<PanStates>('idle', {
      idle: new Idle(model),
      pointing: new Pointing(model),
      panning: new Panning(model),
      pointing_line: new PointingLine(model),
      dragging_line: new DraggingLine(model),
    });
  }
}
