import { ApiProperty } from '@nestjs/swagger';
import { IsAccountEmail } from './account-email.decorator.js';
import {
  IsNewPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './new-password.decorator.js';
import type { Credentials } from '@course/contract';

/** POST /api/register/ body. Passwords: length and a common-password check, no composition rules. */
export class RegisterDto implements Credentials {
  @ApiProperty({ example: 'learner@example.com' })
  @IsAccountEmail()
  email!: string;

  @ApiProperty({
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    example: 'plum tree at dawn',
  })
  @IsNewPassword()
  password!: string;
}
