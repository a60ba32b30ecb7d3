import { useState, type SyntheticEvent } from 'react';

interface KeyboardHelpProps {
  onPlace: (price: number) => void;
  disabled: boolean;
}

/** How to draw without a mouse, and a typed-price way to place a line. */
export function KeyboardHelp({ onPlace, disabled }: KeyboardHelpProps) {
  const [price, setPrice] = useState('');

  function onSubmit(event: SyntheticEvent) {
    event.preventDefault();
    const value = Number(price);
    if (!Number.isFinite(value) || value <= 0) return;
    onPlace(value);
    setPrice('');
  }

  return (
    <details className="keyboard-help">
      <summary>Keyboard and typed prices</summary>
      <p>
        Focus the chart with Tab. Arrow keys move the crosshair, Enter places a line at it, L
        selects a line, the up and down arrows move the selected line and Delete removes it.
      </p>
      <form className="keyboard-help__form" onSubmit={onSubmit}>
        <label>
          Line at price{' '}
          <input
            type="number"
            step="any"
            min="0"
            inputMode="decimal"
            value={price}
            onChange={(event) => setPrice(event.target.value)}
          />
        </label>
        <button type="submit" className="button button--ghost" disabled={disabled}>
          Place line
        </button>
      </form>
    </details>
  );
}
