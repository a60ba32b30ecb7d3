// What an app imports to draw a lightweight-charts candlestick chart.
export { CandlestickSeries, createChart } from 'lightweight-charts';
