import type { PlanSetup } from '../api/index.js';
import { moneyText, ratioText, type PlanNumbers } from './plan-numbers.js';

interface PlanPanelProps {
  setup: PlanSetup;
  numbers: PlanNumbers;
  /** The account and the risk as typed (kept as text, so a half-typed number stays). */
  account: string;
  risk: string;
  onAccount: (account: string) => void;
  onRisk: (risk: string) => void;
}

/**
 * Beside the plan's chart: the account and the risk the learner may change, and the size, the
 * risk in dollars and the reward-to-risk of the lines placed, worked out live.
 */
export function PlanPanel({ setup, numbers, account, risk, onAccount, onRisk }: PlanPanelProps) {
  return (
    <>
      <h3>Your plan</h3>
      <div className="plan__money">
        <label>
          Account (dollars)
          <input
            type="number"
            min="1"
            step="any"
            inputMode="decimal"
            value={account}
            onChange={(event) => onAccount(event.target.value)}
          />
        </label>
        <label>
          Risk per trade (%)
          <input
            type="number"
            min="0.1"
            max="100"
            step="0.1"
            inputMode="decimal"
            value={risk}
            onChange={(event) => onRisk(event.target.value)}
          />
        </label>
      </div>
      <dl className="plan__numbers">
        <dt>Money at risk</dt>
        <dd>{moneyText(numbers.budget)} dollars</dd>
        {setup.buyingPower !== null && (
          <>
            <dt>Buying power</dt>
            <dd>{moneyText(setup.buyingPower)} dollars</dd>
          </>
        )}
        {(['entry', 'stop', 'target'] as const).map((role) => (
          <div key={role} className={`plan__row plan__row--${role}`}>
            <dt>{role.charAt(0).toUpperCase() + role.slice(1)}</dt>
            <dd>{numbers[role] === undefined ? '–' : numbers[role].toFixed(2)}</dd>
          </div>
        ))}
        <dt>Size</dt>
        <dd data-testid="plan-size">
          {numbers.size === undefined ? '–' : `${numbers.size} ${setup.unit}`}
        </dd>
        {numbers.positionValue !== undefined && (
          <>
            <dt>Position value</dt>
            <dd>{moneyText(numbers.positionValue)} dollars</dd>
          </>
        )}
        <dt>Risk if the stop is hit</dt>
        <dd>
          {numbers.riskDollars === undefined ? '–' : `${moneyText(numbers.riskDollars)} dollars`}
        </dd>
        <dt>Reward-to-risk</dt>
        <dd data-testid="plan-ratio">
          {numbers.rewardToRisk === undefined
            ? '–'
            : ratioText(numbers.rewardToRisk, setup.minRewardToRisk)}
        </dd>
      </dl>
      <p className="muted">The course asks for at least {setup.minRewardToRisk}:1.</p>
      {numbers.missing && <p className="muted">{numbers.missing}</p>}
      {numbers.limitedByBuyingPower && setup.buyingPower !== null && (
        <p className="muted" data-testid="plan-buying-power">
          The risk would allow more {setup.unit}, but {moneyText(setup.buyingPower)} dollars of
          buying power pays for only {numbers.size}: this trade risks less than planned.
        </p>
      )}
      <p className="muted">
        Size = money at risk ÷ (entry − stop
        {setup.pointValue === 1 ? '' : ` × ${setup.pointValue} dollars per point`}), rounded down.
      </p>
    </>
  );
}
