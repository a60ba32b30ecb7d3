import { Injectable, NotFoundException } from '@nestjs/common';
import { LruCache } from '../common/lru-cache.js';
import { ChartCatalogue } from './chart-catalogue.provider.js';
import { chartDataBody, encodeChartData, type EncodedChartData } from './chart-data.js';

/** Encoded answers kept in memory: a hot chart costs one lookup, not a serialisation. */
const MAX_CACHED_VARIANTS = 512;

@Injectable()
export class ChartDataService {
  private readonly cache = new LruCache<string, EncodedChartData>(MAX_CACHED_VARIANTS);

  constructor(private readonly charts: ChartCatalogue) {}

  /** The encoded answer, or undefined when there is no such chart. */
  encodedIfExists(chartNumber: number, revealed: boolean): EncodedChartData | undefined {
    return this.charts.has(chartNumber) ? this.encoded(chartNumber, revealed) : undefined;
  }

  encoded(chartNumber: number, revealed: boolean): EncodedChartData {
    const key = `${chartNumber}:${revealed ? 'revealed' : 'hidden'}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const chart = this.charts.get(chartNumber);
    if (!chart) throw new NotFoundException(`There is no chart number ${chartNumber}.`);
    const encoded = encodeChartData(chartDataBody(chart, revealed));
    this.cache.set(key, encoded);
    return encoded;
  }
}
