/**
 * A volume as a trader reads it: whole units below 10,000, then thousands (K), millions (M) and
 * billions (B) with three significant digits at most ("950", "12.3K", "1.25M").
 */
export function formatVolume(volume: number): string {
  const size = Math.abs(volume);
  if (size < 10_000) return String(Math.round(volume));
  const [divisor, suffix] =
    size >= 1e9 ? [1e9, 'B'] : size >= 1e6 ? [1e6, 'M'] : ([1e3, 'K'] as const);
  const scaled = volume / divisor;
  const decimals = Math.abs(scaled) >= 100 ? 0 : Math.abs(scaled) >= 10 ? 1 : 2;
  return `${Number(scaled.toFixed(decimals))}${suffix}`;
}
