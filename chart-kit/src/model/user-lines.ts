/** A horizontal line the user drew. */
export interface ChartLine {
  readonly id: string;
  readonly price: number;
  /** Its role's name, on a chart that gives its lines roles (see {@link LineRole}). */
  readonly role?: string;
}

/**
 * What a line means on a chart whose lines are not interchangeable (a trade plan's entry, stop
 * and target): each placed line takes the first role no line holds, in the order given.
 */
export interface LineRole {
  /** Shown beside the line and said by the screen reader, e.g. 'Entry'. */
  name: string;
  /** The line's colour (0xRRGGBB); the theme's line colour when absent. */
  color?: number;
  /** Shade the band between this line and the line of that role, in this line's colour. */
  shadeTo?: string;
}

/**
 * The user's lines in drawing order (grading reads the first two), which one is selected, and the
 * `maxLines` limit. Plain state with no drawing, so the tools can be tested without a browser.
 */
export class UserLines {
  private items: ChartLine[] = [];
  private nextId = 1;
  selectedId: string | undefined;

  /** With roles, at most one line per role. */
  constructor(
    public maxLines = Number.POSITIVE_INFINITY,
    readonly roles: readonly LineRole[] = [],
  ) {
    if (roles.length > 0) this.maxLines = Math.min(maxLines, roles.length);
  }

  /** The role the next line takes: the first one no line holds. */
  get nextRole(): LineRole | undefined {
    return this.roles.find((role) => !this.items.some((line) => line.role === role.name));
  }

  roleOf(line: ChartLine): LineRole | undefined {
    return this.roles.find((role) => role.name === line.role);
  }

  get list(): readonly ChartLine[] {
    return this.items;
  }

  get isFull(): boolean {
    return this.items.length >= this.maxLines;
  }

  get(id: string): ChartLine | undefined {
    return this.items.find((line) => line.id === id);
  }

  /** Adds a line; undefined when `maxLines` is reached or the price is not a finite number. */
  add(price: number): ChartLine | undefined {
    if (this.isFull || !Number.isFinite(price)) return undefined;
    const role = this.nextRole?.name;
    const line: ChartLine = {
      id: `line-${this.nextId++}`,
      price,
      ...(role === undefined ? {} : { role }),
    };
    this.items = [...this.items, line];
    return line;
  }

  /** Moves a line; false when there is no such line or the price is not finite. */
  move(id: string, price: number): boolean {
    if (!Number.isFinite(price) || !this.get(id)) return false;
    this.items = this.items.map((line) => (line.id === id ? { ...line, price } : line));
    return true;
  }

  remove(id: string): boolean {
    const before = this.items.length;
    this.items = this.items.filter((line) => line.id !== id);
    if (this.selectedId === id) this.selectedId = undefined;
    return this.items.length !== before;
  }

  clear(): boolean {
    const had = this.items.length > 0;
    this.items = [];
    this.selectedId = undefined;
    return had;
  }

  /** The line after the selected one (wrapping), for keyboard users. */
  nextAfterSelected(): ChartLine | undefined {
    if (this.items.length === 0) return undefined;
    const index = this.items.findIndex((line) => line.id === this.selectedId);
    return this.items[(index + 1) % this.items.length];
  }
}
