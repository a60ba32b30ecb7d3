import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsEmail, IsString, MaxLength } from 'class-validator';
import { NormalizeEmail } from '../../auth/dto/normalize-email.js';
import { EMAIL_MAX_LENGTH } from '../../auth/dto/register.dto.js';

/** POST users/initReset/ body (the spec's name). Rules run bottom-up, as in RegisterDto. */
export class InitResetDto {
  @ApiProperty({
    description: 'The email of the account; trimmed and compared case-insensitively.',
    format: 'email',
    maxLength: EMAIL_MAX_LENGTH,
    example: 'learner@example.com',
  })
  @NormalizeEmail()
  @IsEmail({}, { message: 'user_email must be a valid email address.' })
  @MaxLength(EMAIL_MAX_LENGTH, {
    message: `user_email must be at most ${EMAIL_MAX_LENGTH} characters long.`,
  })
  @IsString({ message: 'user_email must be a string.' })
  @IsDefined({ message: 'user_email is required.' })
  user_email!: string;
}
