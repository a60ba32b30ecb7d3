import type { ChartInput } from './chart-input.js';
import { pointerKind, type ToolPointerEvent } from './tools/tool-event.js';

/**
 * Turns the canvas' DOM events into the chart's input events (pointer, wheel, keys) and back into
 * the DOM's side effects: focus on press, pointer capture, the cursor, preventDefault for keys
 * and wheel turns the chart uses, and who a touch belongs to. Only the canvas listens.
 *
 * Touch: the canvas has `touch-action: pan-y` (the browser scrolls the page with a vertical
 * swipe and cancels the chart's pointer; horizontal moves and pinches come to the chart), or
 * `none` while every touch is the chart's (line tool, `verticalSwipe: 'chart'`). The browser
 * reads touch-action when a touch starts, too early to know whether the finger is on a line, so
 * a touch that starts on a line (or adds a second finger) cancels its `touchstart` instead, which
 * keeps the page still for that whole touch. Returns a function that removes every listener.
 */
export function attachDomInput(canvas: HTMLCanvasElement, input: ChartInput): () => void {
  const { pointers, keyboard, tools } = input;

  const toolEvent = (event: PointerEvent): ToolPointerEvent => {
    const rect = canvas.getBoundingClientRect();
    return {
      x: event.clientX - rect.left,
      y: event.clientY - rect.top,
      pointerId: event.pointerId,
      pointerType: pointerKind(event.pointerType),
      button: event.button,
      shiftKey: event.shiftKey,
      altKey: event.altKey,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
    };
  };
  const updateCursor = () => {
    canvas.style.cursor = tools.cursor();
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    canvas.focus({ preventScroll: true });
    canvas.setPointerCapture(event.pointerId);
    pointers.down(toolEvent(event));
    updateCursor();
  };
  const onPointerMove = (event: PointerEvent) => {
    pointers.move(toolEvent(event));
    updateCursor();
  };
  const onPointerUp = (event: PointerEvent) => {
    pointers.up(toolEvent(event));
    updateCursor();
  };
  const onPointerCancel = (event: PointerEvent) => {
    pointers.cancel(toolEvent(event));
    updateCursor();
  };
  const onPointerLeave = (event: PointerEvent) => {
    pointers.leave(toolEvent(event));
  };
  const onWheel = (event: WheelEvent) => {
    event.preventDefault();
    const rect = canvas.getBoundingClientRect();
    // Trackpads send small deltas in pixels, mice larger ones in lines: normalise to pixels.
    const perLine = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? 16 : 1;
    pointers.wheel({
      x: event.clientX - rect.left,
      y: event.clientY - rect.top,
      deltaX: event.deltaX * perLine,
      deltaY: event.deltaY * perLine,
      shiftKey: event.shiftKey,
    });
  };
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.changedTouches[0];
    if (!touch || !event.cancelable) return;
    const rect = canvas.getBoundingClientRect();
    // Pointer events come first, so the touch's pointer is already down in `input`.
    if (input.claimsTouchAt({ x: touch.clientX - rect.left, y: touch.clientY - rect.top })) {
      event.preventDefault();
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (keyboard.keyDown(event)) {
      event.preventDefault();
      updateCursor();
    }
  };

  const listeners: [string, EventListener, AddEventListenerOptions?][] = [
    ['pointerdown', onPointerDown as EventListener],
    ['pointermove', onPointerMove as EventListener],
    ['pointerup', onPointerUp as EventListener],
    ['pointercancel', onPointerCancel as EventListener],
    ['pointerleave', onPointerLeave as EventListener],
    ['wheel', onWheel as EventListener, { passive: false }],
    ['touchstart', onTouchStart as EventListener, { passive: false }],
    ['keydown', onKeyDown as EventListener],
  ];
  for (const [type, listener, options] of listeners) {
    canvas.addEventListener(type, listener, options);
  }
  canvas.style.touchAction = input.touchAction();
  const offTouchAction = input.onTouchActionChange((action) => {
    canvas.style.touchAction = action;
  });
  return () => {
    offTouchAction();
    for (const [type, listener] of listeners) canvas.removeEventListener(type, listener);
  };
}
