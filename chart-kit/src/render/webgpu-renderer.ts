// pixi's WebGPU renderer behind a dynamic import (see create-renderer.ts): its own chunk, loaded
// only where WebGL is missing.
export { isWebGPUSupported, WebGPURenderer } from 'pixi.js';
