import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import type { ProgressUpdate } from '@course/contract';

export class UpdateProgressDto implements ProgressUpdate {
  @ApiProperty({ description: 'Id of the lesson completed', example: 7 })
  @IsInt({ message: 'completed must be a lesson id (a whole number)' })
  @Min(1, { message: 'completed must be a lesson id (a whole number)' })
  @Max(2_000_000_000, { message: 'completed must be a lesson id (a whole number)' })
  completed!: number;
}
