import { ApiProperty } from '@nestjs/swagger';
import type { SessionBody } from '@course/contract';

/** What the session calls answer; the tokens themselves travel only in httpOnly cookies. */
export class SessionDto implements SessionBody {
  @ApiProperty({ description: 'The logged-in account', example: 'learner@example.com' })
  email!: string;
}
