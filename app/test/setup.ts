// jsdom lacks the encoders react-router uses; Node's are the same standard classes.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
