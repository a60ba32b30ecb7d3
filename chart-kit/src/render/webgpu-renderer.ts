import { isWebGPUSupported, WebGPURenderer as PixiWebGPURenderer } from 'pixi.js';

/** pixi's WebGPU renderer, in its own chunk: only loaded where WebGL is missing. */
export class WebGPURenderer extends PixiWebGPURenderer {
  static available(): Promise<boolean> {
    return isWebGPUSupported();
  }
}
