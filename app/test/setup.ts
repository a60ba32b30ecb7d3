// jsdom lacks the encoders react-router uses; Node's are the same standard classes.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

if (typeof window !== 'undefined') {
  // jsdom has no scrolling and no canvas; charts are tested in Chromium, not here.
  window.scrollTo = () => undefined;
  HTMLCanvasElement.prototype.getContext = () => null;
}

if (typeof window !== 'undefined' && !('showModal' in HTMLDialogElement.prototype)) {
  // jsdom has <dialog> but not its modal methods: open and close it, and say so, as browsers do.
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
      this.querySelector<HTMLElement>('a[href], button:not([disabled])')?.focus();
    },
    close(this: HTMLDialogElement) {
      if (!this.open) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  });
}
