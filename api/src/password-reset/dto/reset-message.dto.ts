import { ApiProperty } from '@nestjs/swagger';
import type { MessageBody } from '@course/contract';

/** The answer of both reset calls: the spec's client shows it in an alert. */
export class ResetMessageDto implements MessageBody {
  @ApiProperty({ example: 'Your password has been updated' })
  message!: string;
}
