import { ApiProperty } from '@nestjs/swagger';
import type { ErrorBody } from './all-exceptions.filter.js';

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
}
