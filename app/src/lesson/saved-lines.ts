/** The spec's browser-storage key for the learner's lines on a "push line" lesson. */
export const USER_LINES_KEY = 'userlines';

export interface SavedLines {
  /** The chart the lines were drawn on. */
  chart: number;
  lines: number[];
}

export function saveUserLines(storage: Storage, saved: SavedLines): void {
  storage.setItem(USER_LINES_KEY, JSON.stringify(saved));
}

/** The saved lines, or nothing when there are none, they are malformed or from another chart. */
export function loadUserLines(storage: Storage, chart: number | null): number[] {
  const raw = storage.getItem(USER_LINES_KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return [];
    const { chart: savedChart, lines } = parsed as Partial<SavedLines>;
    if (chart !== null && savedChart !== chart) return [];
    return Array.isArray(lines) ? lines.filter((price) => Number.isFinite(price)) : [];
  } catch {
    return [];
  }
}
