import { getTestContext, type Renderer, WebGLRenderer } from 'pixi.js';

export interface RendererSettings {
  width: number;
  height: number;
  background: number;
  resolution: number;
}

/** Why `createRenderer` failed: whether the browser offers WebGL at all, and the error. */
export class RendererStartFailure extends Error {
  constructor(
    readonly webglAvailable: boolean,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'RendererStartFailure';
  }
}

/**
 * A pixi renderer on WebGL, or on WebGPU where WebGL is missing. The WebGL renderer is built
 * directly, not through pixi's Application and renderer auto-detection: those bundle every
 * renderer and test WebGL support with a throwaway context (about 20 ms of the first frame).
 * The WebGPU fallback is its own chunk, loaded only by a browser that needs it. A renderer that
 * fails part way is released (context lost, canvas dropped) before the RendererStartFailure is
 * thrown.
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
  const webgl = new WebGLRenderer();
  try {
    await webgl.init(options);
    return webgl;
  } catch (webglError) {
    releaseRenderer(webgl);
    // Only on this rare path is WebGL probed: a working WebGL that failed is not "missing".
    const webglAvailable = browserHasWebGL();
    if (webglAvailable) throw new RendererStartFailure(true, webglError);
    const { isWebGPUSupported, WebGPURenderer } = await import('./webgpu-renderer.js');
    if (!(await isWebGPUSupported())) throw new RendererStartFailure(false, webglError);
    const webgpu = new WebGPURenderer();
    try {
      await webgpu.init(options);
      return webgpu;
    } catch (webgpuError) {
      releaseRenderer(webgpu);
      throw new RendererStartFailure(false, webgpuError);
    }
  }
}

/**
 * Frees a renderer whatever state it is in (started, half-started, already broken): its GPU
 * objects, its WebGL context, lost explicitly rather than left to the garbage collector (the
 * browser keeps only about 16 contexts a page, dropping the oldest), and its canvas, removed
 * from the page.
 */
export function releaseRenderer(renderer: Renderer): void {
  const gl = contextOf(renderer);
  const canvas = canvasOf(renderer);
  try {
    renderer.destroy({ removeView: true });
  } catch {
    // A renderer that failed while starting may not destroy cleanly; what matters below is
    // that its context and canvas go.
  }
  if (gl && !gl.isContextLost()) gl.getExtension('WEBGL_lose_context')?.loseContext();
  canvas?.remove();
}

function contextOf(renderer: Renderer): WebGLRenderingContext | WebGL2RenderingContext | undefined {
  if (!(renderer instanceof WebGLRenderer)) return undefined;
  try {
    // Unset until pixi's context system has started, whatever its declared type says.
    const gl: WebGLRenderingContext | WebGL2RenderingContext | undefined = renderer.gl;
    return gl;
  } catch {
    return undefined;
  }
}

function canvasOf(renderer: Renderer): HTMLCanvasElement | undefined {
  try {
    return renderer.canvas;
  } catch {
    return undefined;
  }
}

/** Whether this browser can create a WebGL context at all; the probe's context is lost at once. */
function browserHasWebGL(): boolean {
  const probe = document.createElement('canvas');
  const gl = probe.getContext('webgl2') ?? probe.getContext('webgl');
  if (!gl) return false;
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return true;
}

let probeReleased = false;

/**
 * pixi measures the GPU's fragment precision on a WebGL context of its own, made when the first
 * shader is compiled (a renderer's first frame) and then kept for the life of the page: one of
 * the browser's ~16 contexts per page, held for nothing, since pixi keeps the measurement. Call
 * after a WebGL renderer's first frame (drawn or failed); the context is lost once per page.
 */
export function releasePixiProbeContext(renderer: Renderer): void {
  if (probeReleased || !(renderer instanceof WebGLRenderer)) return;
  probeReleased = true;
  const gl = getTestContext();
  if (!gl.isContextLost()) gl.getExtension('WEBGL_lose_context')?.loseContext();
}
