import {
  Body,
  Controller,
  HttpCode,
  HttpStatus,
  Post,
  Req,
  Res,
  UnauthorizedException,
} from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AnalyticsRecorder } from '../analytics/analytics-recorder.js';
import { declinesTracking, visitorIdOf } from '../analytics/tracking-consent.js';
import type { User } from '../users/user.entity.js';
import { AuthCookies } from './auth-cookies.js';
import { AuthService, type Session } from './auth.service.js';
import { CurrentUser } from './current-user.decorator.js';
import { LoginDto } from './dto/login.dto.js';
import { RegisterDto } from './dto/register.dto.js';
import { SessionDto } from './dto/session.dto.js';
import { RequiresSession } from './session-decorators.js';
import { PracticeCharts } from '../practice-charts/practice-charts.js';
import { REFRESH_GRACE_MS } from './refresh-token.service.js';
import type { SessionBody } from '@course/contract';

/**
 * The spec's session calls, at its paths (with a trailing slash; Express also matches them
 * without). Tokens travel only in httpOnly cookies, never in bodies.
 */
@ApiTags('auth')
@Controller('api')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly cookies: AuthCookies,
    private readonly analytics: AnalyticsRecorder,
    private readonly practiceCharts: PracticeCharts,
  ) {}

  /** Creates the account and logs it in at once (the spec's client goes straight to /home). */
  @Post('register')
  @ApiOperation({ summary: 'Create an account and log it in (sets the session cookies)' })
  @ApiCreatedResponse({
    type: SessionDto,
    description: 'The new account, logged in: access_token and refresh_token cookies are set',
  })
  @ApiConflictResponse({ description: 'An account with this email exists already' })
  async register(
    @Body() body: RegisterDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SessionBody> {
    const session = await this.auth.register(body);
    this.analytics.recordFromRequest(request, 'registration', {}, session.userId);
    this.practiceCharts.prepareFirstChart(session.userId);
    return this.open(session, response);
  }

  @Post('login')
  @ApiOperation({ summary: 'Log in; 401 with one message for a wrong email or password' })
  @ApiOkResponse({
    type: SessionDto,
    description: 'Logged in: access_token and refresh_token cookies are set',
  })
  @ApiUnauthorizedResponse({
    description: 'Wrong email or password (one message for both, so emails cannot be probed)',
  })
  @HttpCode(HttpStatus.OK)
  async login(
    @Body() body: LoginDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SessionBody> {
    const session = await this.auth.login(body);
    // The browser's visitor id now stands for this learner too (not when it asked not to be tracked).
    const visitorId = visitorIdOf(request.headers);
    if (visitorId && !declinesTracking(request.headers)) {
      this.analytics.link(visitorId, session.userId);
    }
    return this.open(session, response);
  }

  /** Always succeeds: whatever the cookies held, the browser ends up logged out. */
  @Post('logout')
  @ApiOperation({
    summary: 'Log out: revokes the session (refresh and access token) and clears the cookies',
  })
  @ApiOkResponse({
    description: 'Always true: the session is revoked and the cookies cleared',
    schema: { type: 'boolean', example: true },
  })
  @HttpCode(HttpStatus.OK)
  async logout(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<true> {
    await this.auth.logout(this.cookies.refreshToken(request), this.cookies.accessToken(request));
    this.cookies.clear(response);
    // Nest sends a bare boolean as text/html; the spec's client reads JSON `true`.
    response.type('application/json');
    return true;
  }

  /** Whether the access cookie is a valid session (the client's route gate). */
  @Post('auth')
  @ApiOperation({ summary: 'Whether the access cookie is a valid session' })
  @ApiOkResponse({ type: SessionDto, description: 'The access cookie is a valid session' })
  @HttpCode(HttpStatus.OK)
  @RequiresSession()
  session(@CurrentUser() user: User): SessionBody {
    return { email: user.email };
  }

  @Post('login/refresh')
  @ApiOperation({
    summary: 'Rotate the refresh token and issue a new access token',
    description:
      `Spends the refresh token and sets its successor. The same token sent again by the same ` +
      `client (address and browser) within ${REFRESH_GRACE_MS / 1000} s of being spent, before ` +
      'its successor was used, also opens the session (two tabs refreshing at once); any other ' +
      'second use is taken for a stolen copy and ends the whole session (401).',
  })
  @ApiOkResponse({
    type: SessionDto,
    description: 'New access_token and refresh_token cookies are set',
  })
  @ApiUnauthorizedResponse({
    description:
      'The session is over (no, unknown, expired, revoked or reused token): cookies cleared',
  })
  @ApiServiceUnavailableResponse({
    description: 'The session could not be checked just now: cookies kept, try again later',
  })
  @HttpCode(HttpStatus.OK)
  async refresh(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SessionBody> {
    try {
      const client = `${request.ip ?? ''} ${request.headers['user-agent'] ?? ''}`;
      return this.open(
        await this.auth.refresh(this.cookies.refreshToken(request), client),
        response,
      );
    } catch (error) {
      // Only a session known to be over loses its cookies: a 503 (the database away for a
      // moment) or any other failure says nothing about the session, which the next try keeps.
      if (error instanceof UnauthorizedException) this.cookies.clear(response);
      throw error;
    }
  }

  private open(session: Session, response: Response): SessionBody {
    this.cookies.set(response, session);
    return { email: session.email };
  }
}
