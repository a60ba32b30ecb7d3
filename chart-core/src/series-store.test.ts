import type { Candle } from './candle.js';
import { SeriesStore } from './series-store.js';

const flat = (price: number, time = 0): Candle => ({
  time,
  open: price,
  high: price,
  low: price,
  close: price,
});

describe('the decimals a series is shown with', () => {
  it.each([
    [[100, 101], 0],
    [[101.25, 99.5], 2],
    [[0.1 + 0.2, 1.1], 1],
    [[1.005, 2], 3],
    [[0.00012345], 8],
    [[-3.75, 4], 2],
  ])('prices %j show %i decimals', (prices, decimals) => {
    const series = new SeriesStore(prices.map((price, index) => flat(price, index * 60)));
    expect(series.priceDecimals).toBe(decimals);
  });
});
