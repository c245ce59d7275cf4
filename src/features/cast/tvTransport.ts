import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { z } from 'zod';
import { loadStoredAuth } from '../../api/authStore';
import {
  CAST_EVENTS,
  CastSessionSchema,
  ReceiverStateSchema,
  type CastMessageInput,
  type CastSession,
  type ReceiverState,
} from '../../api/contract/cast';
import { isApiError } from '../../api/errors';
import { api } from '../../platform/api';
import type { CastTransport } from './CastService';

/**
 * The app's own TV receiver (`/cast/receiver`) through the contract server's relay: commands are
 * POSTs, the receiver's reports come back over SSE (server/CONTEXT.md says why). EventSource
 * reconnects by itself with Last-Event-ID; when the stream cannot reopen, the session is asked
 * for, and a session that is gone ends the cast.
 */
export class TvTransport implements CastTransport {
  readonly kind = 'tv';
  readonly sessionId: string;
  readonly deviceName: string;

  constructor(session: CastSession) {
    this.sessionId = session.session_id;
    this.deviceName = session.receiver_name;
  }

  async send(message: CastMessageInput): Promise<void> {
    await api().request({
      call: callTo(CALLS.castMessages, { id: this.sessionId }),
      body: message,
      schema: z.unknown(),
    });
  }

  listen(handlers: { state: (state: ReceiverState) => void; ended: () => void }): () => void {
    const url = api().url({
      call: callTo(
        CALLS.castSessionEvents,
        { id: this.sessionId },
        { token: loadStoredAuth()?.token },
      ),
    });
    const events = new EventSource(url);
    const onState = (data: string) => {
      const parsed = ReceiverStateSchema.safeParse(JSON.parse(data));
      if (parsed.success) handlers.state(parsed.data);
    };
    events.addEventListener(CAST_EVENTS.status, (e) => onState(e.data as string));
    events.addEventListener(CAST_EVENTS.message, (e) => onState(e.data as string));
    events.addEventListener(CAST_EVENTS.ended, () => {
      events.close();
      handlers.ended();
    });
    events.onerror = () => {
      // A closed stream does not come back by itself (the answer was not 200): is the session gone?
      if (events.readyState !== EventSource.CLOSED) return;
      void fetchCastSession(this.sessionId).then((session) => {
        if (!session) handlers.ended();
      });
    };
    return () => events.close();
  }

  async stop(): Promise<void> {
    await api().request({
      call: callTo(CALLS.endCastSession, { id: this.sessionId }),
      schema: z.unknown(),
    });
  }
}

/** The signed-in user types the TV's code. Throws the ApiError (its code names the refusal). */
export async function pairWithTv(code: string): Promise<TvTransport> {
  const { data } = await api().request({
    call: callTo(CALLS.castPair),
    body: { code },
    schema: CastSessionSchema,
  });
  return new TvTransport(data);
}

/** The pairing as the relay has it, or null when it ended (after a reload: reconnect or forget). */
export async function fetchCastSession(sessionId: string): Promise<CastSession | null> {
  try {
    const { data } = await api().request({
      call: callTo(CALLS.castSession, { id: sessionId }),
      schema: CastSessionSchema,
    });
    return data;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
