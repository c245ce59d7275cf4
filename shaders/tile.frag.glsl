precision highp float;
precision highp sampler2DArray;

uniform sampler2DArray uSmall;
uniform sampler2DArray uLarge;

in vec2 vUv;
in vec2 vLayer;
in float vFade;
in vec3 vColor;

out vec4 outColor;

void main() {
  if (vLayer.x < 0.0) {
    outColor = vec4(vColor, 1.0);
    return;
  }
  vec4 small = texture(uSmall, vec3(vUv, vLayer.x));
  vec4 colour = small;
  if (vLayer.y >= 0.0 && vFade > 0.0) {
    colour = mix(small, texture(uLarge, vec3(vUv, vLayer.y)), vFade);
  }
  outColor = vec4(colour.rgb, 1.0);
}
