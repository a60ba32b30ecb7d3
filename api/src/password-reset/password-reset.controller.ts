import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { InitResetDto } from './dto/init-reset.dto.js';
import { ResetMessageDto } from './dto/reset-message.dto.js';
import { ValidateResetDto } from './dto/validate-reset.dto.js';
import {
  PASSWORD_UPDATED,
  PasswordResetService,
  RESET_REQUESTED,
} from './password-reset.service.js';

/** The spec's password-recovery calls, at its paths (Express also matches them without '/'). */
@ApiTags('password reset')
@Controller('users')
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  @Post('initReset')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Mail a one-time password reset link',
    description:
      'Answers the same, at once, whether or not the email has an account; a known one gets ' +
      'a link to /password-reset?e=...&tk=... valid for one hour. A newer request replaces ' +
      'older links.',
  })
  @ApiOkResponse({ type: ResetMessageDto, example: { message: RESET_REQUESTED } })
  @ApiBadRequestResponse({ description: 'The body is not {user_email: an email address}.' })
  initReset(@Body() body: InitResetDto): ResetMessageDto {
    this.resets.requestReset(body.user_email);
    return { message: RESET_REQUESTED };
  }

  @Post('validateReset')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Set a new password with a mailed reset link',
    description:
      'Sets the password, spends the link, logs every device of the account out and mails a ' +
      'notice of the change.',
  })
  @ApiOkResponse({ type: ResetMessageDto, example: { message: PASSWORD_UPDATED } })
  @ApiBadRequestResponse({
    description:
      'A malformed body, a password breaking the registration rules, or a link that is ' +
      'wrong, used, replaced or expired.',
  })
  async validateReset(@Body() body: ValidateResetDto): Promise<ResetMessageDto> {
    await this.resets.completeReset({
      email: body.email,
      token: body.token,
      newPassword: body.new_password,
    });
    return { message: PASSWORD_UPDATED };
  }
}
