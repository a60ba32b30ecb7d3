import type { Meta, StoryObj } from '@storybook/react-vite';
import type { LineRole } from 'chart-kit';
import { gradeTradePlan, type PlanGrade, plannedSize, SHARES } from '@course/rules';
import { Chart, type ChartProps, useLines } from 'chart-kit/react';
import { useEffect, useState } from 'react';
import { creationKey, suppliedByStory } from './support/args.js';
import { useStoryEngine } from './support/expose-engine.js';
import { exerciseZone, marketCandles, zoneLabel } from './support/market-data.js';
import { Controls, Note, Readout, StoryButton, StoryFrame } from './support/StoryFrame.js';

const PLAN_ROLES: readonly LineRole[] = [
  { name: 'Entry', color: 0x4f8cff },
  { name: 'Stop', color: 0xef5350, shadeTo: 'Entry' },
  { name: 'Target', color: 0x26a69a, shadeTo: 'Entry' },
];
const ACCOUNT = 25_000;
const RISK_PERCENT = 1;

function TradePlanDemo(args: ChartProps) {
  const [engine, onEngine] = useStoryEngine();
  const { lines, tool, setTool, clearLines } = useLines(engine);
  const [grade, setGrade] = useState<PlanGrade>();
  const [zone] = useState(exerciseZone);

  useEffect(() => {
    if (!engine) return;
    void engine.showZone({ upper: zone.upper, lower: zone.lower, label: zoneLabel(zone) });
    engine.setTool('line');
  }, [engine, zone]);

  const priceOf = (role: string) => lines.find((line) => line.role === role)?.price;
  const entry = priceOf('Entry');
  const stop = priceOf('Stop');
  const target = priceOf('Target');
  const size =
    entry !== undefined && stop !== undefined && entry !== stop
      ? plannedSize({ account: ACCOUNT, riskPercent: RISK_PERCENT, entry, stop }, SHARES).size
      : undefined;

  const check = () => {
    if (entry === undefined || stop === undefined || target === undefined || size === undefined)
      return;
    const height = zone.upper - zone.lower;
    const result = gradeTradePlan(
      { entry, stop, target, size, account: ACCOUNT, riskPercent: RISK_PERCENT },
      {
        zone,
        // For the story: an opposing zone four zone heights beyond the near line.
        opposing:
          zone.type === 'demand'
            ? { lower: zone.upper + 4 * height, upper: zone.upper + 5 * height }
            : { upper: zone.lower - 4 * height, lower: zone.lower - 5 * height },
        averageRange: height,
        instrument: SHARES,
      },
    );
    setGrade(result);
    engine?.announce(result.feedback.join(' '));
  };

  return (
    <StoryFrame>
      <Controls>
        <StoryButton pressed={tool === 'line'} onClick={() => setTool('line')}>
          Place lines
        </StoryButton>
        <StoryButton
          onClick={() => {
            clearLines();
            setGrade(undefined);
          }}
        >
          Start over
        </StoryButton>
        <StoryButton disabled={target === undefined} onClick={check}>
          Check plan
        </StoryButton>
      </Controls>
      <Chart {...args} candles={marketCandles()} lineRoles={PLAN_ROLES} onEngine={onEngine} />
      <Readout testId="plan">
        {lines.length === 0
          ? 'No lines yet: click to place the entry, then the stop, then the target.'
          : lines.map((line) => `${line.role ?? 'Line'} ${line.price.toFixed(2)}`).join(', ') +
            (size === undefined ? '' : `; size ${size} shares`)}
      </Readout>
      <Readout testId="grade">
        {grade ? `${grade.pass ? 'Pass' : 'Miss'}: ${grade.feedback.join(' ')}` : ''}
      </Readout>
      <Note>
        <code>lineRoles</code> gives each placed line the first free role: here the entry, the stop
        and the target of a trade at the zone, each in its colour with its name; the stop and target
        roles shade the risk and the reward against the entry. The size is worked out with{' '}
        <code>plannedSize</code> (1% of 25,000 dollars over the distance from entry to stop) and the
        plan graded with <code>gradeTradePlan</code>, both from the course&apos;s own package (
        <code>@course/rules</code>), not from chart-kit: the chart places and names the lines, and
        the app decides what a plan is worth.
      </Note>
    </StoryFrame>
  );
}

const meta = {
  title: 'Chart/Trade plan',
  component: Chart,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'Lines with roles (`lineRoles`): a trade plan’s entry, stop and target, drawn and ' +
          'announced by role, with the risk and reward shaded; `chart.lines()` gives each ' +
          'line’s `role`.',
      },
    },
  },
  argTypes: suppliedByStory,
  args: {
    height: 440,
    magnet: false,
    initialBars: 80,
    timeZone: 'America/New_York',
    label: 'Trade-plan chart: place the entry, the stop and the target',
  },
  render: (args) => <TradePlanDemo key={creationKey(args)} {...args} />,
} satisfies Meta<ChartProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Place the entry, the stop and the target in turn, then check the plan. */
export const EntryStopTarget: Story = {};
