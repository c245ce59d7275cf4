import { z } from 'zod';
import { CAST_AUTOPLAY_NEXT_ITEMS } from '../../domain/constants';
import { singleLineText } from './text';

/**
 * Casting to a TV (SPEC §4 Cast: connect, load item, play, pause, finished; §7 cast messages;
 * §9 cast autoplays the next 4 items). The same messages travel over both transports: the
 * contract server's relay to the app's own receiver (`/cast/receiver`) and Google Cast's custom
 * namespace. Shared by the client, the receiver page and the server's relay.
 */

/** Pairing codes: no 0/O, 1/I/L, so a code read off a TV across the room is typed right. */
export const CAST_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CAST_CODE_LENGTH = 6;
const castId = z.string().min(1).max(64);

export const CastCodeSchema = z
  .string()
  .transform((code) => code.replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .length(CAST_CODE_LENGTH)
      .regex(new RegExp(`^[${CAST_CODE_ALPHABET}]+$`)),
  );

export const CastItemSchema = z.object({
  jobId: castId,
  fileId: castId,
  kind: z.enum(['picture', 'video', 'screenshot']),
  /** Seconds; 0 for pictures. */
  duration: z.number().min(0).max(1e7).default(0),
});
export type CastItem = z.infer<typeof CastItemSchema>;

/**
 * Sender → receiver: the SPEC §7 cast messages. A plain union (each member's `type` literal tells
 * them apart), not z.discriminatedUnion: zod is one vendor chunk on the /photos path, and nothing
 * else uses that class (bench/bundle).
 */
export const CastMessageSchema = z.union([
  z.object({
    type: z.literal('loadSingleItem'),
    item: CastItemSchema,
    /** The items after it, preloaded and played in turn when autoplay is on (SPEC §9: 4). */
    next: z.array(CastItemSchema).max(CAST_AUTOPLAY_NEXT_ITEMS).default([]),
    autoPlay: z.boolean().default(false),
  }),
  z.object({ type: z.literal('autoPlayChanged'), autoPlay: z.boolean() }),
  z.object({ type: z.literal('playOrPauseMedia'), play: z.boolean() }),
  z.object({ type: z.literal('seekVideo'), time: z.number().min(0).max(1e7) }),
  z.object({ type: z.literal('getReceiverState'), requestId: z.string().min(1).max(64) }),
]);
export type CastMessage = z.infer<typeof CastMessageSchema>;
export type CastMessageInput = z.input<typeof CastMessageSchema>;

/** SPEC §4 Cast states as the receiver reports them. */
export const CAST_PLAYER_STATES = ['idle', 'loading', 'playing', 'paused', 'finished'] as const;

/** Receiver → sender: what it shows (after each change, and in answer to getReceiverState). */
export const ReceiverStateSchema = z.object({
  type: z.literal('receiverState'),
  /** The getReceiverState this answers, if any. */
  requestId: z.string().max(64).optional(),
  item: z.object({ jobId: castId, fileId: castId, kind: CastItemSchema.shape.kind }).nullable(),
  playerState: z.enum(CAST_PLAYER_STATES),
  /** Seconds into a video (0 for pictures). */
  currentTime: z.number().min(0),
  duration: z.number().min(0),
  autoPlay: z.boolean(),
});
export type ReceiverState = z.infer<typeof ReceiverStateSchema>;

// --- The relay's calls (contract server, `server/routes/cast.ts`) ---

/** POST /cast/receivers: a receiver (not signed in) asks for a pairing code. */
export const CreateReceiverRequestSchema = z.object({
  name: singleLineText(60).optional(),
});
export const ReceiverSessionSchema = z.object({
  receiver_id: castId,
  /** Opens this receiver's events, state reports and the content cast to it; never shown. */
  receiver_token: z.string().min(1).max(128),
  code: z.string(),
  /** Unix seconds. */
  code_expires_at: z.number(),
  name: z.string(),
});
export type ReceiverSession = z.infer<typeof ReceiverSessionSchema>;

/** POST /cast/pair: the signed-in sender types the code. */
export const PairRequestSchema = z.object({ code: CastCodeSchema });
export const CastSessionSchema = z.object({
  session_id: castId,
  receiver_name: z.string(),
  /** The receiver's last report, once it made one. */
  state: ReceiverStateSchema.nullable(),
});
export type CastSession = z.infer<typeof CastSessionSchema>;

/** Error codes of the pairing, each with its own translated text on the client. */
export const CAST_ERRORS = {
  codeInvalid: 'cast_code_invalid',
  codeExpired: 'cast_code_expired',
  receiverBusy: 'cast_receiver_busy',
  sessionEnded: 'cast_session_ended',
} as const;

/** The server-sent event names of the relay. */
export const CAST_EVENTS = {
  /** First event of every connection without Last-Event-ID: where things stand now. */
  status: 'status',
  /** To the receiver: a sender paired (data `{ sender_name }`). */
  paired: 'paired',
  /** To the receiver: a CastMessage. To the sender: a ReceiverState. */
  message: 'message',
  /** To both: the pairing ended (stop casting, or the receiver left); the receiver gets a new code. */
  ended: 'ended',
} as const;

export const PairedEventSchema = z.object({ sender_name: z.string() });
export const EndedEventSchema = z.object({
  code: z.string().optional(),
  code_expires_at: z.number().optional(),
});
/** The receiver's `status`: its code, and who casts to it (null when free). */
export const ReceiverStatusSchema = z.object({
  code: z.string(),
  code_expires_at: z.number(),
  sender_name: z.string().nullable(),
});
/** POST /cast/receivers/{id}/state: the receiver's report, with its token. */
export const ReceiverReportSchema = z.object({
  token: z.string().min(1).max(128),
  state: ReceiverStateSchema,
});
/** POST /cast/receivers/{id}/code: a new code once the shown one expired. */
export const ReceiverTokenSchema = z.object({ token: z.string().min(1).max(128) });
