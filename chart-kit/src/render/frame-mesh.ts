import { Buffer, BufferUsage, Geometry, Mesh, type Shader, type TextureSource } from 'pixi.js';
import { createQuadShader } from './quad-shader.js';

/** x, y, u, v as floats and the colour as four bytes: five 32-bit words per corner. */
const WORDS_PER_VERTEX = 5;
const WORDS_PER_QUAD = 4 * WORDS_PER_VERTEX;
const BYTES_PER_VERTEX = WORDS_PER_VERTEX * 4;
const INDICES_PER_QUAD = 6;
/** u of a solid quad: the shader skips the atlas for it. */
const SOLID = -1;
/** Quads a layer, and the whole mesh, have room for before they first grow. */
const INITIAL_LAYER_QUADS = 64;
const INITIAL_MESH_QUADS = 4096;

/**
 * `color` (0xRRGGBB) at `alpha` (0..1) as the vertex format's premultiplied RGBA bytes, red in
 * the lowest byte (the byte order of typed arrays on every platform browsers run on).
 */
export function packColor(color: number, alpha = 1): number {
  const a = Math.min(1, Math.max(0, alpha));
  const red = Math.round(((color >> 16) & 0xff) * a);
  const green = Math.round(((color >> 8) & 0xff) * a);
  const blue = Math.round((color & 0xff) * a);
  return (red | (green << 8) | (blue << 16) | (Math.round(a * 255) << 24)) >>> 0;
}

/**
 * One drawing slot of a {@link FrameMesh}: the quads one part of the chart wrote for its last
 * update (`begin`, then `rect` and `quad` calls). Quads are in CSS pixels.
 */
export class QuadLayer {
  /** Set by `begin`; the frame mesh clears it once it has copied the layer. */
  changed = true;
  private capacity = INITIAL_LAYER_QUADS;
  private words = new Float32Array(this.capacity * WORDS_PER_QUAD);
  /** The same memory as `words`: the colour word of each corner is written as four bytes. */
  private colors = new Uint32Array(this.words.buffer);
  private used = 0;

  get quadCount(): number {
    return this.used;
  }

  /** The words written since `begin`. */
  get data(): Float32Array {
    return this.words.subarray(0, this.used * WORDS_PER_QUAD);
  }

  /** Drops the previous quads; `expected` reserves room for that many at once. */
  begin(expected = 0): void {
    this.used = 0;
    this.changed = true;
    if (expected > this.capacity) this.grow(expected);
  }

  /** A solid rectangle; `color` from {@link packColor}. */
  rect(left: number, top: number, right: number, bottom: number, color: number): void {
    this.quad(left, top, right, bottom, SOLID, SOLID, SOLID, SOLID, color);
  }

  /**
   * A solid quad with four free corners, clockwise (a line segment turned along its direction);
   * `color` from {@link packColor}.
   */
  corners(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    x2: number,
    y2: number,
    x3: number,
    y3: number,
    color: number,
  ): void {
    this.quad(x0, y0, x2, y2, SOLID, SOLID, SOLID, SOLID, color);
    const words = this.words;
    const o = (this.used - 1) * WORDS_PER_QUAD;
    // quad() wrote an axis-aligned box from (x0, y0) to (x2, y2): move its other two corners.
    words[o + 5] = x1;
    words[o + 6] = y1;
    words[o + 15] = x3;
    words[o + 16] = y3;
  }

  /**
   * A rectangle whose coverage is the atlas between (u0, v0) and (u1, v1), or full where u is
   * negative (see `rect`).
   */
  quad(
    left: number,
    top: number,
    right: number,
    bottom: number,
    u0: number,
    v0: number,
    u1: number,
    v1: number,
    color: number,
  ): void {
    if (this.used === this.capacity) this.grow(this.capacity * 2);
    const words = this.words;
    const colors = this.colors;
    const o = this.used * WORDS_PER_QUAD;
    // Corners clockwise from top-left.
    words[o] = left;
    words[o + 1] = top;
    words[o + 2] = u0;
    words[o + 3] = v0;
    colors[o + 4] = color;
    words[o + 5] = right;
    words[o + 6] = top;
    words[o + 7] = u1;
    words[o + 8] = v0;
    colors[o + 9] = color;
    words[o + 10] = right;
    words[o + 11] = bottom;
    words[o + 12] = u1;
    words[o + 13] = v1;
    colors[o + 14] = color;
    words[o + 15] = left;
    words[o + 16] = bottom;
    words[o + 17] = u0;
    words[o + 18] = v1;
    colors[o + 19] = color;
    this.used++;
  }

  private grow(quads: number): void {
    this.capacity = Math.max(quads, this.capacity * 2);
    const words = new Float32Array(this.capacity * WORDS_PER_QUAD);
    words.set(this.data);
    this.words = words;
    this.colors = new Uint32Array(words.buffer);
  }
}

