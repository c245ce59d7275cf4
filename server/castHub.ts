import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  CAST_CODE_ALPHABET,
  CAST_CODE_LENGTH,
  CAST_ERRORS,
  CAST_EVENTS,
  type CastMessage,
  type ReceiverState,
} from '../src/api/contract/cast';
import { HttpError } from './errors';

/** A shown code works this long; the receiver then asks for a new one. */
export const CAST_CODE_TTL_SECONDS = 10 * 60;
/** A receiver nobody listens to is forgotten after this long (its token stops working). */
export const CAST_RECEIVER_IDLE_SECONDS = 60 * 60;
/** Pairing tries per account, and per address (a code is found only by trying). */
export const CAST_PAIR_RATE = { limit: 10, windowSeconds: 60 };
export const CAST_PAIR_ADDRESS_RATE = { limit: 30, windowSeconds: 60 };
/** New receivers (codes) per address: a TV asks for one when it opens and when it is freed. */
export const CAST_RECEIVER_RATE = { limit: 30, windowSeconds: 600 };
/** Events kept per stream for a reconnect with Last-Event-ID. */
const REPLAY_EVENTS = 50;

export interface StreamEvent {
  id: number;
  event: string;
  data: unknown;
}

/**
 * One party's server-sent events: numbered, the last few kept so an EventSource that reconnects
 * with `Last-Event-ID` gets what it missed, and pushed to whoever listens now.
 */
export class EventStream {
  private events: StreamEvent[] = [];
  private nextId = 1;
  private readonly listeners = new Set<(event: StreamEvent) => void>();

  push(event: string, data: unknown): void {
    const entry = { id: this.nextId++, event, data };
    this.events.push(entry);
    if (this.events.length > REPLAY_EVENTS) this.events.shift();
    for (const listener of this.listeners) listener(entry);
  }

  /** Events after `lastId` still kept (a reconnect's replay). */
  since(lastId: number): StreamEvent[] {
    return this.events.filter((e) => e.id > lastId);
  }

