import { GlProgram, GpuProgram, Shader, type TextureSource } from 'pixi.js';

/**
 * The one shader every quad of a chart is drawn with: a per-vertex colour (premultiplied), and for
 * glyphs the coverage of the label font's atlas. A quad whose u is negative is solid and never
 * samples the atlas, so the rasteriser (software on many machines) fetches no texel for candles,
 * grid lines or panels.
 *
 * The uniforms are pixi's mesh uniforms (projection, world and local transform, tint), so the quads
 * go through pixi's MeshPipe like any Mesh.
 */

const GL_VERTEX = /* glsl */ `#version 300 es
in vec2 aPosition;
in vec2 aUV;
in vec4 aColor;

uniform mat3 uProjectionMatrix;
uniform mat3 uWorldTransformMatrix;
uniform vec4 uWorldColorAlpha;
uniform mat3 uTransformMatrix;
uniform vec4 uColor;

out vec2 vUV;
out vec4 vColor;

void main() {
  mat3 modelViewProjection = uProjectionMatrix * uWorldTransformMatrix * uTransformMatrix;
  gl_Position = vec4((modelViewProjection * vec3(aPosition, 1.0)).xy, 0.0, 1.0);
  vUV = aUV;
  vColor = aColor * uColor * uWorldColorAlpha;
}
`;

const GL_FRAGMENT = /* glsl */ `#version 300 es
precision mediump float;
in vec2 vUV;
in vec4 vColor;
uniform sampler2D uTexture;
out vec4 finalColor;

void main() {
  // textureLod: no derivatives needed inside the branch.
  float coverage = vUV.x < 0.0 ? 1.0 : textureLod(uTexture, vUV, 0.0).a;
  finalColor = vColor * coverage;
}
`;

const WGSL = /* wgsl */ `
struct GlobalUniforms {
  uProjectionMatrix: mat3x3<f32>,
  uWorldTransformMatrix: mat3x3<f32>,
  uWorldColorAlpha: vec4<f32>,
  uResolution: vec2<f32>,
}
struct LocalUniforms {
  uTransformMatrix: mat3x3<f32>,
  uColor: vec4<f32>,
  uRound: f32,
}
@group(0) @binding(0) var<uniform> globalUniforms: GlobalUniforms;
@group(1) @binding(0) var<uniform> localUniforms: LocalUniforms;
@group(2) @binding(0) var uTexture: texture_2d<f32>;
@group(2) @binding(1) var uSampler: sampler;

struct VertexOutput {
  @builtin(position) position: vec4<f32>,
  @location(0) uv: vec2<f32>,
  @location(1) color: vec4<f32>,
}

@vertex
fn mainVertex(
  @location(0) aPosition: vec2<f32>,
  @location(1) aUV: vec2<f32>,
  @location(2) aColor: vec4<f32>,
) -> VertexOutput {
  let modelViewProjection = globalUniforms.uProjectionMatrix
    * globalUniforms.uWorldTransformMatrix
    * localUniforms.uTransformMatrix;
  var out: VertexOutput;
  out.position = vec4<f32>((modelViewProjection * vec3<f32>(aPosition, 1.0)).xy, 0.0, 1.0);
  out.uv = aUV;
  out.color = aColor * localUniforms.uColor * globalUniforms.uWorldColorAlpha;
  return out;
}

@fragment
fn mainFragment(@location(0) uv: vec2<f32>, @location(1) color: vec4<f32>) -> @location(0) vec4<f32> {
  let sampled = textureSampleLevel(uTexture, uSampler, uv, 0.0).a;
  return color * select(sampled, 1.0, uv.x < 0.0);
}
`;

/** The quad shader reading glyph coverage from `atlas`; programs are compiled once per page. */
export function createQuadShader(atlas: TextureSource): Shader {
  return new Shader({
    glProgram: GlProgram.from({ name: 'chart-quads', vertex: GL_VERTEX, fragment: GL_FRAGMENT }),
    gpuProgram: GpuProgram.from({
      name: 'chart-quads',
      vertex: { source: WGSL, entryPoint: 'mainVertex' },
      fragment: { source: WGSL, entryPoint: 'mainFragment' },
    }),
    resources: { uTexture: atlas, uSampler: atlas.style },
  });
}
