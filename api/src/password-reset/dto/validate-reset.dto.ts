import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import {
  IsNewPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../auth/dto/new-password.decorator.js';
import { EMAIL_MAX_LENGTH, IsAccountEmail } from '../../auth/dto/account-email.decorator.js';
import type { PasswordResetCompletion } from '@course/contract';

/** Far above the 43 characters of a real token; only keeps absurd inputs out. */
const TOKEN_MAX_LENGTH = 128;

/**
 * POST users/validateReset/ body (the spec's names). The new password follows the registration
 * rules. Only the first failure of a field is reported, and class-validator runs stacked rules
 * from the bottom up, so the token's most basic rule is listed last.
 */
export class ValidateResetDto implements PasswordResetCompletion {
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
  @IsAccountEmail()
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
