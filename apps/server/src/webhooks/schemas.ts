import { z } from 'zod';
import { webhookDeliveryStatuses } from '@keepsake/db/schema';
import { retiredWebhookEventTypes, webhookEventTypes } from './event-types.ts';
import { messageIdPattern } from './message-id.ts';
import { maxUrlLength } from './url-policy.ts';

export const eventTypeSchema = z.enum(webhookEventTypes, { message: `event type must be one of ${webhookEventTypes.join(', ')}` });

const urlSchema = z
  .string({ message: 'url must be a string' })
  .trim()
  .min(1, { message: 'url cannot be empty' })
  .max(maxUrlLength, { message: `url must be at most ${maxUrlLength} characters` });

const descriptionSchema = z.string({ message: 'description must be a string' }).trim().max(500, { message: 'description must be at most 500 characters' });

const eventTypesSchema = z
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

export const createEndpointBody = z.object({ url: urlSchema, description: descriptionSchema.default(''), eventTypes: eventTypesSchema });

export const updateEndpointBody = z
  .object({
    url: urlSchema.optional(),
    description: descriptionSchema.optional(),
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

export const pageQuery = z.object({
  page: z.coerce.number({ message: 'page must be an integer' }).int({ message: 'page must be an integer' }).min(1).max(100_000).default(1),
  perPage: z.coerce.number({ message: 'perPage must be an integer' }).int({ message: 'perPage must be an integer' }).min(1).max(100).default(20),
});
