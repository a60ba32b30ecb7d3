import { ApiProperty } from '@nestjs/swagger';
import { EMAIL_MAX_LENGTH, IsAccountEmail } from '../../auth/dto/account-email.decorator.js';
import type { PasswordResetRequest } from '@course/contract';

/** POST users/initReset/ body (the spec's name). */
export class InitResetDto implements PasswordResetRequest {
  @ApiProperty({
    description: 'The email of the account; trimmed and compared case-insensitively.',
    format: 'email',
    maxLength: EMAIL_MAX_LENGTH,
    example: 'learner@example.com',
  })
  @IsAccountEmail()
  user_email!: string;
}
