import { type Candle, ChartEngine } from 'chart-kit';
import type { IndexRange } from '../protocol.js';
import type { ChartAdapter, Scene } from './adapter.js';
import { INITIAL_BARS } from './pan-zoom-script.js';

type GlContext = WebGLRenderingContext | WebGL2RenderingContext;

/** chart-kit with every layer on: candles, grid, axes, two user lines, a zone, the crosshair. */
export class ChartKitAdapter implements ChartAdapter {
  private engine: ChartEngine | undefined;
  private gl: GlContext | undefined;
  private readonly pixel = new Uint8Array(4);

  get renderer(): string {
    return this.engine ? `pixi.js ${this.engine.rendererName}` : 'not created';
  }

  async create(container: HTMLElement, candles: Candle[], scene: Scene): Promise<void> {
    const engine = await ChartEngine.create(container, {
      candles,
      initialBars: INITIAL_BARS,
      reducedMotion: true,
      label: 'Benchmark chart',
    });
    this.engine = engine;
    engine.setViewport({ fromIndex: scene.initialRange.from, toIndex: scene.initialRange.to });
    engine.addLine(scene.linePrices[0]);
    engine.addLine(scene.linePrices[1]);
    await engine.revealZone({ ...scene.zone, label: 'Demand zone' }, { animate: false });
    const bounds = engine.canvas.getBoundingClientRect();
    // A real pointer event, so the crosshair goes through the same path as a mouse.
    engine.canvas.dispatchEvent(
      new PointerEvent('pointermove', {
        clientX: bounds.left + scene.crosshair.x,
        clientY: bounds.top + scene.crosshair.y,
        pointerId: 1,
        pointerType: 'mouse',
        bubbles: true,
      }),
    );
    engine.renderNow();
    this.gl = engine.canvas.getContext('webgl2') ?? engine.canvas.getContext('webgl') ?? undefined;
    if (!this.gl) throw new Error('chart-kit did not draw with WebGL');
  }

  show(range: IndexRange): void {
    this.engine?.setViewport({ fromIndex: range.from, toIndex: range.to });
  }

  readback(): void {
    // readPixels waits for every queued GL command: the GPU-synced point.
    this.gl?.readPixels(
      0,
      0,
      1,
      1,
      WebGLRenderingContext.RGBA,
      WebGLRenderingContext.UNSIGNED_BYTE,
      this.pixel,
    );
  }
}
