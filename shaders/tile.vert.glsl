// Tile quads of the gallery grid. One instance per visible tile; positions arrive camera-relative
// in CSS pixels (the CPU subtracts the float64 scroll position), so float32 stays exact.
precision highp float;

uniform vec2 uViewport; // CSS pixels

in vec3 position; // unit quad, 0..1
in vec4 aRect; // x, y (camera-relative), width, height
in vec2 aLayer; // small layer, large layer (-1: none)
in float aFade; // 0: small only … 1: large fully shown
in vec3 aColor; // placeholder colour
in float aScale; // 1, or 1.15 for the focused tile (SPEC §9)
in float aState; // selection state and flags (src/gallery/engine/render/tileState.ts)
in vec2 aCrop; // the fraction of the image shown on each axis, centred (1, 1: the whole image)

out vec2 vUv;
out vec2 vLayer;
out float vFade;
out vec3 vColor;
out vec2 vSize; // the drawn quad in CSS pixels
out float vState;
out vec2 vCrop;

void main() {
  vec2 centre = aRect.xy + aRect.zw * 0.5;
  vec2 pixel = centre + (position.xy - 0.5) * aRect.zw * aScale;
  vec2 clip = vec2(pixel.x / uViewport.x * 2.0 - 1.0, 1.0 - pixel.y / uViewport.y * 2.0);
  gl_Position = vec4(clip, 0.0, 1.0);
  vUv = vec2(position.x, position.y);
  vLayer = aLayer;
  vFade = aFade;
  vColor = aColor;
  vSize = aRect.zw * aScale;
  vState = aState;
  vCrop = aCrop;
}
