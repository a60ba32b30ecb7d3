/**
 * An up/down state that moves only on a run of evidence: `failuresToGoDown` failed checks in a
 * row to go down, `successesToComeUp` good ones in a row to come back. One slow or lost check
 * changes nothing, so a busy machine does not flap.
 */
export class Hysteresis {
  private state: boolean;
  private failures = 0;
  private successes = 0;

  constructor(
    private readonly failuresToGoDown: number,
    private readonly successesToComeUp: number,
    initiallyUp = true,
  ) {
    if (failuresToGoDown < 1 || successesToComeUp < 1) {
      throw new RangeError('hysteresis needs at least one check each way');
    }
    this.state = initiallyUp;
  }

  get up(): boolean {
    return this.state;
  }

  /** Whether the last checks are a run still deciding (a failure while up, a success while down). */
  get settling(): boolean {
    return this.state ? this.failures > 0 : this.successes > 0;
  }

  /** Counts one check; returns 'down' or 'up' when this check changed the state. */
  record(ok: boolean): 'down' | 'up' | undefined {
    if (ok) {
      this.failures = 0;
      this.successes += 1;
      if (!this.state && this.successes >= this.successesToComeUp) {
        this.state = true;
        return 'up';
      }
    } else {
      this.successes = 0;
      this.failures += 1;
      if (this.state && this.failures >= this.failuresToGoDown) {
        this.state = false;
        return 'down';
      }
    }
    return undefined;
  }

  /** Down now, on certain evidence (a refused connection); it comes back as usual. */
  forceDown(): boolean {
    this.successes = 0;
    if (!this.state) return false;
    this.state = false;
    return true;
  }
}
