// The public entry of features/auth: what the shell and other features may use.
export { completeLoginFromCallback, redirectUri, startLogin, type CallbackResult } from './login';
export { AccountSwitchPrompt } from './AccountSwitchPrompt';
export { CreateUserNote } from './CreateUserNote';
export { LoginPrompt } from './LoginPrompt';
export { NotFoundView, type NotFoundKind, type NotFoundOnward } from './NotFoundView';
export { RequireLogin } from './RequireLogin';
export { startSession } from './session';
export { OnwardOrSignIn } from './OnwardOrSignIn';
