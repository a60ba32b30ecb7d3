/** 'mouse' and 'pen' are precise; 'touch' gets wider grab and click distances. */
export type PointerKind = 'mouse' | 'pen' | 'touch';

/**
 * A pointer event as the tools see it: its own point (CSS pixels from the chart's top left), which
 * pointer, and the modifiers. Every decision a tool makes reads the event it is handling, never
 * an earlier one.
 */
export interface ToolPointerEvent {
  x: number;
  y: number;
  pointerId: number;
  pointerType: PointerKind;
  /** 0 for the main button (or a touch), 2 for the secondary one. */
  button: number;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/** A pointer event with defaults: a mouse's main button, pointer 1, no modifier. */
export function toolPointerEvent(
  point: { x: number; y: number } & Partial<ToolPointerEvent>,
): ToolPointerEvent {
  return {
    pointerId: 1,
    pointerType: 'mouse',
    button: 0,
    shiftKey: false,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    ...point,
  };
}

/** A DOM pointer type ('mouse', 'pen', 'touch', or '' from some browsers) as a PointerKind. */
export function pointerKind(type: string): PointerKind {
  return type === 'touch' || type === 'pen' ? type : 'mouse';
}

/** How far a press may wander and still be a click or tap (not a drag). */
export function clickSlopPx(event: ToolPointerEvent): number {
  return event.pointerType === 'touch' ? 10 : 4;
}

/** How close to a line a press grabs it. */
export function grabDistancePx(event: ToolPointerEvent): number {
  return event.pointerType === 'touch' ? 14 : 6;
}

/** Whether `event` has moved from `start` beyond the click distance. */
export function movedBeyondClick(
  start: { x: number; y: number },
  event: ToolPointerEvent,
): boolean {
  return Math.hypot(event.x - start.x, event.y - start.y) > clickSlopPx(event);
}
