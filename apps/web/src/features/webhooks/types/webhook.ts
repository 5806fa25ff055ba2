// The webhook shapes of the console API, derived from the server's schemas (@keepsake/wire; docs/decisions/087).
import type { attemptSchema, attemptsResponse, endpointSchema, eventTypesResponse } from '@keepsake/wire/console/webhooks';
import type { z } from 'zod';

export type WebhookEndpoint = z.infer<typeof endpointSchema>;

export type WebhookEventType = z.infer<typeof eventTypesResponse>['eventTypes'][number];

export type WebhookAttempt = z.infer<typeof attemptSchema>;

export type DeliveryStatus = WebhookAttempt['messageStatus'];

export type AttemptsPage = z.infer<typeof attemptsResponse>;
