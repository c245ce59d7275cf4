// The public entry of features/cast: the viewer's Cast button (registered by the pages that open
// the viewer) and the casting bar overlay (loaded by the shell only while a pairing is stored).
// The receiver page is imported by the route table, by path.
export { registerCastAction } from './CastAction';
export { default as CastingBar } from './CastingBar';
