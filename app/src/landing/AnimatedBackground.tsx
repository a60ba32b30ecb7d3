const CANDLE_COUNT = 48;
const WIDTH = 1200;
const HEIGHT = 400;

interface BackgroundCandle {
  x: number;
  top: number;
  bottom: number;
  high: number;
  low: number;
  up: boolean;
}

/** A seeded random walk, so the picture is the same on every visit. */
function backgroundCandles(): BackgroundCandle[] {
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const candles: BackgroundCandle[] = [];
  let price = HEIGHT / 2;
  for (let index = 0; index < CANDLE_COUNT; index += 1) {
    const open = price;
    const close = Math.min(HEIGHT - 40, Math.max(40, open + (random() - 0.48) * 60));
    const top = Math.min(open, close);
    const bottom = Math.max(open, close);
    candles.push({
      x: (index + 0.5) * (WIDTH / CANDLE_COUNT),
      top,
      bottom: Math.max(bottom, top + 3),
      high: top - random() * 20,
      low: bottom + random() * 20,
      up: close < open,
    });
    price = close;
  }
  return candles;
}

const CANDLES = backgroundCandles();

/**
 * The landing page's moving backdrop (in place of a looping video): a candlestick strip drifting
 * sideways, drawn twice side by side so the loop has no seam. Still for reduced motion.
 */
export function AnimatedBackground() {
  const strip = (offset: number) =>
    CANDLES.map((candle, index) => (
      <g key={`${offset}-${index}`} className={candle.up ? 'bg-candle--up' : 'bg-candle--down'}>
        <line
          x1={candle.x + offset}
          x2={candle.x + offset}
          y1={candle.high}
          y2={candle.low}
          strokeWidth="2"
        />
        <rect
          x={candle.x + offset - 7}
          y={candle.top}
          width="14"
          height={candle.bottom - candle.top}
        />
      </g>
    ));
  return (
    <div className="animated-background" aria-hidden="true">
      <svg
        className="animated-background__strip"
        viewBox={`0 0 ${WIDTH * 2} ${HEIGHT}`}
        preserveAspectRatio="none"
      >
        {strip(0)}
        {strip(WIDTH)}
      </svg>
      <div className="animated-background__glow" />
    </div>
  );
}
