// The public entry of features/editor: the viewer's Edit button (the editor itself and its
// library load in their own chunk when it is first opened).
export { registerEditAction } from './EditAction';
