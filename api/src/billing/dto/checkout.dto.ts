import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import type { CheckoutRequest } from '@course/contract';

/** POST /stripe/check/ body. Rules run bottom-up: the first broken one gives the message. */
export class CheckoutDto implements CheckoutRequest {
  @ApiProperty({
    description: 'The Pro Plan price id, as GET /api/billing/plan gives it',
    example: 'price_local_pro_monthly',
  })
  @MaxLength(255, { message: 'priceId must be at most 255 characters long.' })
  @IsNotEmpty({ message: 'priceId must not be empty.' })
  @IsString({ message: 'priceId must be a string.' })
  @IsDefined({ message: 'priceId is required.' })
  priceId!: string;
}
