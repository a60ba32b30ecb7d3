import { ApiProperty } from '@nestjs/swagger';
import type { RevealedZone, ZoneBounds } from '@course/contract';
import { ZONE_TYPES, type ZoneType } from '@course/rules';

/** A zone's two prices, without its type (the opposing zone a target must stay short of). */
export class ZoneBoundsDto implements ZoneBounds {
  @ApiProperty({ description: 'The zone’s upper price', example: 62.37 })
  upper!: number;

  @ApiProperty({ description: 'The zone’s lower price', example: 62.24 })
  lower!: number;
}

/** A supply or demand zone: where price left sharply, between two prices. */
export class ZoneDto extends ZoneBoundsDto implements RevealedZone {
  @ApiProperty({ enum: ZONE_TYPES, example: 'demand' })
  type!: ZoneType;
}
