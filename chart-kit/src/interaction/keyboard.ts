/** What a key does on a focused chart. */
export type KeyCommand =
  | 'zoom-in'
  | 'zoom-out'
  | 'pan-earlier'
  | 'pan-later'
  | 'crosshair-left'
  | 'crosshair-right'
  | 'crosshair-up'
  | 'crosshair-down'
  | 'move-line-up'
  | 'move-line-down'
  | 'place-line'
  | 'delete-line'
  | 'select-next-line'
  | 'reset-view'
  | 'escape';

export interface KeyInput {
  key: string;
  shiftKey?: boolean;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

/**
 * Maps a key to a chart command. Arrows move the keyboard crosshair (left/right by candle, up/down
 * by one price tick); with a line selected, up/down move that line instead. Enter places a line at
 * the crosshair, Delete or Backspace removes the selected line, L selects the next line, Escape
 * clears the selection (and leaves Draw Line mode), +/- zoom, Page Up/Down pan and Home returns to
 * the starting view. Modified keys are left to the browser.
 */
export function keyCommand(
  input: KeyInput,
  context: { lineSelected: boolean },
): KeyCommand | undefined {
  if (input.ctrlKey || input.metaKey || input.altKey) return undefined;
  switch (input.key) {
    case '+':
    case '=':
      return 'zoom-in';
    case '-':
    case '_':
      return 'zoom-out';
    case 'PageUp':
      return 'pan-earlier';
    case 'PageDown':
      return 'pan-later';
    case 'ArrowLeft':
      return 'crosshair-left';
    case 'ArrowRight':
      return 'crosshair-right';
    case 'ArrowUp':
      return context.lineSelected ? 'move-line-up' : 'crosshair-up';
    case 'ArrowDown':
      return context.lineSelected ? 'move-line-down' : 'crosshair-down';
    case 'Enter':
      return 'place-line';
    case 'Delete':
    case 'Backspace':
      return context.lineSelected ? 'delete-line' : undefined;
    case 'l':
    case 'L':
      return 'select-next-line';
    case 'Home':
      return 'reset-view';
    case 'Escape':
      return 'escape';
    default:
      return undefined;
  }
}
