import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { AnalyticsRecorder } from '../analytics/analytics-recorder.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { BillingService } from './billing.service.js';
import { CheckoutUrlDto, MessageDto, SubscriptionStatusDto } from './dto/billing-responses.dto.js';
import { CheckoutDto } from './dto/checkout.dto.js';
import { EmptyBodyDto } from './dto/empty-body.dto.js';
import { SubscriptionService } from './subscription.service.js';
import { RequiresSession } from '../auth/session-decorators.js';

const STRIPE_BILLED_WITHOUT_KEYS =
  'The plan is billed by Stripe and this server runs without Stripe keys: it cannot be changed';

/** The spec's subscription calls, at its paths (Express matches them with or without a slash). */
@ApiTags('billing')
@Controller()
@RequiresSession()
export class StripeController {
  constructor(
    private readonly billing: BillingService,
    private readonly subscriptions: SubscriptionService,
    private readonly analytics: AnalyticsRecorder,
  ) {}

  @Get('api/stripe/isSub')
  @ApiOperation({ summary: 'Whether the learner has the Pro Plan now' })
  @ApiOkResponse({ type: SubscriptionStatusDto })
  async isSubscribed(@CurrentUser() user: User): Promise<SubscriptionStatusDto> {
    return this.subscriptions.status(user.id);
  }

  /** A checkout in subscription mode for the Pro Plan; the client redirects to `url`. */
  @Post('stripe/check')
  @ApiOperation({
    summary: 'Start a Checkout for the Pro Plan (14.99 USD a month); the client goes to url',
  })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: CheckoutUrlDto })
  @ApiBadRequestResponse({ description: 'Missing, malformed or unknown priceId' })
  @ApiConflictResponse({ description: 'The learner already has the plan' })
  @ApiBadGatewayResponse({ description: 'Stripe did not return a checkout page' })
  async checkout(
    @CurrentUser() user: User,
    @Body() body: CheckoutDto,
    @Req() request: Request,
  ): Promise<CheckoutUrlDto> {
    const url = await this.billing.checkout(user, body.priceId);
    this.analytics.recordFromRequest(request, 'checkout_started', {}, user.id);
    return { url };
  }

  /** Ends the plan at the end of the paid period, not now. */
  @Post('stripe/cancel')
  @ApiOperation({ summary: 'Cancel the plan at the end of the paid period' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: MessageDto })
  @ApiNotFoundResponse({ description: 'No active subscription to cancel' })
  @ApiConflictResponse({ description: STRIPE_BILLED_WITHOUT_KEYS })
  async cancel(
    @CurrentUser() user: User,
    @Body() _body: EmptyBodyDto,
    @Req() request: Request,
  ): Promise<MessageDto> {
    const message = await this.billing.cancel(user);
    this.analytics.recordFromRequest(request, 'subscription_canceled', {}, user.id);
    return { message };
  }

  /** Takes back a cancellation before the paid period ends: the plan renews again. */
  @Post('stripe/resume')
  @ApiOperation({ summary: 'Resume a canceled plan before its paid period ends' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: MessageDto })
  @ApiNotFoundResponse({ description: 'No active subscription to resume' })
  @ApiConflictResponse({ description: STRIPE_BILLED_WITHOUT_KEYS })
  async resume(@CurrentUser() user: User, @Body() _body: EmptyBodyDto): Promise<MessageDto> {
    return { message: await this.billing.resume(user) };
  }
}
