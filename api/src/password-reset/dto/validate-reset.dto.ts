import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import {
  IsNewPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../auth/dto/new-password.decorator.js';
import { NormalizeEmail } from '../../auth/dto/normalize-email.js';
import { EMAIL_MAX_LENGTH } from '../../auth/dto/register.dto.js';

/** Far above the 43 characters of a real token; only keeps absurd inputs out. */
const TOKEN_MAX_LENGTH = 128;

/**
 * POST users/validateReset/ body (the spec's names). The new password follows the registration
 * rules. Rules run bottom-up and only the first failure is reported (see RegisterDto).
 */
export class ValidateResetDto {
  @ApiProperty({
    description: 'The new password: 8 to 128 characters, not a common password.',
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    example: 'plum tree at dawn',
  })
  @IsNewPassword()
  new_password!: string;

  @ApiProperty({
    description: "The link's `e` parameter: the email the link was sent to.",
    format: 'email',
    maxLength: EMAIL_MAX_LENGTH,
    example: 'learner@example.com',
  })
  @NormalizeEmail()
  @IsEmail({}, { message: 'email must be a valid email address.' })
  @MaxLength(EMAIL_MAX_LENGTH, {
    message: `email must be at most ${EMAIL_MAX_LENGTH} characters long.`,
  })
  @IsString({ message: 'email must be a string.' })
  @IsDefined({ message: 'email is required.' })
  email!: string;

  @ApiProperty({
    description: "The link's `tk` parameter: the one-time token from the mail.",
    maxLength: TOKEN_MAX_LENGTH,
    example: 'o1VqkV4n6cS2g8Yp0rj3XbTt9mHq5wZk7LdA2fEuQxM',
  })
  @MaxLength(TOKEN_MAX_LENGTH, {
    message: `token must be at most ${TOKEN_MAX_LENGTH} characters long.`,
  })
  @IsNotEmpty({ message: 'token must not be empty.' })
  @IsString({ message: 'token must be a string.' })
  @IsDefined({ message: 'token is required.' })
  token!: string;
}
