import { z } from 'zod';
import { lazySchema } from './lazySchema';
import { TEXT_MAX } from '../../domain/constants';

// SPEC §3 Full-screen card and §7 GET /v2/full_screen_cards, POST /full_screen_cards/{id}/dismiss.
// Shared with server/: the server stores and answers what these schemas describe; the client
// reads the list card by card, so one card it cannot use never hides the others.

/** SPEC §3: "only generic_message_1 is used"; cards of other templates are ignored. */
export const GENERIC_MESSAGE_TEMPLATE = 'generic_message_1';

/** SPEC §3 card actions: internal navigation, new tab, redirect (our wire names). */
export const CARD_ACTION_TYPES = ['internal_navigation', 'new_tab', 'redirect'] as const;
export type CardActionType = (typeof CARD_ACTION_TYPES)[number];

/** Longest URL a card may carry (illustration or action). */
export const CARD_URL_MAX = 2048;

export const CardWebActionSchema = lazySchema(() =>
  z.object({
    action_type: z.enum(CARD_ACTION_TYPES),
    url: z.string().min(1).max(CARD_URL_MAX),
  }),
);
export type CardWebAction = z.infer<typeof CardWebActionSchema>;

/** A call to action: its label, whether tapping it dismisses the card, and what it opens. */
export const CardCtaSchema = lazySchema(() =>
  z.object({
    label: z.string().min(1).max(TEXT_MAX),
    dismiss_on_tap: z.boolean(),
    /** None: the button only closes the card. */
    web_action: CardWebActionSchema.nullable().optional(),
  }),
);
export type CardCta = z.infer<typeof CardCtaSchema>;

/** client_values of a generic_message_1 card. */
export const GenericMessageValuesSchema = lazySchema(() =>
  z.object({
    title: z.string().min(1).max(TEXT_MAX),
    /** An image URL (http or https); anything else is not shown. */
    illustration: z.string().max(CARD_URL_MAX).nullable().optional(),
    body: z.string().max(4000),
    primary_cta: CardCtaSchema,
    secondary_cta: CardCtaSchema.nullable().optional(),
  }),
);
export type GenericMessageValues = z.infer<typeof GenericMessageValuesSchema>;

/** Any card as the list carries it: client_values depend on the template. */
export const RawCardSchema = lazySchema(() =>
  z.object({
    card_id: z.string().min(1).max(64),
    /** Higher first. */
    priority: z.number().int(),
    template: z.string().min(1).max(64),
    client_values: z.unknown(),
  }),
);

/** A card the client shows. */
export const GenericMessageCardSchema = lazySchema(() =>
  RawCardSchema.extend({
    template: z.literal(GENERIC_MESSAGE_TEMPLATE),
    client_values: GenericMessageValuesSchema,
  }),
);
export type GenericMessageCard = z.infer<typeof GenericMessageCardSchema>;

/** GET /v2/full_screen_cards: the caller's cards not yet dismissed. */
export const FullScreenCardsResponseSchema = lazySchema(() =>
  z.object({
    backend_controlled_cards: z.array(z.unknown()),
  }),
);

/**
 * The cards of a list the client can show, highest priority first: an entry that is malformed,
 * of another template, or repeated is left out (and so cannot block the rest).
 */
export function usableCards(list: readonly unknown[]): GenericMessageCard[] {
  const seen = new Set<string>();
  const cards: GenericMessageCard[] = [];
  for (const entry of list) {
    const card = GenericMessageCardSchema.safeParse(entry);
    if (!card.success || seen.has(card.data.card_id)) continue;
    seen.add(card.data.card_id);
    cards.push(card.data);
  }
  return cards.sort((a, b) => b.priority - a.priority);
}
