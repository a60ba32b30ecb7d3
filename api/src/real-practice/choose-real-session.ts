import type { ZoneType } from '@course/rules';

/** A real chart already served to the learner. */
export interface ServedReal {
  sessionId: string;
  zoneType: ZoneType;
}

/** What the pool offers: its sessions and the zone types each makes. */
export interface RealOffer {
  sessions: readonly string[];
  types(sessionId: string): readonly ZoneType[];
}

/**
 * The next real chart for a learner: a session shown to them the fewest times (so none comes
 * back before every session of the pool was shown once), picked by `random` (0 <= r < 1) among
 * those; of its zone types, the one the learner has had fewer of. Null for an empty pool.
 */
export function chooseRealSession(
  offer: RealOffer,
  served: readonly ServedReal[],
  random: () => number,
  /** A zone type asked for (the chooser's skill): taken when a session least shown has it. */
  prefer?: ZoneType,
): ServedReal | null {
  const shown = new Map<string, number>();
  for (const { sessionId } of served) shown.set(sessionId, (shown.get(sessionId) ?? 0) + 1);
  const least = Math.min(...offer.sessions.map((session) => shown.get(session) ?? 0));
  const leastShown = offer.sessions.filter((session) => (shown.get(session) ?? 0) === least);
  const ofType = leastShown.filter((session) => prefer && offer.types(session).includes(prefer));
  const candidates = ofType.length > 0 ? ofType : leastShown;
  const sessionId = candidates[Math.floor(random() * candidates.length)];
  if (sessionId === undefined) return null;
  const types = offer.types(sessionId);
  if (prefer && types.includes(prefer)) return { sessionId, zoneType: prefer };
  const had = (type: ZoneType) => served.filter((item) => item.zoneType === type).length;
  const fewest = Math.min(...types.map(had));
  const zoneType = types.find((type) => had(type) === fewest);
  return zoneType ? { sessionId, zoneType } : null;
}
