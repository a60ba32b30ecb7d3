import type { GestureMachine } from './gestures.js';
import { keyCommand, type KeyCommand } from './keyboard.js';

/** What the DOM input adapter needs from a chart. */
export interface InputTarget {
  readonly canvas: HTMLCanvasElement;
  readonly gestures: GestureMachine;
  readonly lineSelected: boolean;
  /** y of a line in CSS pixels, so a drag keeps its grab offset. */
  lineY(id: string): number;
  zoom(factor: number, anchorX?: number): void;
  pan(deltaPx: number): void;
  pointerLeft(): void;
  /** The cursor for a pointer at `y` when no button is down. */
  cursorAt(y: number): string;
  runKeyCommand(command: KeyCommand): void;
}

const WHEEL_ZOOM_PER_PIXEL = 0.0015;

/**
 * Turns pointer, wheel and key events on the canvas into gestures (the state machine), zoom and
 * keyboard commands. One finger or the mouse goes to the gesture machine; a second finger turns
 * the gesture into a pinch zoom. Only the canvas listens, and only the canvas has
 * `touch-action: none`, so a touch outside the chart still scrolls the page. Returns a function
 * that removes every listener.
 */
export function attachInput(target: InputTarget): () => void {
  const { canvas, gestures } = target;
  const pointers = new Map<number, { x: number; y: number }>();
  let pinchDistance: number | undefined;

  const local = (event: { clientX: number; clientY: number }) => {
    const rect = canvas.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    canvas.focus({ preventScroll: true });
    canvas.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, local(event));
    if (pointers.size === 1) {
      gestures.down({ ...local(event), pointerType: event.pointerType }, (id) => target.lineY(id));
    } else if (pointers.size === 2) {
      gestures.cancel();
      pinchDistance = currentPinchDistance();
    }
  };

  const onPointerMove = (event: PointerEvent) => {
    const point = local(event);
    if (!pointers.has(event.pointerId)) {
      // Hovering: the crosshair follows and the cursor tells what a press would do.
      gestures.move({ ...point, pointerType: event.pointerType });
      canvas.style.cursor = target.cursorAt(point.y);
      return;
    }
    pointers.set(event.pointerId, point);
    if (pointers.size === 1) {
      gestures.move({ ...point, pointerType: event.pointerType });
    } else if (pointers.size === 2 && pinchDistance) {
      const distance = currentPinchDistance();
      const [a, b] = [...pointers.values()];
      if (a && b && distance > 0) {
        target.zoom(distance / pinchDistance, (a.x + b.x) / 2);
        pinchDistance = distance;
      }
    }
  };

  const onPointerUp = (event: PointerEvent) => {
    if (!pointers.has(event.pointerId)) return;
    const wasSingle = pointers.size === 1;
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinchDistance = undefined;
    if (wasSingle) gestures.up({ ...local(event), pointerType: event.pointerType });
  };

  const onPointerCancel = (event: PointerEvent) => {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinchDistance = undefined;
    gestures.cancel();
  };

  const onPointerLeave = (event: PointerEvent) => {
    if (pointers.has(event.pointerId)) return;
    target.pointerLeft();
  };

  const onWheel = (event: WheelEvent) => {
    event.preventDefault();
    // Trackpads send small deltas in pixels, mice larger ones in lines: normalise to pixels.
    const delta = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * 16 : event.deltaY;
    if (event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)) {
      target.pan(-(event.deltaX || delta));
      return;
    }
    target.zoom(Math.exp(-delta * WHEEL_ZOOM_PER_PIXEL), local(event).x);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const command = keyCommand(event, { lineSelected: target.lineSelected });
    if (!command) return;
    event.preventDefault();
    target.runKeyCommand(command);
  };

  function currentPinchDistance(): number {
    const [a, b] = [...pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  }

  const listeners: [string, EventListener, AddEventListenerOptions?][] = [
    ['pointerdown', onPointerDown as EventListener],
    ['pointermove', onPointerMove as EventListener],
    ['pointerup', onPointerUp as EventListener],
    ['pointercancel', onPointerCancel as EventListener],
    ['pointerleave', onPointerLeave as EventListener],
    ['wheel', onWheel as EventListener, { passive: false }],
    ['keydown', onKeyDown as EventListener],
  ];
  for (const [type, listener, options] of listeners)
    canvas.addEventListener(type, listener, options);
  return () => {
    for (const [type, listener] of listeners) canvas.removeEventListener(type, listener);
  };
}
