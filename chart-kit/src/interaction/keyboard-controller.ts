import { roundToTick } from '@chart-kit/core';
import type { ChartModel, CrosshairTarget } from '../model/chart-model.js';
import { keyCommand, type KeyCommand, type KeyInput } from './keyboard.js';
import type { ChartTools } from './tools/chart-tools.js';

const KEY_ZOOM_FACTOR = 1.25;
const KEY_PAN_PX = 200;

type KeyboardCrosshair = Extract<CrosshairTarget, { kind: 'keyboard' }>;

/**
 * What each key does on a focused chart (the keys themselves are mapped in keyboard.ts): the
 * keyboard crosshair walks candles and prices, Enter places a line at it, a selected line moves
 * by one tick per arrow press, and so on. Every key path a screen-reader user has is here.
 */
export class KeyboardController {
  constructor(
    private readonly model: ChartModel,
    private readonly tools: ChartTools,
  ) {}

  /** Runs the key's command; false when the key is not the chart's (leave it to the browser). */
  keyDown(input: KeyInput): boolean {
    const command = keyCommand(input, { lineSelected: this.model.selectedLine !== undefined });
    if (!command) return false;
    this.run(command);
    return true;
  }

  run(command: KeyCommand): void {
    const { model } = this;
    switch (command) {
      case 'zoom-in':
        model.zoom(KEY_ZOOM_FACTOR);
        return;
      case 'zoom-out':
        model.zoom(1 / KEY_ZOOM_FACTOR);
        return;
      case 'pan-earlier':
        model.pan(KEY_PAN_PX);
        return;
      case 'pan-later':
        model.pan(-KEY_PAN_PX);
        return;
      case 'reset-view':
        void model.resetView();
        return;
      case 'crosshair-left':
      case 'crosshair-right':
        this.moveCrosshairByCandle(command === 'crosshair-left' ? -1 : 1);
        return;
      case 'crosshair-up':
      case 'crosshair-down':
        this.moveCrosshairByTick(command === 'crosshair-up' ? 1 : -1);
        return;
      case 'move-line-up':
      case 'move-line-down':
        this.moveSelectedLine(command === 'move-line-up' ? 1 : -1);
        return;
      case 'place-line': {
        const target = this.crosshair();
        model.setCrosshair(target);
        const line = model.addLine(target.price);
        if (line) model.selectLine(line.id);
        return;
      }
      case 'delete-line': {
        const id = model.selectedLine;
        if (id !== undefined) model.removeLine(id);
        return;
      }
      case 'select-next-line': {
        const next = model.lines.nextAfterSelected();
        if (!next) {
          model.notify({ kind: 'no-line-to-select' });
          return;
        }
        model.selectLine(next.id);
        model.notify({ kind: 'line-selected', line: next });
        return;
      }
      case 'escape':
        this.escape();
        return;
    }
  }

  /** Escape ends a gesture under way; otherwise it clears the selection and leaves Draw Line. */
  private escape(): void {
    const { model } = this;
    if (this.tools.busy) {
      this.tools.cancel();
      return;
    }
    model.selectLine(undefined);
    model.setTool('none');
    if (model.crosshair?.kind === 'keyboard') model.setCrosshair(undefined);
  }

  /** The keyboard crosshair, starting on the candle under the pointer or the newest in view. */
  private crosshair(): KeyboardCrosshair {
    const { model } = this;
    const current = model.crosshair;
    if (current?.kind === 'keyboard') return current;
    const lastInView = Math.max(
      0,
      Math.floor(Math.min(model.viewport.toIndex, model.shownCount - 0.5)),
    );
    const index = (current?.kind === 'pointer' ? model.crosshairIndex() : undefined) ?? lastInView;
    const price = roundToTick(
      model.candle(index)?.close ?? model.frame.priceOfY(model.frame.layout.plotHeight / 2),
      model.keyboardTick(),
    );
    return { kind: 'keyboard', index, price };
  }

  private moveCrosshairByCandle(delta: number): void {
    const { model } = this;
    const start = this.crosshair();
    const index = Math.min(Math.max(start.index + delta, 0), model.shownCount - 1);
    this.keepIndexInView(index);
    model.setCrosshair({ ...start, index });
    const candle = model.candle(index);
    if (candle) model.notify({ kind: 'crosshair-candle', candle });
  }

  private moveCrosshairByTick(direction: number): void {
    const { model } = this;
    const start = this.crosshair();
    const tick = model.keyboardTick();
    const price = roundToTick(start.price + direction * tick, tick);
    model.setCrosshair({ ...start, price });
    model.notify({ kind: 'crosshair-price', price });
  }

  private moveSelectedLine(direction: number): void {
    const { model } = this;
    const line = model.lines.get(model.selectedLine ?? '');
    if (!line) return;
    const tick = model.keyboardTick();
    const price = roundToTick(line.price + direction * tick, tick);
    model.moveLine(line.id, price);
    const moved = model.lines.get(line.id);
    if (moved) model.notify({ kind: 'line-moved', line: moved });
  }

  private keepIndexInView(index: number): void {
    const { model } = this;
    const { fromIndex, toIndex } = model.viewport;
    const width = toIndex - fromIndex;
    if (index - 0.5 < fromIndex)
      model.setViewport({ fromIndex: index - 1, toIndex: index - 1 + width });
    else if (index + 0.5 > toIndex)
      model.setViewport({ fromIndex: index + 1 - width, toIndex: index + 1 });
  }
}
