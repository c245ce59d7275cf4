import {
  ReceiverStateSchema,
  type CastMessageInput,
  type ReceiverState,
} from '../../api/contract/cast';
import type { CastTransport } from './CastService';

/**
 * Google Cast, where the browser has the sender framework (Chrome with the Cast extension, or the
 * page loaded `cast_sender.js`): the same SPEC §7 messages as JSON on a custom namespace, to the
 * receiver application named in the app config. It cannot run in tests; the message mapping can.
 */
export const GOOGLE_CAST_NAMESPACE = 'urn:x-cast:com.capture.cast';

/** The parts of the Cast sender framework used here (cast.framework / chrome.cast). */
interface CastSessionApi {
  sendMessage(namespace: string, message: string): Promise<unknown>;
  addMessageListener(namespace: string, listener: (namespace: string, data: string) => void): void;
  removeMessageListener(
    namespace: string,
    listener: (namespace: string, data: string) => void,
  ): void;
  getSessionId(): string;
  getCastDevice(): { friendlyName: string };
  endSession(stopCasting: boolean): void;
}
interface CastContextApi {
  setOptions(options: { receiverApplicationId: string; autoJoinPolicy: string }): void;
  requestSession(): Promise<unknown>;
  getCurrentSession(): CastSessionApi | null;
  addEventListener(type: string, listener: (event: { sessionState: string }) => void): void;
  removeEventListener(type: string, listener: (event: { sessionState: string }) => void): void;
}
interface CastGlobals {
  cast?: { framework?: { CastContext: { getInstance(): CastContextApi } } };
  chrome?: { cast?: { AutoJoinPolicy?: { ORIGIN_SCOPED: string } } };
}

/** True only when the Cast sender framework is loaded: otherwise Google Cast is not offered. */
export function googleCastAvailable(win: unknown = globalThis): boolean {
  const globals = win as CastGlobals;
  return Boolean(globals.cast?.framework && globals.chrome?.cast);
}

/** Sender → receiver: one SPEC message as the namespace's JSON text. */
export function toGoogleCastMessage(message: CastMessageInput): string {
  return JSON.stringify(message);
}

/** Receiver → sender: its report, or null for anything that is not one (never trusted as is). */
export function fromGoogleCastMessage(data: unknown): ReceiverState | null {
  let value: unknown = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  const parsed = ReceiverStateSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

class GoogleCastTransport implements CastTransport {
  readonly kind = 'googleCast';
  readonly sessionId: string;
  readonly deviceName: string;

  constructor(
    private readonly context: CastContextApi,
    private readonly session: CastSessionApi,
  ) {
    this.sessionId = session.getSessionId();
    this.deviceName = session.getCastDevice().friendlyName;
  }

  async send(message: CastMessageInput): Promise<void> {
    await this.session.sendMessage(GOOGLE_CAST_NAMESPACE, toGoogleCastMessage(message));
  }

  listen(handlers: { state: (state: ReceiverState) => void; ended: () => void }): () => void {
    const onMessage = (_namespace: string, data: string) => {
      const state = fromGoogleCastMessage(data);
      if (state) handlers.state(state);
    };
    const onSession = (event: { sessionState: string }) => {
      if (event.sessionState === 'SESSION_ENDED') handlers.ended();
    };
    this.session.addMessageListener(GOOGLE_CAST_NAMESPACE, onMessage);
    this.context.addEventListener('sessionstatechanged', onSession);
    return () => {
      this.session.removeMessageListener(GOOGLE_CAST_NAMESPACE, onMessage);
      this.context.removeEventListener('sessionstatechanged', onSession);
    };
  }

  stop(): Promise<void> {
    this.session.endSession(true);
    return Promise.resolve();
  }
}

/** Opens the browser's Cast device picker and connects to the receiver application. */
export async function connectGoogleCast(
  receiverApplicationId: string,
  win: unknown = globalThis,
): Promise<CastTransport> {
  const globals = win as CastGlobals;
  const framework = globals.cast?.framework;
  if (!framework) throw new Error('Google Cast is not available');
  const context = framework.CastContext.getInstance();
  context.setOptions({
    receiverApplicationId,
    autoJoinPolicy: globals.chrome?.cast?.AutoJoinPolicy?.ORIGIN_SCOPED ?? 'origin_scoped',
  });
  await context.requestSession();
  const session = context.getCurrentSession();
  if (!session) throw new Error('No Google Cast session');
  return new GoogleCastTransport(context, session);
}
