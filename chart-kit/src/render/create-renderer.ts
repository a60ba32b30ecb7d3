import { type Renderer, WebGLRenderer } from 'pixi.js';

export interface RendererSettings {
  width: number;
  height: number;
  background: number;
  resolution: number;
}

/**
 * A pixi renderer on WebGL, or on WebGPU where WebGL is missing. The WebGL renderer is built
 * directly, not through pixi's Application and renderer auto-detection: those bundle every
 * renderer and test WebGL support with a throwaway context (about 20 ms of the first frame).
 * The WebGPU fallback is its own chunk, loaded only by a browser that needs it.
 */
export async function createRenderer(settings: RendererSettings): Promise<Renderer> {
  const options = {
    ...settings,
    antialias: false,
    autoDensity: true,
    // Only the parts the chart uses are imported (see chart-engine.ts): no event system,
    // accessibility overlay or filters.
    skipExtensionImports: true,
  };
  try {
    const renderer = new WebGLRenderer();
    await renderer.init(options);
    return renderer;
  } catch (webglError) {
    const { isWebGPUSupported, WebGPURenderer } = await import('./webgpu-renderer.js');
    if (!(await isWebGPUSupported())) throw webglError;
    const renderer = new WebGPURenderer();
    await renderer.init(options);
    return renderer;
  }
}
