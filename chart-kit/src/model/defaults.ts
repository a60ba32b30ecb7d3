/**
 * What each option of `ChartEngine.create` (the props of `<Chart>`, the options of `useChart`)
 * is when it is left out, where that is a value: the engine and the model read their defaults
 * from here (it sits in the model, the layer both import), and a test checks the docs and the
 * TSDoc against it. The engine's destructuring types each value against its option.
 *
 * Two defaults come from the browser instead and are not here: `reducedMotion` follows the
 * user's `prefers-reduced-motion` setting and `devicePixelRatio` the window's (a `ChartModel`,
 * which has no window, takes `false` and a size of its own). Options with no default (`maxLines`:
 * no limit; `tickSize`, `homeViews`, `lines`...) are absent too.
 */
export const DEFAULT_CHART_OPTIONS = {
  /** How many of the latest candles the first view shows without a home view. */
  initialBars: 80,
  timeZone: 'UTC',
  magnet: false,
  label: 'Candlestick chart',
  interactive: true,
  verticalSwipe: 'scroll-page',
  renderer: 'auto',
} as const;
