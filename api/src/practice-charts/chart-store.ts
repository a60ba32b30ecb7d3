import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { gunzipSync } from 'node:zlib';
import { type ChartPair, deepFreeze } from '../exercise-charts/chart-catalogue.js';
import type { PracticeKind } from '@course/rules';
import { PracticeChart } from './practice-chart.entity.js';

/** A stored pair back as the charts it was made from (read-only: it is shared). */
export function decodePracticePair(encoded: Uint8Array): ChartPair {
  // Synchronous: 5-10 kB unzip in a fraction of a millisecond, less than a hop to libuv's
  // thread pool, which argon2 may be holding.
  return deepFreeze(JSON.parse(gunzipSync(encoded).toString('utf8')) as ChartPair);
}

/**
 * Generated practice charts in PostgreSQL, where every instance finds them. A chart is written
 * once: two instances that generated the same chart at the same moment keep the first row (both
 * are the same chart, from the same seed).
 */
@Injectable()
export class PracticeChartStore {
  constructor(
    @InjectRepository(PracticeChart) private readonly charts: Repository<PracticeChart>,
  ) {}

  /** The stored (gzipped) charts among `indexes`, by index. */
  async find(
    userId: string,
    kind: PracticeKind,
    indexes: readonly number[],
  ): Promise<Map<number, Uint8Array>> {
    if (indexes.length === 0) return new Map();
    const rows = await this.charts.find({
      select: { practiceIndex: true, chart: true },
      where: {
        userId,
        kind,
        practiceIndex: indexes.length === 1 ? indexes[0] : In([...indexes]),
      },
    });
    return new Map(rows.map((row) => [row.practiceIndex, row.chart]));
  }

  async insert(
    userId: string,
    kind: PracticeKind,
    index: number,
    encoded: Uint8Array,
  ): Promise<void> {
    await this.charts
      .createQueryBuilder()
      .insert()
      .into(PracticeChart)
      .values({ userId, kind, practiceIndex: index, chart: Buffer.from(encoded) })
      .orIgnore()
      .execute();
  }
}
