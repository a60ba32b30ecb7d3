import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsEmail, IsString, MaxLength } from 'class-validator';
import {
  IsNewPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './new-password.decorator.js';
import { NormalizeEmail } from './normalize-email.js';

export const EMAIL_MAX_LENGTH = 254;

/**
 * POST /api/register/ body. Length and a common-password check only: no composition rules.
 * class-validator runs a property's rules from the bottom decorator up, and the pipe reports only
 * the first failure, so the rules are listed from the most specific (top) to the most basic.
 */
export class RegisterDto {
  @ApiProperty({ example: 'learner@example.com' })
  @NormalizeEmail()
  @IsEmail({}, { message: 'email must be a valid email address.' })
  @MaxLength(EMAIL_MAX_LENGTH, {
    message: `email must be at most ${EMAIL_MAX_LENGTH} characters long.`,
  })
  @IsString({ message: 'email must be a string.' })
  @IsDefined({ message: 'email is required.' })
  email!: string;

  @ApiProperty({
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    example: 'plum tree at dawn',
  })
  @IsNewPassword()
  password!: string;
}
