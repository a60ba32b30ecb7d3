import {
  applyDecorators,
  Body,
  Controller,
  Get,
  Header,
  Param,
  Post,
  Redirect,
  Req,
  Res,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { AnalyticsRecorder } from '../analytics/analytics-recorder.js';
import {
  ApiConflictResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSeeOtherResponse,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { WorksWithoutDatabase } from '../database/database-available.guard.js';
import type { User } from '../users/user.entity.js';
import { BillingService } from './billing.service.js';
import { PlanDto } from './dto/billing-responses.dto.js';
import { EmptyBodyDto } from './dto/empty-body.dto.js';
import { LocalCheckoutParamsDto } from './dto/local-checkout-params.dto.js';
import { renderLocalCheckoutPage } from './local-checkout-page.js';
import { LocalCheckoutService } from './local-checkout.service.js';
import { RequiresSession } from '../auth/session-decorators.js';

/** The refusals of a test checkout that cannot be used (see LocalCheckoutService). */
function UnusableCheckoutResponses(): MethodDecorator {
  return applyDecorators(
    ApiNotFoundResponse({ description: 'No such checkout, or another account’s' }),
    ApiGoneResponse({ description: 'The checkout was confirmed already, or has expired' }),
  );
}

/** The plan on sale, and the test-mode checkout page that stands in for Stripe without keys. */
@ApiTags('billing')
@Controller('api/billing')
export class BillingController {
  constructor(
    private readonly billing: BillingService,
    private readonly localCheckout: LocalCheckoutService,
    private readonly analytics: AnalyticsRecorder,
  ) {}

  /** Public: the pricing page shows the price, and says so when no card will be charged. */
  @Get('plan')
  @WorksWithoutDatabase()
  @ApiOperation({ summary: 'The Pro Plan: price, price id, and whether billing is in test mode' })
  @ApiOkResponse({ type: PlanDto })
  plan(): PlanDto {
    return this.billing.plan();
  }

  @Get('local-checkout/:sessionId')
  @ApiOperation({ summary: 'Test-mode checkout page (only without Stripe keys)' })
  @RequiresSession()
  @UnusableCheckoutResponses()
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({
    description: 'The test-mode confirmation page',
    content: { 'text/html': { schema: { type: 'string', example: '<!doctype html>…' } } },
  })
  async localCheckoutPage(
    @CurrentUser() user: User,
    @Param() params: LocalCheckoutParamsDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const session = await this.localCheckout.open(params.sessionId, user);
    // Set here, not with @Header: an error answer must stay JSON.
    response.type('html');
    return renderLocalCheckoutPage({
      sessionId: session.id,
      email: user.email,
      cancelUrl: session.cancelUrl,
    });
  }

  /** The page's Confirm button: activates the plan, then back to the app like Stripe would. */
  @Post('local-checkout/:sessionId/confirm')
  @ApiOperation({ summary: 'Confirm a test-mode checkout: activates the plan' })
  @RequiresSession()
  @UnusableCheckoutResponses()
  @ApiConflictResponse({ description: 'The learner has the plan already: nothing was changed' })
  @Redirect()
  @ApiSeeOtherResponse({
    description: 'Plan active; redirects to the app',
    headers: {
      Location: {
        description: 'The app’s page after a successful checkout',
        schema: { type: 'string', format: 'uri' },
      },
    },
  })
  async confirmLocalCheckout(
    @CurrentUser() user: User,
    @Param() params: LocalCheckoutParamsDto,
    @Body() _body: EmptyBodyDto,
    @Req() request: Request,
  ): Promise<{ url: string; statusCode: number }> {
    const url = await this.localCheckout.confirm(params.sessionId, user);
    this.analytics.recordFromRequest(request, 'checkout_completed', {}, user.id);
    return { url, statusCode: 303 };
  }
}
