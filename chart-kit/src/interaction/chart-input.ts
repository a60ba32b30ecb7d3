import type { ChartModel } from '../model/chart-model.js';
import { KeyboardController } from './keyboard-controller.js';
import { PointerInput } from './pointer-input.js';
import { ChartTools } from './tools/chart-tools.js';
import { grabDistancePx, toolPointerEvent } from './tools/tool-event.js';

/**
 * Who a vertical swipe on the chart belongs to. 'scroll-page' (the default): a finger moving up
 * or down scrolls the page, as over any other picture, unless it starts on a line (it drags the
 * line) or the line tool is on (it draws); horizontal swipes pan and pinches zoom. 'chart': every
 * touch on the chart is the chart's and the page never scrolls under it (a full-screen chart).
 * Like lightweight-charts' `handleScroll.vertTouchDrag`.
 */
export type VerticalSwipe = 'scroll-page' | 'chart';

/**
 * The CSS `touch-action` a chart's canvas needs: 'pan-y' lets the browser scroll the page with a
 * vertical swipe and leaves horizontal moves and pinches to the chart; 'none' keeps every touch.
 */
export type ChartTouchAction = 'pan-y' | 'none';

/**
 * Everything that turns a user's input into model changes, with no DOM: the tools (pointer
 * gestures), the pointer router (pinch, wheel) and the keyboard controller. The engine's DOM
 * adapter and the Node test harness both drive a chart through one of these.
 */
export class ChartInput {
  readonly tools: ChartTools;
  readonly pointers: PointerInput;
  readonly keyboard: KeyboardController;
  readonly verticalSwipe: VerticalSwipe;

  constructor(
    private readonly model: ChartModel,
    options: { verticalSwipe?: VerticalSwipe } = {},
  ) {
    this.verticalSwipe = options.verticalSwipe ?? 'scroll-page';
    this.tools = new ChartTools(model);
    this.pointers = new PointerInput(model, this.tools);
    this.keyboard = new KeyboardController(model, this.tools);
  }

  /**
   * The touch-action for the canvas now: 'none' while every touch is the chart's (the line tool
   * is on, or `verticalSwipe` is 'chart'), 'pan-y' otherwise. It is read by the browser when a
   * touch starts, so it is set ahead of the gesture (see `onTouchActionChange`).
   */
  touchAction(): ChartTouchAction {
    return this.verticalSwipe === 'chart' || this.model.tool === 'line' ? 'none' : 'pan-y';
  }

  /** Calls `listener` with the new touch-action whenever it changes; returns the unsubscriber. */
  onTouchActionChange(listener: (action: ChartTouchAction) => void): () => void {
    let last = this.touchAction();
    return this.model.events.on('toolchange', () => {
      const next = this.touchAction();
      if (next === last) return;
      last = next;
      listener(next);
    });
  }

  /**
   * Whether a touch starting at this point (CSS pixels from the chart's top left) is the chart's,
   * so that the page must not scroll with it: a touch on a line (it drags the line), a second
   * finger (a pinch), and any touch while `touchAction()` is 'none'. Asked when the touch starts,
   * after its pointer went down.
   */
  claimsTouchAt(point: { x: number; y: number }): boolean {
    if (this.touchAction() === 'none' || this.pointers.pointersDown > 1) return true;
    const touch = toolPointerEvent({ ...point, pointerType: 'touch' });
    return this.model.lineAt(point.y, grabDistancePx(touch)) !== undefined;
  }

  dispose(): void {
    this.tools.dispose();
  }
}
