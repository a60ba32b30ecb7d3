import {
  isBreakevenR,
  plannedSize,
  ratioNumberText,
  rewardToRisk,
  type Instrument,
} from '@course/rules';
import type { PlanSetup } from '../api/index.js';

/** The roles of a plan's lines, in the order they are placed. */
export const PLAN_ROLES = ['Entry', 'Stop', 'Target'] as const;
export type PlanRole = (typeof PLAN_ROLES)[number];

/** What the panel beside the chart shows while the learner plans, worked out live. */
export interface PlanNumbers {
  entry?: number;
  stop?: number;
  target?: number;
  /** Money at risk the account and risk % allow (account x risk / 100). */
  budget: number;
  /** What one unit loses between entry and stop. */
  riskPerUnit?: number;
  /** Units the budget buys at this entry and stop, rounded down to a tradable amount. */
  size?: number;
  /** What `size` loses if the stop is hit. */
  riskDollars?: number;
  /** What `size` costs at the entry (shares). */
  positionValue?: number;
  /** The buying power, not the risk, decided the size. */
  limitedByBuyingPower?: boolean;
  rewardToRisk?: number;
  /** Why a number cannot be worked out yet, for the panel. */
  missing?: string;
}

export function instrumentOf(setup: PlanSetup): Instrument {
  return {
    kind:
      setup.instrument === 'micro-e-mini'
        ? 'futures'
        : setup.instrument === 'forex'
          ? 'forex'
          : 'shares',
    pointValue: setup.pointValue,
    unit: setup.unit,
    step: setup.step,
  };
}

/** The live numbers for the lines placed so far and the money side the learner entered. */
export function planNumbers(
  lines: readonly { role?: string; price: number }[],
  setup: PlanSetup,
  account: number,
  riskPercent: number,
): PlanNumbers {
  const priceOf = (role: PlanRole) => lines.find((line) => line.role === role)?.price;
  const entry = priceOf('Entry');
  const stop = priceOf('Stop');
  const target = priceOf('Target');
  const validMoney =
    Number.isFinite(account) && account > 0 && riskPercent > 0 && riskPercent <= 100;
  const budget = validMoney ? (account * riskPercent) / 100 : 0;
  const numbers: PlanNumbers = { entry, stop, target, budget };
  if (entry === undefined || stop === undefined) {
    return { ...numbers, missing: 'Place the entry and the stop to see the size.' };
  }
  if (entry === stop) return { ...numbers, missing: 'The entry and the stop are at one price.' };
  const instrument = instrumentOf(setup);
  const riskPerUnit = Math.abs(entry - stop) * instrument.pointValue;
  const planned = validMoney
    ? plannedSize({ account, riskPercent, entry, stop }, instrument, setup.buyingPower ?? undefined)
    : { size: 0, limitedByBuyingPower: false };
  const { size } = planned;
  const withSize: PlanNumbers = {
    ...numbers,
    riskPerUnit,
    size,
    riskDollars: Math.round(size * riskPerUnit * 100) / 100,
    limitedByBuyingPower: planned.limitedByBuyingPower,
    ...(instrument.kind === 'shares'
      ? { positionValue: Math.round(size * entry * 100) / 100 }
      : {}),
  };
  if (target === undefined)
    return { ...withSize, missing: 'Place the target to see the reward-to-risk.' };
  return { ...withSize, rewardToRisk: rewardToRisk(entry, stop, target) };
}

/**
 * "2.4 : 1"; given the exercise's minimum, a ratio just short of it keeps the decimals that show
 * it ("1.97 : 1", not "2.0 : 1").
 */
export function ratioText(ratio: number, minimum?: number): string {
  // No-break spaces: "2.4 : 1" never breaks across two lines.
  return `${ratioNumberText(ratio, minimum)}\u00a0:\u00a01`;
}

const sign = (value: number) => (value > 0 ? '+' : value < 0 ? '−' : '');

/** "+2.6R", "−1.0R" */
export function rText(resultR: number): string {
  return `${sign(Number(resultR.toFixed(1)))}${Math.abs(resultR).toFixed(1)}R`;
}

/** A trade's result that reads 0.0R is breakeven, neither a win nor a loss. */
export function isBreakeven(resultR: number): boolean {
  return isBreakevenR(resultR);
}

/** One trade's result: "+2.6R", "−1.0R", or "breakeven 0.0R" (not a loss). */
export function tradeRText(resultR: number): string {
  return isBreakeven(resultR) ? 'breakeven 0.0R' : rText(resultR);
}

/** The class a trade's result is coloured by: a win, a loss, or breakeven. */
export function resultClass(resultR: number): string {
  return isBreakeven(resultR) ? 'results__even' : resultR > 0 ? 'results__win' : 'results__loss';
}

/** "1,250.00": an amount of money, with cents. */
export function moneyText(value: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** "+648.50 dollars" */
export function dollarsText(dollars: number): string {
  return `${sign(Number(dollars.toFixed(2)))}${moneyText(Math.abs(dollars))} dollars`;
}

/** "+2.6R (+648.50 dollars)" */
export function resultText(resultR: number, dollars: number): string {
  return `${rText(resultR)} (${dollarsText(dollars)})`;
}
