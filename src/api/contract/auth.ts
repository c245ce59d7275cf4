import { z } from 'zod';
import { lazySchema } from './lazySchema';
import { singleLineText } from './text';
import { TEXT_MAX } from '../../domain/constants';

/** GET /st/4/telenorid/preflight_oauth2login: where to send the browser to sign in. */
export const PreflightResponseSchema = lazySchema(() =>
  z.object({
    authorization_url: z.string().url(),
    authorization_params: z.record(z.string(), z.union([z.string(), z.number()])),
  }),
);

/** POST /st/4/telenorid/postflight_oauth2callback: the session the login created. */
export const PostflightResponseSchema = lazySchema(() =>
  z.object({
    auth_token: z.string().min(1),
    service_dict: z.record(z.string(), z.unknown()),
    user_uuid: z.string(),
    new_user: z.boolean(),
  }),
);

export const PostflightRequestSchema = lazySchema(() =>
  z.object({
    code: z.string().min(1).max(512),
    code_verifier: z.string().min(43).max(512),
    state: z.string().max(512).optional(),
    /** Shown in the user's device list: a stored text (contract/text.ts). */
    device_name: singleLineText(TEXT_MAX).optional(),
  }),
);
