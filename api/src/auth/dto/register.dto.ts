import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsEmail, IsString, MaxLength, MinLength } from 'class-validator';
import { IsNotCommonPassword } from './not-common-password.validator.js';
import { NormalizeEmail } from './normalize-email.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
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

  @ApiProperty({ minLength: 8, maxLength: 128, example: 'plum tree at dawn' })
  @IsNotCommonPassword({
    message: 'password is too common and easy to guess; please choose another one.',
  })
  @MaxLength(PASSWORD_MAX_LENGTH, {
    message: `password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  })
  @MinLength(PASSWORD_MIN_LENGTH, {
    message: `password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  })
  @IsString({ message: 'password must be a string.' })
  @IsDefined({ message: 'password is required.' })
  password!: string;
}
