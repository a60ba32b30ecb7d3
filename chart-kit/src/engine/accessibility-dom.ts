/** Styles that hide an element visually but keep it for screen readers. */
const VISUALLY_HIDDEN =
  'position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;' +
  'clip-path:inset(50%);white-space:nowrap;';

let nextId = 1;

/**
 * The chart's screen-reader surface: a description of what the canvas shows (linked with
 * aria-describedby) and, on an interactive chart, a polite live region for announcements. Both
 * are hidden elements inside the chart's container, removed by `destroy`. An interactive chart's
 * canvas is a focusable application; an illustration's is an image, out of the tab order.
 */
export class ChartAccessibility {
  private readonly description: HTMLElement;
  private readonly liveRegion: HTMLElement | undefined;
  private clearTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    container: HTMLElement,
    canvas: HTMLCanvasElement,
    options: { label: string; interactive: boolean },
  ) {
    const id = `chart-kit-${nextId++}`;
    this.description = document.createElement('p');
    this.description.id = `${id}-description`;
    this.description.style.cssText = VISUALLY_HIDDEN;
    container.append(this.description);
    canvas.setAttribute('aria-label', options.label);
    canvas.setAttribute('aria-describedby', this.description.id);
    if (!options.interactive) {
      canvas.setAttribute('role', 'img');
      return;
    }
    this.liveRegion = document.createElement('div');
    this.liveRegion.setAttribute('role', 'status');
    this.liveRegion.setAttribute('aria-live', 'polite');
    this.liveRegion.setAttribute('aria-atomic', 'true');
    this.liveRegion.style.cssText = VISUALLY_HIDDEN;
    container.append(this.liveRegion);
    canvas.tabIndex = 0;
    // An application: screen readers pass the arrow keys through to the chart's own controls.
    canvas.setAttribute('role', 'application');
    canvas.setAttribute('aria-roledescription', 'interactive chart');
  }

  /** The last announcement (what the live region holds now). */
  get lastAnnouncement(): string {
    return this.liveRegion?.textContent ?? '';
  }

  get descriptionText(): string {
    return this.description.textContent;
  }

  describe(text: string): void {
    if (this.description.textContent !== text) this.description.textContent = text;
  }

  announce(text: string): void {
    const region = this.liveRegion;
    if (!region) return;
    // Clearing first makes a repeated message ("Line moved to 101.5" twice) be read again.
    region.textContent = '';
    if (this.clearTimer !== undefined) clearTimeout(this.clearTimer);
    this.clearTimer = setTimeout(() => {
      this.clearTimer = undefined;
      region.textContent = text;
    }, 30);
  }

  destroy(): void {
    if (this.clearTimer !== undefined) clearTimeout(this.clearTimer);
    this.description.remove();
    this.liveRegion?.remove();
  }
}
