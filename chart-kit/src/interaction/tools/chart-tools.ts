import type { ChartModel } from '../../model/chart-model.js';
import type { ChartTool } from '../../model/events.js';
import { LineTool } from './line.js';
import { PanTool } from './pan.js';
import type { StateNode, ToolEventName } from './state-node.js';
import type { ToolPointerEvent } from './tool-event.js';

/**
 * The tools of a chart and the one in use, which follows the model's `tool` ('none' is the pan
 * tool): one pointer's events go to the current tool's current state. Every pointer move also
 * moves the crosshair to the event's point. No DOM: the engine's input adapter and the test
 * harness feed it the same events.
 */
export class ChartTools {
  private readonly tools: Record<ChartTool, StateNode>;
  private currentTool: StateNode;
  private dispatching = false;
  private readonly offToolChange: () => void;

  constructor(private readonly model: ChartModel) {
    this.tools = { none: new PanTool(model), line: new LineTool(model) };
    this.currentTool = this.tools[model.tool];
    this.currentTool.enter();
    // The model turns the line tool off by itself after the last allowed line: follow it, after
    // the event being handled when that happens inside one.
    this.offToolChange = model.events.on('toolchange', () => {
      if (!this.dispatching) this.sync();
    });
  }

  /** The active states, e.g. 'line.drawing_box' or 'pan.idle'. */
  get path(): string {
    return this.currentTool.path;
  }

  cursor(): string {
    return this.currentTool.cursor();
  }

  pointerDown(event: ToolPointerEvent): void {
    this.dispatch('onPointerDown', event);
  }

  pointerMove(event: ToolPointerEvent): void {
    this.model.setCrosshair({ kind: 'pointer', x: event.x, y: event.y });
    this.dispatch('onPointerMove', event);
  }

  pointerUp(event: ToolPointerEvent): void {
    this.dispatch('onPointerUp', event);
  }

  /** Ends the gesture in progress without committing it. */
  cancel(): void {
    this.dispatch('onCancel');
  }

  /** The pointer left the chart with no button down. */
  leave(): void {
    this.model.setCrosshair(undefined);
    this.dispatch('onLeave');
  }

  /** Whether a gesture is under way (a press, a drag or a box being drawn). */
  get busy(): boolean {
    return this.currentTool.current?.id !== 'idle';
  }

  dispose(): void {
    this.offToolChange();
  }

  private dispatch(name: ToolEventName, event?: ToolPointerEvent): void {
    this.sync();
    this.dispatching = true;
    try {
      this.currentTool.handle(name, event);
    } finally {
      this.dispatching = false;
    }
    this.sync();
  }

  /** Switches to the model's tool if it changed, abandoning the previous tool's gesture. */
  private sync(): void {
    const wanted = this.tools[this.model.tool];
    if (wanted === this.currentTool) return;
    this.currentTool.handle('onCancel');
    this.currentTool.exit();
    this.currentTool = wanted;
    wanted.enter();
  }
}
