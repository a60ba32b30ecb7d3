import { BadRequestException, Controller, Get, Param, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { MaybeUser, OptionalAuthGuard } from '../auth/optional-auth.guard.js';
import type { User } from '../users/user.entity.js';
import { AttemptsService } from './attempts.service.js';
import { type Caller, LANDING_DEMO_CHARTS } from './caller.js';
import { gradedChartNumber } from './chart-catalogue.provider.js';
import { ChartDataService } from './chart-data.service.js';
import { CHART_ID, sendChartData } from './chart-data-response.js';
import { visitorIdOf } from './visitor-cookie.js';

/** The spec's chart call. Open to visitors; the zone is only in it once the caller earned it. */
@ApiTags('charts')
@Controller('chart-data')
export class ChartDataController {
  constructor(
    private readonly attempts: AttemptsService,
    private readonly chartData: ChartDataService,
  ) {}

  @Get(':id')
  @UseGuards(OptionalAuthGuard)
  @ApiOperation({
    summary: 'Candles of an exercise chart',
    description:
      'hiddenpl (upper) and hiddenpl2 (lower bound of the zone), the explanation and the candles ' +
      'after the exercise (next) are present only once the caller passed this chart or used three ' +
      'tries. Served with an ETag; gzip when accepted.',
  })
  @ApiParam({ name: 'id', description: 'Chart number', example: 3 })
  @ApiOkResponse({ description: '{chart_number, type, timeframe, twin, data, ...}' })
  async chart(
    @Param('id') id: string,
    @MaybeUser() user: User | undefined,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    if (!CHART_ID.test(id)) throw new BadRequestException('The chart id must be a whole number.');
    const chartNumber = Number(id);
    const chart = this.attempts.chart(chartNumber);
    const visitorId = visitorIdOf(request);
    let caller: Caller;
    if (user) caller = { userId: user.id };
    else if (visitorId && LANDING_DEMO_CHARTS.includes(gradedChartNumber(chart)))
      caller = { visitorId };
    const { revealed } = await this.attempts.standing(caller, chartNumber);
    sendChartData(request, response, this.chartData.encoded(chartNumber, revealed));
  }
}
