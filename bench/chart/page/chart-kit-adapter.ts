import { type Candle, ChartEngine } from 'chart-kit';
import type { IndexRange } from '../protocol.js';
import type { ChartAdapter, Scene } from './adapter.js';
import { INITIAL_BARS } from './pan-zoom-script.js';

/** chart-kit with every layer on: candles, grid, axes, two user lines, a zone, the crosshair. */
export class ChartKitAdapter implements ChartAdapter {
  private engine: ChartEngine | undefined;
  private readonly pixel = new Uint8Array(4);
  /** Every renderer the chart drew with, in order ('canvas2d', then 'webgl' for large series). */
  private readonly renderers: string[] = [];

  get renderer(): string {
    return this.renderers.length > 0 ? this.renderers.join(' -> ') : 'not created';
  }

  async create(container: HTMLElement, candles: Candle[], scene: Scene): Promise<void> {
    const engine = await ChartEngine.create(container, {
      candles,
      initialBars: INITIAL_BARS,
      reducedMotion: true,
      label: 'Benchmark chart',
    });
    this.engine = engine;
    this.renderers.push(engine.rendererName);
    engine.on('rendererchange', (kind) => this.renderers.push(kind));
    engine.setViewport({ fromIndex: scene.initialRange.from, toIndex: scene.initialRange.to });
    engine.addLine(scene.linePrices[0]);
    engine.addLine(scene.linePrices[1]);
    await engine.showZone({ ...scene.zone, label: 'Demand zone' }, { animate: false });
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
  }

  async settle(): Promise<void> {
    // A large series is handed to WebGL right after its first frame: pan and zoom are measured
    // on the renderer that stays.
    await this.engine?.rendererSettled();
  }

  show(range: IndexRange): void {
    this.engine?.setViewport({ fromIndex: range.from, toIndex: range.to });
  }

  readback(): void {
    const engine = this.engine;
    if (!engine) return;
    const canvas = engine.canvas;
    if (engine.rendererName === 'canvas2d') {
      // Reading a pixel waits for the canvas' queued drawing, as lightweight-charts' readback does.
      canvas.getContext('2d')?.getImageData(0, 0, 1, 1);
      return;
    }
    // readPixels waits for every queued GL command: the GPU-synced point.
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    gl?.readPixels(
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
