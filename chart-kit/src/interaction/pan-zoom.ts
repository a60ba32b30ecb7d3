/** What the pan/zoom tool needs from a chart. */
export interface PanZoomTarget {
  readonly canvas: HTMLCanvasElement;
  pan(deltaPx: number): void;
  zoom(factor: number, anchorX?: number): void;
}

const WHEEL_ZOOM_PER_PIXEL = 0.0015;
const KEY_ZOOM_FACTOR = 1.25;
const KEY_PAN_PX = 40;

/**
 * Drag to pan, wheel to zoom at the pointer, two-finger pinch to zoom, and +/-, arrow keys when
 * the chart has focus. Uses pointer events on the canvas only, so touch outside the chart still
 * scrolls the page. Returns a function that removes every listener.
 */
export function attachPanZoom(target: PanZoomTarget): () => void {
  const { canvas } = target;
  const pointers = new Map<number, { x: number; y: number }>();
  let pinchDistance: number | undefined;

  const localX = (event: { clientX: number }) =>
    event.clientX - canvas.getBoundingClientRect().left;

  const onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0) return;
    canvas.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 2) pinchDistance = currentPinchDistance();
  };

  const onPointerMove = (event: PointerEvent) => {
    const previous = pointers.get(event.pointerId);
    if (!previous) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 1) {
      target.pan(event.clientX - previous.x);
    } else if (pointers.size === 2 && pinchDistance) {
      const distance = currentPinchDistance();
      const [a, b] = [...pointers.values()];
      if (a && b && distance > 0) {
        target.zoom(distance / pinchDistance, localX({ clientX: (a.x + b.x) / 2 }));
        pinchDistance = distance;
      }
    }
  };

  const onPointerEnd = (event: PointerEvent) => {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinchDistance = undefined;
  };

  const onWheel = (event: WheelEvent) => {
    event.preventDefault();
    // Trackpads send small deltas in pixels, mice larger ones in lines: normalise to pixels.
    const delta = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * 16 : event.deltaY;
    if (event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)) {
      target.pan(-(event.deltaX || delta));
      return;
    }
    target.zoom(Math.exp(-delta * WHEEL_ZOOM_PER_PIXEL), localX(event));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const actions: Record<string, (() => void) | undefined> = {
      '+': () => target.zoom(KEY_ZOOM_FACTOR),
      '=': () => target.zoom(KEY_ZOOM_FACTOR),
      '-': () => target.zoom(1 / KEY_ZOOM_FACTOR),
      PageUp: () => target.pan(KEY_PAN_PX * 5),
      PageDown: () => target.pan(-KEY_PAN_PX * 5),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  function currentPinchDistance(): number {
    const [a, b] = [...pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  }

  canvas.addEventListener('pointerdown', onPointerDown);
  canvas.addEventListener('pointermove', onPointerMove);
  canvas.addEventListener('pointerup', onPointerEnd);
  canvas.addEventListener('pointercancel', onPointerEnd);
  canvas.addEventListener('wheel', onWheel, { passive: false });
  canvas.addEventListener('keydown', onKeyDown);
  return () => {
    canvas.removeEventListener('pointerdown', onPointerDown);
    canvas.removeEventListener('pointermove', onPointerMove);
    canvas.removeEventListener('pointerup', onPointerEnd);
    canvas.removeEventListener('pointercancel', onPointerEnd);
    canvas.removeEventListener('wheel', onWheel);
    canvas.removeEventListener('keydown', onKeyDown);
  };
}
