import { Injectable } from '@nestjs/common';
import { AttemptsService } from './attempts.service.js';
import { chartDataBody, encodeChartData, type EncodedChartData } from './chart-data.js';

/** Encoded answers kept in memory: a hot chart costs one lookup, not a serialisation. */
const MAX_CACHED_VARIANTS = 512;

@Injectable()
export class ChartDataService {
  private readonly cache = new Map<string, EncodedChartData>();

  constructor(private readonly attempts: AttemptsService) {}

  /** The encoded answer, or undefined when there is no such chart. */
  encodedIfExists(chartNumber: number, revealed: boolean): EncodedChartData | undefined {
    return this.attempts.hasChart(chartNumber) ? this.encoded(chartNumber, revealed) : undefined;
  }

  encoded(chartNumber: number, revealed: boolean): EncodedChartData {
    const key = `${chartNumber}:${revealed ? 'revealed' : 'hidden'}`;
    const cached = this.cache.get(key);
    if (cached) {
      // Re-insert so the Map's order is least recently used first.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const encoded = encodeChartData(chartDataBody(this.attempts.chart(chartNumber), revealed));
    this.cache.set(key, encoded);
    if (this.cache.size > MAX_CACHED_VARIANTS) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return encoded;
  }
}
