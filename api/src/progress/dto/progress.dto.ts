import { ApiProperty } from '@nestjs/swagger';
import type { ProgressBody } from '@course/contract';

/** The answer of GET users/get-progress and POST users/update. */
export class ProgressDto implements ProgressBody {
  @ApiProperty({
    type: [Number],
    description: 'Ids of the lessons this learner completed',
    example: [101, 102, 103],
  })
  completed!: number[];
}
