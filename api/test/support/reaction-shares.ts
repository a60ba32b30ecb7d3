import { REAL_RATES, type ZoneReaction } from '@course/rules';

/** Reaction shares of simulated zones are held within this many points of the real ones. */
export const REACTION_TOLERANCE = 0.08;

/**
 * Shares of zones price came back to, by reaction, as real zones reacted at their first return
 * (REAL_RATES, measured by the course's own rules on the real sample): each within
 * {@link REACTION_TOLERANCE}, and weak stalls rare (at most 5%).
 */
export function expectReactionShares(reactions: readonly ZoneReaction[]): void {
  for (const reaction of ['strong', 'weak', 'break'] as const) {
    const simulated = reactions.filter((found) => found === reaction).length / reactions.length;
    const real = REAL_RATES.reactions[reaction].share;
    expect({
      reaction,
      simulated,
      real,
      near: Math.abs(simulated - real) <= REACTION_TOLERANCE,
    }).toEqual({ reaction, simulated, real, near: true });
  }
  const weak = reactions.filter((found) => found === 'weak').length / reactions.length;
  expect(weak).toBeLessThanOrEqual(0.05);
}
