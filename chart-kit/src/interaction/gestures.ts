/** What the pointer gesture machine drives; the chart engine implements it. */
export interface GestureHost {
  /** The active tool: 'line' turns a click into a new line. */
  readonly tool: ChartTool;
  /** The id of the line within `tolerancePx` of `y`, if any. */
  hitLine(y: number, tolerancePx: number): string | undefined;
  selectLine(id: string | undefined): void;
  /** Moves a line so that it passes through `y` while it is dragged. */
  dragLine(id: string, y: number): void;
  /** A drag ended; `moved` is false when the line was only clicked. */
  endLineDrag(id: string, moved: boolean): void;
  placeLine(x: number, y: number): void;
  pan(deltaPx: number): void;
  /** The pointer is at (x, y): the crosshair follows. */
  hover(x: number, y: number): void;
}

export type ChartTool = 'none' | 'line';

export interface GesturePoint {
  x: number;
  y: number;
  /** 'touch' gets a wider grab distance than a mouse. */
  pointerType?: string;
}

/** How far a press may wander and still count as a click (and not a pan). */
export const CLICK_SLOP_PX = 4;
const MOUSE_GRAB_PX = 6;
const TOUCH_GRAB_PX = 14;

type GestureState =
  | { kind: 'idle' }
  | { kind: 'pressed'; startX: number; startY: number; lastX: number }
  | { kind: 'panning'; lastX: number }
  | { kind: 'dragging'; id: string; grabOffset: number; moved: boolean };

/**
 * One pointer's gesture as a small state machine: a press on a line grabs it (drag moves it, a
 * click selects it); a press elsewhere becomes a pan once it moves, or a click that places a line
 * (line tool) or clears the selection. Free of the DOM, so tests drive it with plain points.
 */
export class GestureMachine {
  private state: GestureState = { kind: 'idle' };

  constructor(private readonly host: GestureHost) {}

  get current(): GestureState['kind'] {
    return this.state.kind;
  }

  /** The line being dragged, if any. */
  get draggedLine(): string | undefined {
    return this.state.kind === 'dragging' ? this.state.id : undefined;
  }

  down(point: GesturePoint, lineY: (id: string) => number): void {
    const grab = point.pointerType === 'touch' ? TOUCH_GRAB_PX : MOUSE_GRAB_PX;
    const id = this.host.hitLine(point.y, grab);
    if (id !== undefined) {
      this.host.selectLine(id);
      // Keep the grab offset so the line does not jump to the pointer when the drag starts.
      this.state = { kind: 'dragging', id, grabOffset: lineY(id) - point.y, moved: false };
      return;
    }
    this.state = { kind: 'pressed', startX: point.x, startY: point.y, lastX: point.x };
  }

  move(point: GesturePoint): void {
    const state = this.state;
    if (state.kind === 'pressed') {
      const distance = Math.hypot(point.x - state.startX, point.y - state.startY);
      if (distance > CLICK_SLOP_PX) {
        this.state = { kind: 'panning', lastX: point.x };
        this.host.pan(point.x - state.lastX);
      }
    } else if (state.kind === 'panning') {
      this.host.pan(point.x - state.lastX);
      state.lastX = point.x;
    } else if (state.kind === 'dragging') {
      state.moved = true;
      this.host.dragLine(state.id, point.y + state.grabOffset);
    }
    this.host.hover(point.x, point.y);
  }

  up(point: GesturePoint): void {
    const state = this.state;
    this.state = { kind: 'idle' };
    if (state.kind === 'pressed') {
      if (this.host.tool === 'line') this.host.placeLine(point.x, point.y);
      else this.host.selectLine(undefined);
    } else if (state.kind === 'dragging') {
      this.host.endLineDrag(state.id, state.moved);
    }
  }

  /** The gesture was interrupted (a second finger, pointercancel): nothing is placed. */
  cancel(): void {
    const state = this.state;
    this.state = { kind: 'idle' };
    if (state.kind === 'dragging') this.host.endLineDrag(state.id, state.moved);
  }
}
