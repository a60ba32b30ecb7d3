import type { ZoneReaction } from '@course/rules';

/** Shares of zones price came back to, by reaction, as a real market gives them. */
const REACTION_SHARES: Record<ZoneReaction, readonly [number, number]> = {
  strong: [0.35, 0.6],
  break: [0.15, 0.35],
  weak: [0, 1],
};

export function expectReactionShares(reactions: readonly ZoneReaction[]): void {
  for (const [reaction, [least, most]] of Object.entries(REACTION_SHARES)) {
    const share = reactions.filter((found) => found === reaction).length / reactions.length;
    expect({ reaction, share, inRange: share >= least && share <= most }).toEqual({
      reaction,
      share,
      inRange: true,
    });
  }
}
