// SPEC §7 the caller's own user data: POST /name, the profile picture (POST, and GET by its key:
// public like any avatar, the unguessable key is the capability), options, account attributes and
// grants. Every stored text passes the one rule of src/api/contract/text.ts.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import type { OptionResponse, UserGrantsResponse } from '../../src/api/contract/user';
import { OptionValueRequestSchema } from '../../src/api/contract/user';
import { requireCaller } from '../auth/guard';
import { grantLinksOf, settleCaller } from '../payments/routes';
import type { ServerContext } from '../context';
import {
  deleteValue,
  getValue,
  grantsOf,
  setName,
  setProfilePicture,
  setValue,
  userIdByPictureKey,
} from '../db/account';
import { badRequest, HttpError, notFound } from '../errors';
import { PROFILE_CROP_PX, TEXT_MAX } from '../../src/domain/constants';
import { commonQuery } from './params';
import { LIMIT_INPUT_PIXELS } from '../media/decodes';
import { asMultipartError } from './uploads';
import { storedText, storedTextProblem } from '../../src/api/contract/text';

/** SPEC §9 text max; the shared rule of stored texts (contract/text.ts). */
const NameBody = z.object({ name: storedText(z.string().trim().min(1).max(TEXT_MAX)) });
const key = z.string().regex(/^[A-Za-z0-9_.:-]{1,128}$/, 'expected a key of [A-Za-z0-9_.:-]');
const OptionBody = z.object({ value: OptionValueRequestSchema });
const AttributeQuery = z.object({ ...commonQuery, account_attribute_key: key });
const PictureQuery = z.object({ ...commonQuery, path: z.string().max(1024).optional() });
const PICTURE_KEY = /^[0-9a-f]{32}$/;
const MAX_PICTURE_BYTES = 20 * 1024 * 1024;
const MAX_VALUE_CHARS = 4096;

const tooMany = () => new HttpError(409, 'too_many_keys', 'Too many stored keys for this account');

/** Where profile pictures live, and the public URL of one (the key is random and unguessable). */
export const profilePicturePath = (ctx: ServerContext, pictureKey: string): string =>
  path.join(ctx.dataDir, 'profile', `${pictureKey}.jpg`);
export const profilePictureUrl = (ctx: ServerContext, pictureKey: string | null): string | null =>
  pictureKey ? `${ctx.publicApiOrigin}/profile_picture/${pictureKey}` : null;

/** An account attribute as stored: strings as they are, other JSON values as JSON text. */
function attributeValue(body: unknown): string {
  if (body === undefined || body === null) throw badRequest('the body is the value');
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  if (text.length > MAX_VALUE_CHARS) throw badRequest(`value longer than ${MAX_VALUE_CHARS}`);
  // A stored text like any other (contract/text.ts); JSON text never holds one of these raw.
  const problem = storedTextProblem(text);
  if (problem) throw badRequest(`value: ${problem}`);
  return text;
}

