import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { LOCAL_SESSION_ID_PATTERN } from '../local-checkout.service.js';

export class LocalCheckoutParamsDto {
  @ApiProperty({ description: 'The test checkout session id from POST /stripe/check/' })
  @Matches(LOCAL_SESSION_ID_PATTERN, { message: 'sessionId is not a test checkout session id.' })
  sessionId!: string;
}