/**
 * Every quad of a chart in one pixi Mesh, drawn with one draw call: candles, grid, zones, lines,
 * panels, tags and glyphs alike, in the order of the layers named at construction. Each part of the
 * chart rewrites only its own {@link QuadLayer}; before a render, `prepare` copies the layers that
 * changed (or moved) into the vertex buffer and uploads the quads in use.
 *
 * One mesh instead of a mesh per layer and colour: pixi's per-mesh frame work (uniform sync,
 * vertex array binding, one upload and one draw each) was most of a pan frame's CPU time.
 */
export class FrameMesh<LayerName extends string> {
  readonly mesh: Mesh<Geometry, Shader>;
  private readonly layers: QuadLayer[] = [];
  private readonly byName = new Map<LayerName, QuadLayer>();
  private readonly vertexBuffer: Buffer;
  private readonly indexBuffer: Buffer;
  private readonly geometry: Geometry;
  private capacity = INITIAL_MESH_QUADS;
  private vertices = new Float32Array(this.capacity * WORDS_PER_QUAD);
  /** Where each layer's quads start in `vertices`, in quads, as last copied. */
  private readonly offsets: number[];

  /** `order`: the layers back to front. */
  constructor(order: readonly LayerName[], atlas: TextureSource) {
    for (const name of order) {
      const layer = new QuadLayer();
      this.layers.push(layer);
      this.byName.set(name, layer);
    }
    this.offsets = order.map(() => -1);
    this.vertexBuffer = new Buffer({
      data: this.vertices,
      label: 'chart-quads',
      usage: BufferUsage.VERTEX | BufferUsage.COPY_DST,
    });
    this.indexBuffer = new Buffer({
      data: quadIndices(this.capacity),
      label: 'chart-quad-indices',
      usage: BufferUsage.INDEX | BufferUsage.COPY_DST,
    });
    const attribute = (format: 'float32x2' | 'unorm8x4', offset: number) => ({
      buffer: this.vertexBuffer,
      format,
      stride: BYTES_PER_VERTEX,
      offset,
    });
    this.geometry = new Geometry({
      attributes: {
        aPosition: attribute('float32x2', 0),
        aUV: attribute('float32x2', 8),
        aColor: attribute('unorm8x4', 16),
      },
      indexBuffer: this.indexBuffer,
    });
    this.mesh = new Mesh({
      geometry: this.geometry,
      shader: createQuadShader(atlas),
      label: 'chart',
    });
    this.mesh.visible = false;
  }

  layer(name: LayerName): QuadLayer {
    const layer = this.byName.get(name);
    if (!layer) throw new Error(`the chart has no layer named ${name}`);
    return layer;
  }

  /** Copies the layers that changed or moved into the vertex buffer; call before rendering. */
  prepare(): void {
    let total = 0;
    for (const layer of this.layers) total += layer.quadCount;
    if (total > this.capacity) this.grow(total);
    let offset = 0;
    let changed = false;
    for (const [index, layer] of this.layers.entries()) {
      if (layer.changed || this.offsets[index] !== offset) {
        this.vertices.set(layer.data, offset * WORDS_PER_QUAD);
        this.offsets[index] = offset;
        layer.changed = false;
        changed = true;
      }
      offset += layer.quadCount;
    }
    if (!changed) return;
    this.vertexBuffer.update(Math.max(1, total) * WORDS_PER_QUAD * Float32Array.BYTES_PER_ELEMENT);
    // Only the quads in use are drawn. indexCount 0 means "every index" to pixi: an empty frame
    // hides the mesh instead.
    this.geometry.indexCount = total * INDICES_PER_QUAD;
    this.mesh.visible = total > 0;
  }

  destroy(): void {
    // The shader's programs stay cached for the next chart; the atlas belongs to the shared font.
    this.mesh.shader?.destroy();
    this.mesh.destroy();
    this.geometry.destroy(true);
  }

  private grow(quads: number): void {
    this.capacity = Math.max(quads, this.capacity * 2);
    this.vertices = new Float32Array(this.capacity * WORDS_PER_QUAD);
    this.vertexBuffer.data = this.vertices;
    this.indexBuffer.data = quadIndices(this.capacity);
    // Every layer is copied into the new array.
    this.offsets.fill(-1);
  }
}

function quadIndices(quads: number): Uint32Array {
  const indices = new Uint32Array(quads * INDICES_PER_QUAD);
  for (let q = 0; q < quads; q++) {
    const v = q * 4;
    const i = q * INDICES_PER_QUAD;
    indices[i] = v;
    indices[i + 1] = v + 1;
    indices[i + 2] = v + 2;
    indices[i + 3] = v;
    indices[i + 4] = v + 2;
    indices[i + 5] = v + 3;
  }
  return indices;
}
