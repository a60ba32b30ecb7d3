// jsdom lacks the encoders react-router uses; Node's are the same standard classes.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

if (typeof window !== 'undefined') {
  // jsdom has no scrolling and no canvas; charts are tested in Chromium, not here.
  window.scrollTo = () => undefined;
  HTMLCanvasElement.prototype.getContext = () => null;
}
