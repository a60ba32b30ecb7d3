import { Mesh, MeshGeometry, type Texture } from 'pixi.js';

const FLOATS_PER_QUAD = 8; // four corners, x and y
const INDICES_PER_QUAD = 6;

/**
 * Axis-aligned textured quads drawn as one pixi Mesh: the layer writes its quads each time it
 * changes (`begin`, `quad`..., `end`), only the quads in use are uploaded and drawn, and nothing
 * is allocated while the capacity suffices. One mesh is one draw call with pixi's plain mesh
 * shader, however many rectangles or glyphs it holds: a frame costs a few buffer writes instead
 * of a scene graph of sprites.
 */
export class QuadMesh {
  readonly mesh: Mesh;
  private readonly geometry: MeshGeometry;
  private positions: Float32Array;
  private uvs: Float32Array;
  private capacity: number;
  private used = 0;
  /** Solid meshes never write texture coordinates: theirs are uploaded once, not every frame. */
  private uvsChanged = true;

  constructor(texture: Texture, label: string, initialQuads = 64) {
    this.capacity = Math.max(1, initialQuads);
    this.positions = new Float32Array(this.capacity * FLOATS_PER_QUAD);
    this.uvs = new Float32Array(this.capacity * FLOATS_PER_QUAD);
    this.geometry = new MeshGeometry({
      positions: this.positions,
      uvs: this.uvs,
      indices: quadIndices(this.capacity),
    });
    // Never through pixi's sprite batcher: one shader for every layer, compiled once.
    this.geometry.batchMode = 'no-batch';
    this.mesh = new Mesh({ geometry: this.geometry, texture, label });
    this.mesh.visible = false;
  }

  set tint(value: number) {
    this.mesh.tint = value;
  }

  /** Starts a new set of quads; `expected` reserves room for that many at once. */
  begin(expected = 0): void {
    this.used = 0;
    if (expected > this.capacity) this.grow(expected);
  }

  /** A rectangle in CSS pixels, of the colour at the texture's origin (a solid mesh). */
  quad(left: number, top: number, right: number, bottom: number): void {
    if (this.used === this.capacity) this.grow(this.capacity * 2);
    writeCorners(this.positions, this.used * FLOATS_PER_QUAD, left, top, right, bottom);
    this.used++;
  }

  /** A rectangle in CSS pixels, sampling the texture between (u0, v0) and (u1, v1). */
  texturedQuad(
    left: number,
    top: number,
    right: number,
    bottom: number,
    u0: number,
    v0: number,
    u1: number,
    v1: number,
  ): void {
    const offset = this.used * FLOATS_PER_QUAD;
    this.quad(left, top, right, bottom);
    writeCorners(this.uvs, offset, u0, v0, u1, v1);
    this.uvsChanged = true;
  }

  /** Uploads the quads written and limits the draw to them. */
  end(): void {
    const bytes = Math.max(1, this.used) * FLOATS_PER_QUAD * Float32Array.BYTES_PER_ELEMENT;
    this.geometry.getBuffer('aPosition').update(bytes);
    if (this.uvsChanged) this.geometry.getBuffer('aUV').update(bytes);
    this.uvsChanged = false;
    // Only the quads written: the rasteriser (software on many machines) pays for every collapsed
    // quad too. An empty mesh is hidden, as indexCount 0 means "all indices" to pixi.
    this.geometry.indexCount = this.used * INDICES_PER_QUAD;
    this.mesh.visible = this.used > 0;
  }

  destroy(): void {
    this.mesh.destroy();
    this.geometry.destroy();
  }

  /** Larger arrays holding what this frame wrote so far. */
  private grow(quads: number): void {
    const capacity = Math.max(quads, this.capacity * 2);
    const positions = new Float32Array(capacity * FLOATS_PER_QUAD);
    const uvs = new Float32Array(capacity * FLOATS_PER_QUAD);
    positions.set(this.positions.subarray(0, this.used * FLOATS_PER_QUAD));
    uvs.set(this.uvs.subarray(0, this.used * FLOATS_PER_QUAD));
    this.capacity = capacity;
    this.positions = positions;
    this.uvs = uvs;
    this.geometry.positions = positions;
    this.geometry.uvs = uvs;
    this.geometry.indices = quadIndices(capacity);
    this.uvsChanged = true;
  }
}

/** The four corners of an axis-aligned rectangle, clockwise from top-left, as x, y pairs. */
function writeCorners(
  target: Float32Array,
  offset: number,
  left: number,
  top: number,
  right: number,
  bottom: number,
): void {
  target[offset] = left;
  target[offset + 1] = top;
  target[offset + 2] = right;
  target[offset + 3] = top;
  target[offset + 4] = right;
  target[offset + 5] = bottom;
  target[offset + 6] = left;
  target[offset + 7] = bottom;
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
