import type { Meta, StoryObj } from '@storybook/react-vite';
import { type GradeResult, gradeZone } from '@course/rules';
import { Chart, type ChartProps, useLines } from 'chart-kit/react';
import { useEffect, useState } from 'react';
import { creationKey, suppliedByStory } from './support/args.js';
import { useStoryEngine } from './support/expose-engine.js';
import { exerciseZone, marketCandles, zoneLabel } from './support/market-data.js';
import { Controls, Note, Readout, StoryButton, StoryFrame } from './support/StoryFrame.js';

function DrawingExerciseDemo(args: ChartProps) {
  const [engine, onEngine] = useStoryEngine();
  const { lines, selectedLine, tool, setTool, removeLine, clearLines } = useLines(engine);
  const [grade, setGrade] = useState<GradeResult>();

  useEffect(() => {
    // An exercise starts with the line tool on, so the first click draws.
    engine?.setTool('line');
  }, [engine]);

  const checkAnswer = () => {
    if (!engine) return;
    const answer = exerciseZone();
    const result = gradeZone(
      lines.map((line) => line.price),
      answer,
    );
    setGrade(result);
    engine.announce(result.feedback);
    void engine.showZone({ upper: answer.upper, lower: answer.lower, label: zoneLabel(answer) });
  };

  const startOver = () => {
    clearLines();
    engine?.clearZone();
    setGrade(undefined);
    setTool('line');
  };

  return (
    <StoryFrame>
      <Controls>
        <StoryButton
          pressed={tool === 'line'}
          onClick={() => setTool(tool === 'line' ? 'none' : 'line')}
        >
          Line tool
        </StoryButton>
        <StoryButton
          disabled={selectedLine === undefined}
          onClick={() => selectedLine !== undefined && removeLine(selectedLine)}
        >
          Delete selected line
        </StoryButton>
        <StoryButton onClick={startOver}>Start over</StoryButton>
        <StoryButton disabled={lines.length < 2} onClick={checkAnswer}>
          Check answer
        </StoryButton>
      </Controls>
      <Chart {...args} candles={marketCandles()} onEngine={onEngine} />
      <Readout testId="lines">
        {lines.length === 0
          ? 'No lines yet: click the chart to place one.'
          : `Lines: ${lines.map((line) => line.price.toFixed(2)).join(', ')}`}
      </Readout>
      <Readout testId="grade">
        {grade ? `${grade.pass ? 'Pass' : 'Miss'}: ${grade.feedback}` : ''}
      </Readout>
      <Note>
        Mark the most recent supply or demand zone with two lines. With the line tool on, press at
        one edge of the zone and let go at the other: one drag draws both lines, shading the box as
        you go. A click or tap always adds a line, even right next to another one (a thin zone); the
        tool turns itself off after <code>maxLines</code>. Drag a line to move it; click one (tool
        off) to select it, then press Delete or Backspace. The box between the first two lines is
        the answer. chart-kit does not grade it: this story grades it as the course app does, with{' '}
        <code>gradeZone</code> from the course&apos;s own package (<code>@course/rules</code>), and
        an app of yours brings its own rule.
      </Note>
    </StoryFrame>
  );
}

const meta = {
  title: 'Chart/Drawing',
  component: Chart,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          "chart-kit's line tool with its own hit-testing: `setTool('line')`, `maxLines`, " +
          '`addLine(price)`, `moveLine`, `removeLine`, `clearLines`, the `lineschange` event and ' +
          'the box drawn between the first two lines. `useLines(engine)` gives the same as React ' +
          'state.',
      },
    },
  },
  argTypes: suppliedByStory,
  args: {
    height: 440,
    maxLines: 2,
    magnet: false,
    initialBars: 80,
    timeZone: 'America/New_York',
    label: 'Exercise chart: mark the latest zone with two lines',
  },
  render: (args) => <DrawingExerciseDemo key={creationKey(args)} {...args} />,
} satisfies Meta<ChartProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An exercise: draw two lines (`maxLines: 2`), drag and delete them, then check the answer. */
export const DrawingAnExercise: Story = {};

/**
 * `magnet: true` pulls placed and dragged lines to the nearest open, high, low or close of the
 * candle under the pointer, the same for mouse, pen and touch; a square marks the snapped price.
 */
export const MagnetSnapping: Story = { args: { magnet: true } };
