import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { BillingPlan, CheckoutUrl, MessageBody, SubscriptionStatus } from '@course/contract';

export class SubscriptionStatusDto implements SubscriptionStatus {
  @ApiProperty({ description: 'Whether the caller may see paid lessons now' })
  subscription!: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '2026-01-31',
    description:
      'For a canceled plan that is still active, the last day it is (YYYY-MM-DD, UTC); null when the plan renews or there is none',
  })
  endsOn!: string | null;
}

export class CheckoutUrlDto implements CheckoutUrl {
  @ApiProperty({ description: 'The checkout page to send the browser to' })
  url!: string;
}

export class MessageDto implements MessageBody {
  @ApiProperty({ example: 'Your Pro Plan is canceled. It stays active until 2026-01-31.' })
  message!: string;
}

export class PlanDto implements BillingPlan {
  @ApiProperty({ example: 'Pro Plan' })
  name!: string;

  @ApiProperty({ description: 'Price in cents', example: 1499 })
  amount!: number;

  @ApiProperty({ example: 'usd' })
  currency!: string;

  @ApiProperty({ example: 'month' })
  interval!: string;

  @ApiProperty({ description: 'What POST /stripe/check/ expects as priceId' })
  priceId!: string;

  @ApiProperty({
    description: 'True when no real card is charged (local billing or Stripe test keys)',
  })
  testMode!: boolean;
}

export class WebhookReceiptDto {
  @ApiProperty({ example: true })
  received!: boolean;

  @ApiPropertyOptional({ description: 'Present when this event id was already processed' })
  duplicate?: boolean;
}
