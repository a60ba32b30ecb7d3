import {
  Controller,
  Headers,
  HttpCode,
  HttpStatus,
  Post,
  type RawBodyRequest,
  Req,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConsumes,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { WebhookReceiptDto } from './dto/billing-responses.dto.js';
import { StripeWebhookService, type WebhookReceipt } from './stripe-webhook.service.js';

/**
 * Stripe's calls to us. No session: the signature on the raw body is the authentication. The
 * global same-origin check lets it through, as Stripe sends neither cookies nor an Origin.
 */
@ApiTags('billing')
@Controller('api/stripe')
export class StripeWebhookController {
  constructor(private readonly webhooks: StripeWebhookService) {}

  @Post('webhook')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Stripe event receiver (called by Stripe, not by the app)',
    description:
      'Handles checkout.session.completed, customer.subscription.created/updated/deleted and ' +
      'invoice.payment_failed. Each event id is processed once; older events never overwrite ' +
      'newer state. Other event types are acknowledged and ignored.',
  })
  @ApiConsumes('application/json')
  @ApiHeader({ name: 'Stripe-Signature', required: true, description: 'Signed by Stripe' })
  @ApiOkResponse({ type: WebhookReceiptDto })
  @ApiBadRequestResponse({ description: 'Missing or wrong signature, or no body' })
  @ApiNotFoundResponse({
    description: 'Webhooks are not enabled here: the server has no STRIPE_WEBHOOK_SECRET',
  })
  receive(
    @Req() request: RawBodyRequest<Request>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<WebhookReceipt> {
    return this.webhooks.receive(request.rawBody, signature);
  }
}
