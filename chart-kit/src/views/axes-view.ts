import { timeAxisTicks, type TimeTick } from '../core/time-axis.js';
import type { ChartModel } from '../model/chart-model.js';

/**
 * The time axis' labels for the model's view (price labels come with the frame's ticks). Mid-morph
 * the axis is blank: its labels would belong to neither timeframe.
 */
export function timeTicksView(model: ChartModel): TimeTick[] {
  if (model.morphing) return [];
  const { frame } = model;
  return timeAxisTicks(model.series.times, model.viewport, [0, frame.layout.plotWidth], {
    timeZone: model.timeZone,
  });
}
