/**
 * Blocks this process's event loop for `ms`, as a CPU hog or a long synchronous job would: no
 * timer, socket or request of an instance started in this process is served meanwhile.
 */
export function blockEventLoop(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // Busy on purpose.
  }
}
