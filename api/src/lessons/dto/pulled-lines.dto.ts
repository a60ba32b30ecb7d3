import { ApiProperty } from '@nestjs/swagger';
import type { PulledLinesBody, SavedLinesSource } from '@course/contract';

const SOURCES = Object.keys({ answer: true, zone: true } satisfies Record<SavedLinesSource, true>);

/** The answer of GET api/lessons/{path}/pulled-lines. */
export class PulledLinesDto implements PulledLinesBody {
  @ApiProperty({
    description: 'The earlier chart the lines were kept for (prev_chart)',
    example: 18,
  })
  chart!: number;

  @ApiProperty({
    type: [Number],
    minItems: 0,
    maxItems: 2,
    description:
      'The two prices kept from the earlier lesson, or none while the learner has neither passed ' +
      'it nor been shown its zone',
    example: [73.42, 73.1],
  })
  lines!: number[];

  @ApiProperty({
    enum: SOURCES,
    nullable: true,
    description:
      'answer: the learner’s passing lines; zone: the correct zone, shown after their tries ' +
      'and not passed since; null: nothing kept yet',
    example: 'answer',
  })
  source!: SavedLinesSource | null;
}
