/** A band between two prices: the box two horizontal lines mark, and a revealed zone. */
export interface PriceZone {
  upper: number;
  lower: number;
}
