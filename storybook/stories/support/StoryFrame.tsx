import type { ButtonHTMLAttributes, CSSProperties, ReactNode } from 'react';
import type { Timeframe } from 'chart-kit';

const DARK_COLORS = {
  '--story-text': '#e6e6f0',
  '--story-muted': '#a9a9c2',
  '--story-background': '#13131f',
  '--story-button': '#262640',
  '--story-button-pressed': '#3d3d66',
  '--story-border': '#4a4a6a',
};

const LIGHT_COLORS = {
  '--story-text': '#1f1f2e',
  '--story-muted': '#55556a',
  '--story-background': '#ffffff',
  '--story-button': '#f0f0f5',
  '--story-button-pressed': '#d6d6e6',
  '--story-border': '#b8b8cc',
};

/** Page-like frame of a story: the chart's background, readable text, a fixed width. */
export function StoryFrame({
  children,
  light = false,
  width = 820,
}: {
  children: ReactNode;
  light?: boolean;
  width?: number;
}) {
  const style = {
    ...(light ? LIGHT_COLORS : DARK_COLORS),
    width,
    maxWidth: '100%',
    display: 'flex',
    flexDirection: 'column',
    gap: 12,
    padding: 12,
    boxSizing: 'border-box',
    color: 'var(--story-text)',
    background: 'var(--story-background)',
    fontFamily: 'system-ui, sans-serif',
    fontSize: 14,
  } as CSSProperties;
  return <div style={style}>{children}</div>;
}

/** A row of controls above or below the chart. */
export function Controls({ children }: { children: ReactNode }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
      {children}
    </div>
  );
}

/** A button in the story's colours; `pressed` makes it a toggle (aria-pressed). */
export function StoryButton({
  pressed,
  style,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { pressed?: boolean }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      style={{
        padding: '6px 12px',
        border: '1px solid var(--story-border)',
        borderRadius: 6,
        color: 'var(--story-text)',
        background: pressed ? 'var(--story-button-pressed)' : 'var(--story-button)',
        font: 'inherit',
        cursor: props.disabled ? 'default' : 'pointer',
        opacity: props.disabled ? 0.5 : 1,
        ...style,
      }}
      {...props}
    />
  );
}

/** One toggle per timeframe, as `useTimeframe` gives them; disabled while a morph runs. */
export function TimeframeButtons({
  timeframes,
  timeframe,
  switching,
  onSelect,
}: {
  timeframes: readonly Timeframe[];
  timeframe: Timeframe | undefined;
  switching: boolean;
  onSelect: (timeframe: Timeframe) => void;
}) {
  return timeframes.map((option) => (
    <StoryButton
      key={option}
      pressed={option === timeframe}
      disabled={switching}
      onClick={() => onSelect(option)}
    >
      {option}
    </StoryButton>
  ));
}

/** A line of state read from the chart (tests read these too, by their test id). */
export function Readout({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <output data-testid={testId} style={{ fontFamily: 'ui-monospace, monospace', minHeight: 20 }}>
      {children}
    </output>
  );
}

/** A short explanation next to the chart. */
export function Note({ children }: { children: ReactNode }) {
  return <p style={{ margin: 0, color: 'var(--story-muted)', lineHeight: 1.5 }}>{children}</p>;
}
