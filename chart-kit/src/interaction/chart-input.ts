import type { ChartModel } from '../model/chart-model.js';
import { KeyboardController } from './keyboard-controller.js';
import { PointerInput } from './pointer-input.js';
import { ChartTools } from './tools/chart-tools.js';

/**
 * Everything that turns a user's input into model changes, with no DOM: the tools (pointer
 * gestures), the pointer router (pinch, wheel) and the keyboard controller. The engine's DOM
 * adapter and the Node test harness both drive a chart through one of these.
 */
export class ChartInput {
  readonly tools: ChartTools;
  readonly pointers: PointerInput;
  readonly keyboard: KeyboardController;

  constructor(model: ChartModel) {
    this.tools = new ChartTools(model);
    this.pointers = new PointerInput(model, this.tools);
    this.keyboard = new KeyboardController(model, this.tools);
  }

  dispose(): void {
    this.tools.dispose();
  }
}