export function registerUserRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/name', (request) => {
    const { user } = requireCaller(ctx, request);
    z.object(commonQuery).parse(request.query);
    const { name } = NameBody.parse(request.body);
    setName(ctx.db, user.id, name);
    return { name };
  });

  // SPEC §7: multipart file, query path; 201 means success.
  app.post('/profile_picture', async (request, reply) => {
    const { user } = requireCaller(ctx, request);
    PictureQuery.parse(request.query);
    if (!request.isMultipart()) throw badRequest('expected multipart/form-data');
    let input: Buffer;
    try {
      const part = await request.file({ limits: { fileSize: MAX_PICTURE_BYTES, files: 1 } });
      if (!part || part.fieldname !== 'file') throw badRequest('file: a file part is required');
      input = await part.toBuffer();
    } catch (error) {
      throw asMultipartError(error);
    }
    let jpeg: Buffer;
    try {
      // The client sends its square crop cut from the original's pixels; it is kept at the crop
      // viewport's 310×310 (SPEC §9), oriented and re-encoded so only pixels (no metadata, no
      // foreign format) are stored and served. A picture that is not square is cut to its middle.
      jpeg = await ctx.media.decodes.run(() =>
        sharp(input, { limitInputPixels: LIMIT_INPUT_PIXELS })
          .rotate()
          .resize(PROFILE_CROP_PX, PROFILE_CROP_PX, { fit: 'cover' })
          .jpeg({ quality: 85 })
          .toBuffer(),
      );
    } catch {
      throw new HttpError(400, 'invalid_image', 'The file is not a picture');
    }
    const pictureKey = randomBytes(16).toString('hex');
    const target = profilePicturePath(ctx, pictureKey);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.writeFile(target, jpeg);
    setProfilePicture(ctx.db, user.id, pictureKey);
    if (user.profile_picture && PICTURE_KEY.test(user.profile_picture)) {
      await fs.promises.rm(profilePicturePath(ctx, user.profile_picture), { force: true });
    }
    return reply.code(201).send({ profile_picture: profilePictureUrl(ctx, pictureKey) });
  });

  // Public like any avatar: album participants see each other's; the key is the capability.
  app.get('/profile_picture/:key', async (request, reply) => {
    const pictureKey = (request.params as { key: string }).key;
    if (!PICTURE_KEY.test(pictureKey) || userIdByPictureKey(ctx.db, pictureKey) === null) {
      throw notFound();
    }
    const data = await fs.promises.readFile(profilePicturePath(ctx, pictureKey));
    return reply
      .type('image/jpeg')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(data);
  });

  app.get('/options/:key', (request) => {
    const { user } = requireCaller(ctx, request);
    z.object(commonQuery).parse(request.query);
    const name = key.parse((request.params as { key: string }).key);
    const stored = getValue(ctx.db, 'user_options', user.id, name);
    const answer: OptionResponse = {
      key: name,
      value: stored === null ? null : (JSON.parse(stored) as OptionResponse['value']),
    };
    return answer;
  });

  app.put('/options/:key', (request) => {
    const { user } = requireCaller(ctx, request);
    z.object(commonQuery).parse(request.query);
    const name = key.parse((request.params as { key: string }).key);
    const { value } = OptionBody.parse(request.body);
    if (!setValue(ctx.db, 'user_options', user.id, name, JSON.stringify(value))) throw tooMany();
    const answer: OptionResponse = { key: name, value };
    return answer;
  });

  app.delete('/options/:key', (request, reply) => {
    const { user } = requireCaller(ctx, request);
    z.object(commonQuery).parse(request.query);
    const name = key.parse((request.params as { key: string }).key);
    deleteValue(ctx.db, 'user_options', user.id, name);
    return reply.code(204).send();
  });

  app.get('/account_attribute', (request) => {
    const { user } = requireCaller(ctx, request);
    const query = AttributeQuery.parse(request.query);
    return {
      result: getValue(ctx.db, 'account_attributes', user.id, query.account_attribute_key),
    };
  });

  app.post('/account_attribute', (request) => {
    const { user } = requireCaller(ctx, request);
    const query = AttributeQuery.parse(request.query);
    const value = attributeValue(request.body);
    if (!setValue(ctx.db, 'account_attributes', user.id, query.account_attribute_key, value)) {
      throw tooMany();
    }
    return { result: value };
  });

  app.delete('/account_attribute', (request) => {
    const { user } = requireCaller(ctx, request);
    const query = AttributeQuery.parse(request.query);
    deleteValue(ctx.db, 'account_attributes', user.id, query.account_attribute_key);
    return { result: null };
  });

  app.get('/user_grants', (request) => {
    const { user } = requireCaller(ctx, request);
    z.object(commonQuery).parse(request.query);
    settleCaller(ctx, user.id);
    const answer: UserGrantsResponse = {
      result: {
        grants: grantsOf(ctx.db, user.id).map((g) => {
          const links = grantLinksOf(ctx, user.id, g.stripe_product_id);
          return {
            source: g.source,
            size: g.size_gb,
            renews_at: g.renews_at,
            expires_at: g.expires_at,
            stripe_product_id: g.stripe_product_id,
            ...(links ? { _links: links } : {}),
          };
        }),
      },
    };
    return answer;
  });
}
