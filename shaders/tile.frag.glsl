precision highp float;
precision highp sampler2DArray;

// Each tier's pool is up to four pages (src/gallery/engine/texture/LayerPool.ts) of different
// sizes; a layer number runs across them: uSmallStarts / uLargeStarts hold the first layer of
// pages 1, 2 and 3 (a page not in the pool: past every layer).
uniform sampler2DArray uSmall0;
uniform sampler2DArray uSmall1;
uniform sampler2DArray uSmall2;
uniform sampler2DArray uSmall3;
uniform sampler2DArray uLarge0;
uniform sampler2DArray uLarge1;
uniform sampler2DArray uLarge2;
uniform sampler2DArray uLarge3;
uniform vec3 uSmallStarts;
uniform vec3 uLargeStarts;

in vec2 vUv;
in vec2 vLayer;
in float vFade;
in vec3 vColor;
in vec2 vSize;
in float vState;
in vec2 vCrop;

out vec4 outColor;

// Selection drawing (SPEC §3 per-file states), all procedural: no texture, no extra draw call.
// State bits: 0-1 NotSelected / Selected / ToBeSelected / ToBeDeselected; 4 hover;
// 8 selection mode; 16 focused; 32 pending server delete (see src/gallery/engine/render/tileState.ts).
const vec3 ACCENT = vec3(0.078, 0.392, 0.816); // #1464d0
const vec3 ACCENT_DARK = vec3(0.02, 0.18, 0.45);
const vec3 SELECTED_CELL = vec3(0.86, 0.91, 0.98);
const vec2 CHECK_CENTRE = vec2(16.0, 16.0);
const float CHECK_RADIUS = 10.0;

float segmentDistance(vec2 p, vec2 a, vec2 b) {
  vec2 pa = p - a;
  vec2 ba = b - a;
  float h = clamp(dot(pa, ba) / dot(ba, ba), 0.0, 1.0);
  return length(pa - ba * h);
}

// 1 inside the shape, 0 outside, with a one-pixel antialiased edge.
float fill(float signedDistance) {
  return clamp(0.5 - signedDistance, 0.0, 1.0);
}

// A tile's page is the same over all its pixels; level 0 only (the pools have no mipmaps), so
// the branches need no derivatives.
vec3 smallAt(vec2 uv, float layer) {
  if (layer < uSmallStarts.x) return textureLod(uSmall0, vec3(uv, layer), 0.0).rgb;
  if (layer < uSmallStarts.y) return textureLod(uSmall1, vec3(uv, layer - uSmallStarts.x), 0.0).rgb;
  if (layer < uSmallStarts.z) return textureLod(uSmall2, vec3(uv, layer - uSmallStarts.y), 0.0).rgb;
  return textureLod(uSmall3, vec3(uv, layer - uSmallStarts.z), 0.0).rgb;
}

vec3 largeAt(vec2 uv, float layer) {
  if (layer < uLargeStarts.x) return textureLod(uLarge0, vec3(uv, layer), 0.0).rgb;
  if (layer < uLargeStarts.y) return textureLod(uLarge1, vec3(uv, layer - uLargeStarts.x), 0.0).rgb;
  if (layer < uLargeStarts.z) return textureLod(uLarge2, vec3(uv, layer - uLargeStarts.y), 0.0).rgb;
  return textureLod(uLarge3, vec3(uv, layer - uLargeStarts.z), 0.0).rgb;
}

vec3 imageAt(vec2 tileUv) {
  if (vLayer.x < 0.0) return vColor;
  // A square cell (album grid) shows the middle of a wider or taller image.
  vec2 uv = 0.5 + (tileUv - 0.5) * vCrop;
  // Interpolated from equal values, a layer may come out a hair off its integer: round it.
  vec3 small = smallAt(uv, floor(vLayer.x + 0.5));
  if (vLayer.y >= 0.0 && vFade > 0.0) {
    return mix(small, largeAt(uv, floor(vLayer.y + 0.5)), vFade);
  }
  return small;
}

void main() {
  int state = int(vState + 0.5);
  int selection = state & 3;
  bool hover = (state & 4) != 0;
  bool selectionMode = (state & 8) != 0;
  bool focused = (state & 16) != 0;
  bool pendingDelete = (state & 32) != 0;
  bool chosen = selection == 1 || selection == 2;
  vec2 p = vUv * vSize; // pixels from the tile's top-left corner

  // Selected tiles shrink a little inside their cell, on a light accent background.
  float inset = chosen ? clamp(min(vSize.x, vSize.y) * 0.07, 3.0, 14.0) : 0.0;
  vec2 inner = vSize - 2.0 * inset;
  vec3 colour;
  if (inset > 0.0 && (any(lessThan(p, vec2(inset))) || any(greaterThan(p, vSize - inset)))) {
    colour = SELECTED_CELL;
  } else {
    colour = imageAt(clamp((p - inset) / max(inner, vec2(1.0)), 0.0, 1.0));
  }

  if (selection == 1) colour = mix(colour, ACCENT, 0.12);
  else if (selection == 2) colour = mix(colour, ACCENT, 0.28);
  else if (selection == 3) colour = mix(colour, vec3(1.0), 0.45);

  bool showCheck = chosen || hover || selectionMode || selection == 3;
  if (showCheck) {
    // A soft shade under the circle keeps a white ring visible on bright photos.
    float shade = fill(length(p - CHECK_CENTRE) - CHECK_RADIUS - 6.0) * 0.25;
    if (!chosen) colour = mix(colour, vec3(0.0), shade);
    float d = length(p - CHECK_CENTRE) - CHECK_RADIUS;
    if (chosen) {
      float alpha = selection == 1 ? 1.0 : 0.75;
      colour = mix(colour, vec3(1.0), fill(d - 1.5) * alpha);
      colour = mix(colour, ACCENT, fill(d) * alpha);
      vec2 q = (p - CHECK_CENTRE) / CHECK_RADIUS;
      float tick = min(
        segmentDistance(q, vec2(-0.45, 0.02), vec2(-0.12, 0.35)),
        segmentDistance(q, vec2(-0.12, 0.35), vec2(0.48, -0.3))
      ) * CHECK_RADIUS;
      colour = mix(colour, vec3(1.0), fill(tick - 1.3) * alpha);
    } else {
      float ring = abs(d + 0.5) - 1.2;
      colour = mix(colour, vec3(1.0), fill(ring) * (hover || selectionMode ? 0.95 : 0.7));
    }
  }

  // Waiting for the server to delete it: washed out towards the page background.
  if (pendingDelete) colour = mix(colour, vec3(1.0), 0.6);

  if (focused) {
    // A two-tone ring (dark outside, white inside) shows on light and dark photos alike.
    float edge = min(min(p.x, p.y), min(vSize.x - p.x, vSize.y - p.y));
    if (edge < 3.0) colour = ACCENT_DARK;
    else if (edge < 5.0) colour = vec3(1.0);
  }
  outColor = vec4(colour, 1.0);
}
