/** Height of a price tag on the axis, in CSS pixels. */
export const PRICE_TAG_HEIGHT = 18;

/** Whose price a tag shows; it sets the tag's colours. */
export type PriceTagKind = 'zone' | 'pulled' | 'line' | 'selected-line' | 'crosshair';

/** A price tag placed on the price axis (its centre already moved clear of the others). */
export interface PriceTag {
  kind: PriceTagKind;
  text: string;
  /** A line role's colour for the tag's background, instead of the kind's. */
  color?: number;
  /** Centre of the tag, in CSS pixels. */
  y: number;
}
