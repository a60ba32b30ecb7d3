import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ErrorBody } from './all-exceptions.filter.js';

/** The lesson a 403 {finishFirst} names: the one to take before the lesson asked for. */
export class LessonToFinishDto {
  @ApiProperty({ example: 104 })
  id!: number;

  @ApiProperty({ example: '/m1-candles' })
  path!: string;

  @ApiProperty({ example: 'Reading a candle' })
  title!: string;
}

/** The one shape of every error answer (AllExceptionsFilter writes it), as OpenAPI shows it. */
export class ErrorDto implements ErrorBody {
  @ApiProperty({ example: 400 })
  statusCode!: number;

  @ApiProperty({ description: "The status code's name", example: 'Bad Request' })
  error!: string;

  @ApiProperty({
    description: 'What went wrong, in words a learner can act on',
    example: 'email must be an email',
  })
  message!: string;

  @ApiPropertyOptional({
    description: 'On a 403: the call needs the Pro Plan (the app shows the subscription wall)',
    example: true,
  })
  subscriptionRequired?: boolean;

  @ApiPropertyOptional({
    type: LessonToFinishDto,
    description: 'On a 403: the lesson is not open yet; this one comes first',
  })
  finishFirst?: LessonToFinishDto;
}
