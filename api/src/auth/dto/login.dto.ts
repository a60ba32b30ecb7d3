import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { NormalizeEmail } from './normalize-email.js';
import type { Credentials } from '@course/contract';

/**
 * POST /api/login/ body. Deliberately loose: any well-typed pair is checked against the accounts,
 * so a wrong guess always gets the one 'Wrong email or password.' answer. The length caps only
 * keep absurd inputs away from argon2. Rules run bottom-up (see RegisterDto).
 */
export class LoginDto implements Credentials {
  @ApiProperty({ example: 'learner@example.com' })
  @NormalizeEmail()
  @MaxLength(1024, { message: 'email must be at most 1024 characters long.' })
  @IsNotEmpty({ message: 'email must not be empty.' })
  @IsString({ message: 'email must be a string.' })
  @IsDefined({ message: 'email is required.' })
  email!: string;

  @ApiProperty({ example: 'plum tree at dawn' })
  @MaxLength(1024, { message: 'password must be at most 1024 characters long.' })
  @IsNotEmpty({ message: 'password must not be empty.' })
  @IsString({ message: 'password must be a string.' })
  @IsDefined({ message: 'password is required.' })
  password!: string;
}
