import { type Candle, formatPrice, formatCrosshairTime, formatVolume } from '@chart-kit/core';
import type { ChartModel } from '../model/chart-model.js';
import type { CrosshairState, SnapMarkerState } from '../render/crosshair-layer.js';

/**
 * The crosshair as drawn: on the candle under it (or the pointer beyond the series), with the
 * candle's time and OHLC readout. Undefined when hidden (no pointer, or mid-morph).
 */
export function crosshairView(model: ChartModel): CrosshairState | undefined {
  const info = model.crosshairInfo();
  const target = model.crosshair;
  if (!info || !target) return undefined;
  const { frame } = model;
  const { candle, index } = info;
  const x = index !== undefined ? frame.xOfIndex(index) : target.kind === 'pointer' ? target.x : 0;
  const y = target.kind === 'pointer' ? target.y : frame.yOfPrice(target.price);
  const step = model.valueStep();
  return {
    x,
    y,
    price: info.price,
    timeLabel: candle ? formatCrosshairTime(candle.time, { timeZone: model.timeZone }) : undefined,
    readout: candle
      ? `O ${formatPrice(candle.open, step)}  H ${formatPrice(candle.high, step)}  ` +
        `L ${formatPrice(candle.low, step)}  C ${formatPrice(candle.close, step)}` +
        readoutExtras(model, candle, index, step)
      : undefined,
    rising: candle ? candle.close >= candle.open : true,
  };
}

/** The line series' values and the volume on the crosshair's candle, as "  MA 20 101.25  V 12.3K". */
function readoutExtras(
  model: ChartModel,
  candle: Candle,
  index: number | undefined,
  step: number,
): string {
  const values = index === undefined ? [] : model.lineValuesAt(index);
  const lineStep = Math.min(step, model.lineValueStep());
  let text = values
    .map(({ label, value }) => `  ${label} ${formatPrice(value, lineStep)}`)
    .join('');
  if (model.volumeShare > 0 && candle.volume !== undefined) {
    text += `  V ${formatVolume(candle.volume)}`;
  }
  return text;
}

/** Where the magnet's marker goes: on the snapped candle, at the snapped price. */
export function snapMarkerView(model: ChartModel): SnapMarkerState | undefined {
  const marker = model.snapMarker;
  if (!marker || model.morphing) return undefined;
  const { frame } = model;
  return { x: frame.xOfIndex(marker.index), y: frame.yOfPrice(marker.price) };
}
