import { ApiProperty } from '@nestjs/swagger';

/** The answer of both reset calls: the spec's client shows it in an alert. */
export class ResetMessageDto {
  @ApiProperty({ example: 'Your password has been updated' })
  message!: string;
}
