import { Injectable, NotFoundException } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { ChartCatalogue } from '../exercise-charts/chart-catalogue.provider.js';
import { chartDataBody, encodeChartData, type EncodedChartData } from './chart-data.js';
import { CourseAccess } from '../course-catalogue/course-access.js';

/** Encoded answers kept in memory: a hot chart costs one lookup, not a serialisation. */
const MAX_CACHED_VARIANTS = 512;

@Injectable()
export class ChartDataService {
  private readonly cache = new LRUCache<string, EncodedChartData>({ max: MAX_CACHED_VARIANTS });

  constructor(
    private readonly charts: ChartCatalogue,
    private readonly access: CourseAccess,
  ) {}

  /** The answer anyone may have (no zone), or undefined when the chart is not public. */
  publicAnswer(chartNumber: number): EncodedChartData | undefined {
    return this.access.isPublic(chartNumber) ? this.encoded(chartNumber, false) : undefined;
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
