import type { ChartModel } from '../../model/chart-model.js';
import type { ToolPointerEvent } from './tool-event.js';

/** The event kinds a state may handle (see the optional handlers of {@link StateNode}). */
export type ToolEventName =
  'onPointerDown' | 'onPointerMove' | 'onPointerUp' | 'onCancel' | 'onLeave';

/**
 * What each state of one tool is entered with, by state id (undefined: nothing): an interface
 * such as `{ idle: undefined; pointing: ToolPointerEvent }`.
 */
export type StateInfos = object;

/** The siblings a state shared by several tools knows: every tool has an 'idle' state. */
export interface ReturnsToIdle {
  idle: undefined;
}

/** The arguments of entering a state: none when it needs nothing, else its info. */
type EnterArgs<Info> = Info extends undefined ? [] : [info: Info];

/**
 * One state of a tool, or a tool itself: a node in a small tree of states. A node with children
 * is in exactly one of them; an event goes to the node and then down to its current child, and
 * a state moves its parent to a sibling with `goTo` (exit, then enter with whatever the next
 * state needs to know). `Info` is what this state is entered with; `Siblings` maps the ids of the
 * states beside it to theirs, so a transition that hands a state the wrong thing does not compile.
 */
export abstract class StateNode<Info = undefined, Siblings extends StateInfos = StateInfos> {
  abstract readonly id: string;
  parent: StateNode<unknown> | undefined;
  private readonly children = new Map<string, StateNode<unknown>>();
  private initial: string | undefined;
  private currentChild: StateNode<unknown> | undefined;

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

  get current(): StateNode<unknown> | undefined {
    return this.currentChild;
  }

  /**
   * Declares the child states by id (each child's own `id`); `initial`, which needs no info, is
   * entered with the parent. `Children` maps each id to the info its state is entered with.
   */
  protected addChildren<Children extends StateInfos>(
    initial: { [K in keyof Children]: Children[K] extends undefined ? K : never }[keyof Children] &
      string,
    children: { [K in keyof Children]: StateNode<Children[K], Children> },
  ): void {
    for (const [id, child] of Object.entries<StateNode<unknown>>(children)) {
      if (child.id !== id) throw new Error(`state '${child.id}' listed as '${id}'`);
      child.parent = this;
      this.children.set(id, child);
    }
    this.initial = initial;
  }

  /** Moves the parent from this state to the sibling `id`, handing it what it is entered with. */
  protected goTo<K extends keyof Siblings & string>(id: K, ...info: EnterArgs<Siblings[K]>): void {
    this.parent?.transition(id, info[0]);
  }

  /**
   * Leaves the current child and enters the child `id` with `info`. Untyped: states call the
   * typed `goTo`, whose types `addChildren` ties to each child's.
   */
  transition(id: string, info: unknown): void {
    const next = this.children.get(id);
    if (!next) throw new Error(`${this.id} has no state '${id}'`);
    this.currentChild?.exit();
    this.currentChild = next;
    next.enter(info);
  }

  enter(...[info]: EnterArgs<Info>): void {
    this.onEnter(info as Info);
    if (this.initial !== undefined) this.transition(this.initial, undefined);
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

  protected onEnter(_info: Info): void {
    // Most states need nothing on entry.
  }

  protected onExit(): void {
    // Most states need nothing on exit.
  }
}
