// Webhook endpoints and their delivery attempts (/api/console/projects/{id}/webhooks…, docs/decisions/029).
import { maxUrlLength } from '@keepsake/validation/urls';
import { z } from 'zod';
import { uuidSchema } from '../common.ts';

/**
 * The event types on offer: only those the server publishes (its `event-types.test.ts` fails unless this list is
 * exactly the set its `publish` calls name; ADR 083). The server describes each one and keeps an example of it.
 */
export const webhookEventTypes = [
  'collections.create.succeeded',
  'collections.create.failed',
  'nfts.create.succeeded',
  'nfts.create.failed',
  'orders.quote.created',
  'orders.payment.succeeded',
  'orders.payment.failed',
  'orders.delivery.initiated',
  'orders.delivery.completed',
  'orders.delivery.failed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/**
 * Event types once offered that nothing publishes yet (ADR 083). Endpoints subscribed to them keep them, and an
 * update may keep them, but no endpoint may newly subscribe to them. Checkout brought the order events back.
 */
export const retiredWebhookEventTypes = ['nfts.update.succeeded', 'wallets.transfer.in', 'wallets.transfer.out'] as const;
export type RetiredWebhookEventType = (typeof retiredWebhookEventTypes)[number];

/** Where a message's delivery to an endpoint stands. */
export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;

/** Messages are named `msg_<32 hex digits>` on the wire (the `svix-id` header). */
export const messageIdPattern = /^msg_[0-9a-f]{32}$/;

export const maxDescriptionLength = 500;

export const eventTypeSchema = z.enum(webhookEventTypes, { message: `event type must be one of ${webhookEventTypes.join(', ')}` });

/** The endpoint's URL as typed; the server's URL policy then checks where it leads (ADR 026). */
export const webhookUrlSchema = z
  .string({ message: 'url must be a string' })
  .trim()
  .min(1, { message: 'URL cannot be empty' })
  .max(maxUrlLength, { message: `url must be at most ${maxUrlLength} characters` });

export const webhookDescriptionSchema = z
  .string({ message: 'description must be a string' })
  .trim()
  .max(maxDescriptionLength, { message: `description must be at most ${maxDescriptionLength} characters` });

export const eventTypesSchema = z
  .array(eventTypeSchema, { message: 'eventTypes must be a list of event types' })
  .min(1, { message: 'Choose at least one event type' })
  .max(webhookEventTypes.length * 2);

/**
 * An update may also name retired event types, which the service keeps only where the endpoint holds them
 * already (ADR 083): a client that reads an endpoint and writes its list back is not refused.
 */
const knownEventTypes = [...webhookEventTypes, ...retiredWebhookEventTypes] as const;
const updateEventTypesSchema = z
  .array(z.enum(knownEventTypes, { message: `event type must be one of ${webhookEventTypes.join(', ')}` }), {
    message: 'eventTypes must be a list of event types',
  })
  .min(1, { message: 'Choose at least one event type' })
  .max(knownEventTypes.length * 2);

export const createEndpointBody = z.object({ url: webhookUrlSchema, description: webhookDescriptionSchema.default(''), eventTypes: eventTypesSchema });

export const updateEndpointBody = z
  .object({
    url: webhookUrlSchema.optional(),
    description: webhookDescriptionSchema.optional(),
    eventTypes: updateEventTypesSchema.optional(),
    enabled: z.boolean({ message: 'enabled must be true or false' }).optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), { message: 'Send at least one of url, description, eventTypes, enabled' });

export const endpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    eventTypes: z.array(z.string()),
    enabled: z.boolean(),
    /** Set after a rotation while the previous secret still signs deliveries. */
    previousSecretExpiresAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });

export const attemptSchema = z
  .object({
    id: z.string(),
    messageId: z.string(),
    eventType: z.string(),
    trigger: z.enum(['scheduled', 'manual']),
    attemptNumber: z.number().int().nullable(),
    status: z.enum(['succeeded', 'failed']),
    responseStatus: z.number().int().nullable(),
    responseBody: z.string(),
    durationMs: z.number().int(),
    error: z.string().nullable(),
    createdAt: z.string(),
    /** Where the message's delivery to this endpoint stands now. */
    messageStatus: z.enum(webhookDeliveryStatuses),
    nextAttemptAt: z.string().nullable(),
  })
  .meta({ id: 'WebhookAttempt' });

export const messageIdSchema = z
  .string({ message: 'messageId must be a string' })
  .regex(messageIdPattern, { message: 'messageId must look like msg_ followed by 32 hexadecimal digits' });

/** `{id}` (the project) and `{endpointId}`. */
export const endpointParams = z.object({ id: uuidSchema, endpointId: uuidSchema });

/** GET /api/console/webhooks/event-types. */
export const eventTypesResponse = z.object({ eventTypes: z.array(z.object({ name: z.string(), description: z.string() })) });

export const endpointListResponse = z.object({ endpoints: z.array(endpointSchema) });
export const endpointResponse = z.object({ endpoint: endpointSchema });
/** Creating an endpoint, or rotating its secret: the `whsec_` secret is in this answer. */
export const endpointWithSecretResponse = z.object({ endpoint: endpointSchema, secret: z.string() });
export const endpointDeletedResponse = z.object({ deleted: z.literal(true) });
export const secretResponse = z.object({ secret: z.string() });

/** GET …/attempts: newest first. */
export const attemptsQuery = z.object({
  page: z.coerce.number({ message: 'page must be an integer' }).int({ message: 'page must be an integer' }).min(1).max(100_000).default(1),
  perPage: z.coerce.number({ message: 'perPage must be an integer' }).int({ message: 'perPage must be an integer' }).min(1).max(100).default(20),
});
export const attemptsResponse = z.object({ attempts: z.array(attemptSchema), page: z.number().int(), perPage: z.number().int(), total: z.number().int() });

/** POST …/resend and …/test: the message is queued. */
export const resendBody = z.object({ messageId: messageIdSchema });
export const testEventBody = z.object({ eventType: eventTypeSchema });
export const queuedMessageResponse = z.object({ messageId: z.string() });
