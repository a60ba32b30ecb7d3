import type { ZoneType } from '@course/rules';

/** A zone's two prices, without its type (the opposing zone a target must stay short of). */
export interface ZoneBounds {
  upper: number;
  lower: number;
}

/** A supply or demand zone: where price left sharply, between two prices. */
export interface RevealedZone extends ZoneBounds {
  type: ZoneType;
}
