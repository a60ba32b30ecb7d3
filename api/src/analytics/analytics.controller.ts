import {
  BadRequestException,
  Body,
  Controller,
  HttpCode,
  HttpStatus,
  Post,
  Req,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiCookieAuth,
  ApiOperation,
  ApiSecurity,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { AccessTokenDenylist } from '../auth/access-token-denylist.js';
import { AccessTokenService } from '../auth/access-token.service.js';
import { AuthCookies } from '../auth/auth-cookies.js';
import { SESSION_COOKIE_SCHEME } from '../auth/session-decorators.js';
import { WorksWithoutDatabase } from '../database/database-available.guard.js';
import { AnalyticsRecorder } from './analytics-recorder.js';
import { EventBatchDto, EventsAcceptedDto } from './dto/event-batch.dto.js';
import { missingFieldOf, type RecordedEvent } from './event-names.js';
import { declinesTracking } from './tracking-consent.js';

/** Events older than this, after the clock correction, are not kept: a page held them too long. */
export const MAX_EVENT_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Where the app sends what only a browser sees (page views, lessons opened, replays, time on an
 * exercise), in batches with navigator.sendBeacon. The answer never waits for the database: the
 * events go to the recorder's bounded queue.
 */
@ApiTags('analytics')
@Controller('api/events')
export class AnalyticsController {
  constructor(
    private readonly recorder: AnalyticsRecorder,
    private readonly cookies: AuthCookies,
    private readonly accessTokens: AccessTokenService,
    private readonly denylist: AccessTokenDenylist,
  ) {}

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @WorksWithoutDatabase()
  @ApiCookieAuth(SESSION_COOKIE_SCHEME)
  @ApiSecurity({})
  @ApiOperation({
    summary: 'Record a batch of the app’s analytics events',
    description:
      'Takes up to 50 events of a visitor (a random id the browser keeps; no email, address or ' +
      'user agent is stored). With a session the visitor id is linked to the learner. A ' +
      'request with `DNT: 1` or `Sec-GPC: 1` is answered 202 and nothing is kept. The body ' +
      'may come as application/json or text/plain (what navigator.sendBeacon sends). Event ' +
      'times are moved by the difference between sentAt and the server’s clock; events more ' +
      'than a day old after that are not kept.',
  })
  @ApiAcceptedResponse({ type: EventsAcceptedDto })
  @ApiTooManyRequestsResponse({ description: 'Too many batches from this address' })
  async record(@Body() batch: EventBatchDto, @Req() request: Request): Promise<EventsAcceptedDto> {
    batch.events.forEach((event, index) => {
      const missing = missingFieldOf(event.name, event);
      if (missing) {
        throw new BadRequestException(`events[${index}] (${event.name}) needs ${missing}`);
      }
    });
    if (declinesTracking(request.headers)) return { accepted: 0 };

    const now = Date.now();
    const clockOffset = now - batch.sentAt;
    const visitorId = batch.visitorId.toLowerCase();
    const userId = await this.sessionUserId(request);
    if (userId) this.recorder.link(visitorId, userId);
    const events: RecordedEvent[] = [];
    for (const event of batch.events) {
      const at = Math.min(now, event.at + clockOffset);
      if (now - at > MAX_EVENT_AGE_MS) continue;
      events.push({
        name: event.name,
        at: new Date(at),
        visitorId,
        userId,
        route: event.route,
        lessonId: event.lessonId,
        chartNumber: event.chartNumber,
        practiceIndex: event.practiceIndex,
        durationMs: event.durationMs,
        passed: event.passed,
      });
    }
    return { accepted: this.recorder.record(events) };
  }

  /** The learner of a valid access cookie, from the token alone (no database query). */
  private async sessionUserId(request: Request): Promise<string | undefined> {
    const token = this.cookies.accessToken(request);
    if (!token || this.denylist.isRevoked(token)) return undefined;
    return (await this.accessTokens.verify(token))?.userId;
  }
}