  listen(listener: (event: StreamEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get listening(): boolean {
    return this.listeners.size > 0;
  }
}

export interface CastReceiver {
  id: string;
  tokenHash: string;
  name: string;
  code: string;
  codeExpiresAt: number;
  lastSeen: number;
  stream: EventStream;
  session: CastPairing | null;
  /** `jobUuid/fileId` the paired sender cast here: the only content this receiver may read. */
  grants: Set<string>;
}

export interface CastPairing {
  id: string;
  receiver: CastReceiver;
  userId: number;
  senderName: string;
  stream: EventStream;
  state: ReceiverState | null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newCastCode(): string {
  let code = '';
  for (let i = 0; i < CAST_CODE_LENGTH; i++) {
    code += CAST_CODE_ALPHABET[randomInt(CAST_CODE_ALPHABET.length)];
  }
  return code;
}

/**
 * The pairing and relay of SPEC §4 Cast, in memory (a receiver is a browser tab showing a code:
 * nothing about it outlives the process). A receiver gets a code and a token; a signed-in sender
 * pairs by the code; while paired, a second sender is refused (409), never silently swapped in;
 * stop casting ends the pairing and the receiver shows a new code.
 */
export class CastHub {
  private readonly receivers = new Map<string, CastReceiver>();
  private readonly byCode = new Map<string, CastReceiver>();
  private readonly sessions = new Map<string, CastPairing>();

  constructor(private readonly now: () => number) {}

  createReceiver(name: string): { receiver: CastReceiver; token: string } {
    this.purgeIdle();
    const token = randomBytes(24).toString('base64url');
    const receiver: CastReceiver = {
      id: randomUUID(),
      tokenHash: hashToken(token),
      name,
      code: '',
      codeExpiresAt: 0,
      lastSeen: this.now(),
      stream: new EventStream(),
      session: null,
      grants: new Set(),
    };
    this.receivers.set(receiver.id, receiver);
    this.renewCode(receiver);
    return { receiver, token };
  }

  /** The receiver the id and token name, else 401 (a forgotten receiver starts over). */
  receiver(id: string, token: string | undefined): CastReceiver {
    const receiver = this.receivers.get(id);
    if (!receiver || !token || receiver.tokenHash !== hashToken(token)) {
      throw new HttpError(401, 'unauthorized', 'Unknown receiver or token');
    }
    receiver.lastSeen = this.now();
    return receiver;
  }

  renewCode(receiver: CastReceiver): void {
    this.byCode.delete(receiver.code);
    let code = newCastCode();
    while (this.byCode.has(code)) code = newCastCode();
    receiver.code = code;
    receiver.codeExpiresAt = this.now() + CAST_CODE_TTL_SECONDS;
    this.byCode.set(code, receiver);
  }

  /** Test control: the code stops working now (SPEC "pairing tokens expire"). */
  expireCode(code: string): boolean {
    const receiver = this.byCode.get(code);
    if (!receiver) return false;
    receiver.codeExpiresAt = this.now() - 1;
    return true;
  }

  pair(code: string, userId: number, senderName: string): CastPairing {
    const receiver = this.byCode.get(code);
    if (!receiver || !this.receivers.has(receiver.id)) {
      throw new HttpError(404, CAST_ERRORS.codeInvalid, 'No TV shows this code');
    }
    const current = receiver.session;
    if (current && current.userId === userId) return current;
    if (current) {
      throw new HttpError(409, CAST_ERRORS.receiverBusy, 'Someone else is casting to this TV');
    }
    if (receiver.codeExpiresAt < this.now()) {
      throw new HttpError(410, CAST_ERRORS.codeExpired, 'The code has expired');
    }
    const pairing: CastPairing = {
      id: randomUUID(),
      receiver,
      userId,
      senderName,
      stream: new EventStream(),
      state: null,
    };
    receiver.session = pairing;
    receiver.grants.clear();
    this.sessions.set(pairing.id, pairing);
    receiver.stream.push(CAST_EVENTS.paired, { sender_name: senderName });
    return pairing;
  }

  /** The caller's pairing, else 404 (another user's is unknown to them). */
  session(id: string, userId: number): CastPairing {
    const pairing = this.sessions.get(id);
    if (!pairing || pairing.userId !== userId) {
      throw new HttpError(404, CAST_ERRORS.sessionEnded, 'Not casting');
    }
    return pairing;
  }

  /** Sender → receiver; a loadSingleItem's files are granted first (the route checks them). */
  relayToReceiver(pairing: CastPairing, message: CastMessage, grants: readonly string[]): void {
    for (const grant of grants) pairing.receiver.grants.add(grant);
    pairing.receiver.stream.push(CAST_EVENTS.message, message);
  }

  /** Receiver → sender: its state, kept for a sender that reconnects. */
  reportState(receiver: CastReceiver, state: ReceiverState): void {
    const pairing = receiver.session;
    if (!pairing) return;
    pairing.state = state;
    pairing.stream.push(CAST_EVENTS.message, state);
  }

  /** Stop casting: the receiver is free again and shows a new code. */
  end(pairing: CastPairing): void {
    const receiver = pairing.receiver;
    this.sessions.delete(pairing.id);
    if (receiver.session === pairing) {
      receiver.session = null;
      receiver.grants.clear();
      this.renewCode(receiver);
      receiver.stream.push(CAST_EVENTS.ended, {
        code: receiver.code,
        code_expires_at: receiver.codeExpiresAt,
      });
    }
    pairing.stream.push(CAST_EVENTS.ended, {});
  }

  /** Every pairing of a user ends (their sign-out: the TV stops showing their files). */
  endAllOf(userId: number): void {
    for (const pairing of [...this.sessions.values()]) {
      if (pairing.userId === userId) this.end(pairing);
    }
  }

  /** Receivers nobody listened to for an hour go, with their pairing. */
  purgeIdle(): void {
    const cutoff = this.now() - CAST_RECEIVER_IDLE_SECONDS;
    for (const receiver of this.receivers.values()) {
      if (receiver.stream.listening || receiver.lastSeen >= cutoff) continue;
      if (receiver.session) this.end(receiver.session);
      this.receivers.delete(receiver.id);
      this.byCode.delete(receiver.code);
    }
  }
}
