import type { ChartModel } from '../../model/chart-model.js';
import type { ToolPointerEvent } from './tool-event.js';

/** The event kinds a state may handle (see the optional handlers of {@link StateNode}). */
export type ToolEventName =
  'onPointerDown' | 'onPointerMove' | 'onPointerUp' | 'onCancel' | 'onLeave';

/**
 * One state of a tool, or a tool itself: a node in a small tree of states. A node with children
 * is in exactly one of them; an event goes to the node and then down to its current child, and
 * `transition` swaps the child (exit, then enter with whatever the next state needs to know).
 */
export abstract class StateNode {
  abstract readonly id: string;
  parent: StateNode | undefined;
  private readonly children = new Map<string, StateNode>();
  private initial: string | undefined;
  private currentChild: StateNode | undefined;

  constructor(protected readonly model: ChartModel) {}

  onPointerDown?(event: ToolPointerEvent): void;
  onPointerMove?(event: ToolPointerEvent): void;
  onPointerUp?(event: ToolPointerEvent): void;
  /** The gesture was interrupted (a second finger, pointercancel, Escape): nothing is committed. */
  onCancel?(): void;
  /** The pointer left the chart without a button down. */
  onLeave?(): void;

  /** The CSS cursor while in this state ('' for the default). */
  cursor(): string {
    return this.currentChild?.cursor() ?? '';
  }

  /** Dotted ids of the active states below this one, e.g. 'line.pointing'. */
  get path(): string {
    return this.currentChild ? `${this.id}.${this.currentChild.path}` : this.id;
  }

  get current(): StateNode | undefined {
    return this.currentChild;
  }

  /** Declares the child states; `initial` is entered with the parent. */
  protected addChildren(initial: string, children: readonly StateNode[]): void {
    for (const child of children) {
      child.parent = this;
      this.children.set(child.id, child);
    }
    this.initial = initial;
  }

  /** Leaves the current child and enters the child `id`, handing it `info`. */
  transition(id: string, info?: unknown): void {
    const next = this.children.get(id);
    if (!next) throw new Error(`${this.id} has no state '${id}'`);
    this.currentChild?.exit();
    this.currentChild = next;
    next.enter(info);
  }

  enter(info?: unknown): void {
    this.onEnter(info);
    if (this.initial !== undefined) this.transition(this.initial, info);
  }

  exit(): void {
    this.currentChild?.exit();
    this.currentChild = undefined;
    this.onExit();
  }

  /** Runs this node's handler for the event, then the current child's. */
  handle(name: ToolEventName, event?: ToolPointerEvent): void {
    switch (name) {
      case 'onPointerDown':
        if (event) this.onPointerDown?.(event);
        break;
      case 'onPointerMove':
        if (event) this.onPointerMove?.(event);
        break;
      case 'onPointerUp':
        if (event) this.onPointerUp?.(event);
        break;
      case 'onCancel':
        this.onCancel?.();
        break;
      case 'onLeave':
        this.onLeave?.();
        break;
    }
    this.currentChild?.handle(name, event);
  }

  protected onEnter(_info: unknown): void {
    // Most states need nothing on entry.
  }

  protected onExit(): void {
    // Most states need nothing on exit.
  }
}
