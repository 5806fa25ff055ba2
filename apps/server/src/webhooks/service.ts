import { randomUUID } from 'node:crypto';
import type { Database, Transaction } from '@keepsake/db/client';
import type { AppContext } from '../context.ts';
import { InvalidInputError, PermissionDeniedError, ResourceNotFoundError, StateConflictError } from '../platform/domain-errors.ts';
import { errorTypes } from '../platform/error-types.ts';
import { seal, unseal } from '../platform/secrets.ts';
import type { ProjectService } from '../projects/service.ts';
import { webhookEventTypes, type RetiredWebhookEventType, type WebhookEventType } from '@keepsake/wire/console/webhooks';
import { isWebhookEventType, webhookEventCatalogue } from './event-types.ts';
import { fromMessageId, toMessageId } from './message-id.ts';
import { DELIVERY_QUEUE, deliveryJobOptions, writeMessage, type DeliveryJob, type WebhookEvent } from './outbox.ts';
import { generateWebhookSecret } from './signing.ts';
import * as store from './store.ts';
import { checkEndpointUrl, WebhookUrlError } from './url-policy.ts';

/** Most endpoints a project may have: each one multiplies every event. */
export const maxEndpointsPerProject = 50;
/** After a rotation the previous secret keeps signing (beside the new one) this long. */
export const rotationOverlapMs = 24 * 60 * 60 * 1000;

export function presentEndpoint(row: store.EndpointRow, now = new Date()) {
  const overlap = row.sealedPreviousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    enabled: row.enabled,
    previousSecretExpiresAt: overlap ? row.previousSecretExpiresAt!.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function presentAttempt(row: Awaited<ReturnType<typeof store.listAttempts>>[number]) {
  const { attempt, delivery } = row;
  return {
    id: attempt.id,
    messageId: toMessageId(attempt.messageId),
    eventType: row.eventType,
    trigger: attempt.trigger,
    attemptNumber: attempt.attemptNumber,
    status: attempt.succeeded ? ('succeeded' as const) : ('failed' as const),
    responseStatus: attempt.responseStatus,
    responseBody: attempt.responseBody,
    durationMs: attempt.durationMs,
    error: attempt.error,
    createdAt: attempt.createdAt.toISOString(),
    messageStatus: delivery.status,
    nextAttemptAt: delivery.status === 'pending' ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
  };
}

/** Without duplicates, in the catalogue's order. */
const normalised = (eventTypes: WebhookEventType[]): WebhookEventType[] => webhookEventTypes.filter((type) => eventTypes.includes(type));

/** The caller's project role may not manage webhooks. */
export class WebhookRoleError extends PermissionDeniedError {
  constructor() {
    super('Only project owners and admins can do this.');
  }
}

/** The project has no such webhook endpoint, or the endpoint no such message. */
export class WebhookEndpointNotFoundError extends ResourceNotFoundError {
  constructor(message = 'Webhook endpoint not found.') {
    super(message);
  }
}

/** The endpoint URL is malformed (400 `invalid_request`) or points where webhooks are not sent (400 `webhook_url_not_allowed`). */
export class WebhookUrlRefusedError extends InvalidInputError {
  constructor(message: string, notAllowed: boolean) {
    super(message, notAllowed ? errorTypes.webhookUrlNotAllowed : errorTypes.invalidRequest);
  }
}

/** The event types name a retired type the endpoint does not hold. */
export class RetiredEventTypeError extends InvalidInputError {}

/** The endpoint's state refuses the change (disabled, or the project is at its endpoint limit). */
export class WebhookStateError extends StateConflictError {}

/**
 * An update's event types: offered ones, plus retired ones the endpoint holds already (ADR 083), which stay
 * after the offered ones in their stored order.
 * @throws RetiredEventTypeError when it names a retired type the endpoint does not hold.
 */
function updatedEventTypes(requested: (WebhookEventType | RetiredWebhookEventType)[], held: string[]): string[] {
  const refused = requested.filter((type) => !isWebhookEventType(type) && !held.includes(type));
  if (refused.length > 0) {
    throw new RetiredEventTypeError(`These event types are no longer offered, as nothing publishes them yet: ${refused.join(', ')}.`);
  }
  return [
    ...normalised(requested.filter(isWebhookEventType)),
    ...held.filter((type) => !isWebhookEventType(type) && requested.includes(type as RetiredWebhookEventType)),
  ];
}

/** How long another process of a deployment may miss a new subscription to an event (ADR 111). */
const unsubscribedTtlMs = 5_000;

export function createWebhookService(ctx: AppContext, projects: ProjectService) {
  const db = ctx.db;
  const policy = { devMode: ctx.config.devMode };
  let nudgeRelay: () => void = () => {};
  /**
   * Project and event types no enabled endpoint takes, lately (ADR 111): most projects do not subscribe to every
   * order quote, and publishMany then writes nothing. Only "none" is kept, so a message never names an endpoint
   * deleted meanwhile. An endpoint created or changed here clears it at once; another process of a deployment
   * sees the change within {@link unsubscribedTtlMs}. `endpointChanges` keeps a look-up that overlapped a change.
   */
  const unsubscribed = new Map<string, number>();
  let endpointChanges = 0;
  // Called once the change is committed: a look-up that ended before it is cleared, one that overlapped it is not kept.
  const endpointsChanged = () => {
    endpointChanges++;
    unsubscribed.clear();
  };

  /** Membership first (404 hides other projects); `manage` also needs owner or admin. */
  async function access(projectId: string, userId: string, manage: boolean) {
    const { role } = await projects.getProject(projectId, userId);
    if (manage && role !== 'owner' && role !== 'admin') throw new WebhookRoleError();
  }

  async function endpointOf(projectId: string, endpointId: string) {
    const endpoint = await store.findEndpoint(db, projectId, endpointId);
    if (!endpoint) throw new WebhookEndpointNotFoundError();
    return endpoint;
  }

  function checkedUrl(raw: string): string {
    try {
      return checkEndpointUrl(raw, policy);
    } catch (error) {
      if (error instanceof WebhookUrlError) throw new WebhookUrlRefusedError(error.message, error.notAllowed);
      throw error;
    }
  }

  function requireEnabled(endpoint: store.EndpointRow) {
    if (!endpoint.enabled) throw new WebhookStateError('This endpoint is disabled. Enable it first.');
  }

  return {
    /**
     * Publishes an event to the project's subscribed, enabled endpoints, inside the caller's transaction:
     * it is delivered if and only if that transaction commits (ADR 025). Call {@link flush} after the commit
     * to start delivery at once; otherwise the relay picks it up within WEBHOOK_RELAY_INTERVAL_MS.
     *
     * @example
     * await db.transaction(async (tx) => {
     *   await markMinted(tx, nft);
     *   await webhooks.publish(tx, { projectId, type: 'nfts.create.succeeded', data: { id: nft.id, txId } });
     * });
     * webhooks.flush();
     */
    async publish(tx: Database | Transaction, event: WebhookEvent): Promise<{ messageId: string; deliveries: number }> {
      return writeMessage(tx, event);
    },

    /**
     * {@link publish} for many events in `tx` (a mint batch's): the subscribed endpoints are looked up once per
     * project and event type, and events nobody subscribed to write nothing. Answers how many messages it wrote.
     */
    async publishMany(tx: Database | Transaction, events: WebhookEvent[]): Promise<number> {
      const targets = new Map<string, string[]>();
      let written = 0;
      for (const event of events) {
        const key = `${event.projectId} ${event.type}`;
        let ids = targets.get(key);
        if (!ids) {
          const changes = endpointChanges;
          ids = (unsubscribed.get(key) ?? 0) > Date.now() ? [] : await store.subscribedEndpointIds(tx, event.projectId, event.type);
          if (ids.length === 0 && changes === endpointChanges) {
            if (unsubscribed.size >= 10_000) unsubscribed.clear();
            unsubscribed.set(key, Date.now() + unsubscribedTtlMs);
          }
          targets.set(key, ids);
        }
        if (ids.length > 0) {
          await writeMessage(tx, event, ids);
          written++;
        }
      }
      return written;
    },

    /** Starts delivering committed events now, when this process runs the webhook workers. */
    flush(): void {
      nudgeRelay();
    },

    /** Wired by `registerWebhookJobs` in processes that run workers. */
    setRelayNudge(nudge: () => void): void {
      nudgeRelay = nudge;
    },

    eventTypes() {
      return webhookEventTypes.map((name) => ({ name, description: webhookEventCatalogue[name].description }));
    },

    /** @throws ProjectNotFoundError */
    async listEndpoints(projectId: string, userId: string) {
      await access(projectId, userId, false);
      return (await store.listEndpoints(db, projectId)).map((row) => presentEndpoint(row));
    },

    /** @throws ProjectNotFoundError, WebhookEndpointNotFoundError */
    async getEndpoint(projectId: string, userId: string, endpointId: string) {
      await access(projectId, userId, false);
      return presentEndpoint(await endpointOf(projectId, endpointId));
    },

    /** @throws ProjectNotFoundError, WebhookRoleError; WebhookUrlRefusedError for a URL the policy refuses; WebhookStateError past the per-project limit. */
    async createEndpoint(projectId: string, userId: string, input: { url: string; description: string; eventTypes: WebhookEventType[] }) {
      await access(projectId, userId, true);
      const url = checkedUrl(input.url);
      if ((await store.countEndpoints(db, projectId)) >= maxEndpointsPerProject) {
        throw new WebhookStateError(`A project can have at most ${maxEndpointsPerProject} webhook endpoints.`);
      }
      const secret = generateWebhookSecret();
      const row = await store.insertEndpoint(db, {
        id: randomUUID(),
        projectId,
        url,
        description: input.description,
        eventTypes: normalised(input.eventTypes),
        sealedSecret: seal(ctx.keys.master, secret),
        createdBy: userId,
      });
      endpointsChanged();
      return { endpoint: presentEndpoint(row), secret };
    },

    /**
     * Disabling an endpoint also ends its pending deliveries (they can be resent once it is enabled again).
     * @throws ProjectNotFoundError, WebhookRoleError, WebhookEndpointNotFoundError, WebhookUrlRefusedError, RetiredEventTypeError
     */
    async updateEndpoint(
      projectId: string,
      userId: string,
      endpointId: string,
      input: {
        url?: string | undefined;
        description?: string | undefined;
        eventTypes?: (WebhookEventType | RetiredWebhookEventType)[] | undefined;
        enabled?: boolean | undefined;
      },
    ) {
      await access(projectId, userId, true);
      const endpoint = await endpointOf(projectId, endpointId);
      const patch = {
        ...(input.url !== undefined ? { url: checkedUrl(input.url) } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.eventTypes !== undefined ? { eventTypes: updatedEventTypes(input.eventTypes, endpoint.eventTypes) } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      };
      const row = await db.transaction(async (tx) => {
        const updated = await store.updateEndpoint(tx, projectId, endpointId, patch);
        if (updated && input.enabled === false) await store.failPendingDeliveries(tx, endpointId);
        return updated;
      });
      endpointsChanged();
      if (!row) throw new WebhookEndpointNotFoundError();
      return presentEndpoint(row);
    },

    /** @throws ProjectNotFoundError, WebhookRoleError, WebhookEndpointNotFoundError */
    async deleteEndpoint(projectId: string, userId: string, endpointId: string) {
      await access(projectId, userId, true);
      if (!(await store.deleteEndpoint(db, projectId, endpointId))) throw new WebhookEndpointNotFoundError();
      return { deleted: true as const };
    },

    /** Owners and admins may read the signing secret again, as in svix's app portal (ADR 027). @throws ProjectNotFoundError, WebhookRoleError, WebhookEndpointNotFoundError */
    async revealSecret(projectId: string, userId: string, endpointId: string) {
      await access(projectId, userId, true);
      const endpoint = await endpointOf(projectId, endpointId);
      return { secret: unseal(ctx.keys.master, endpoint.sealedSecret) };
    },

    /** A new secret signs from now on; the previous one keeps signing beside it for 24 hours. @throws ProjectNotFoundError, WebhookRoleError, WebhookEndpointNotFoundError */
    async rotateSecret(projectId: string, userId: string, endpointId: string) {
      await access(projectId, userId, true);
      const endpoint = await endpointOf(projectId, endpointId);
      const secret = generateWebhookSecret();
      const row = await store.updateEndpoint(db, projectId, endpointId, {
        sealedSecret: seal(ctx.keys.master, secret),
        sealedPreviousSecret: endpoint.sealedSecret,
        previousSecretExpiresAt: new Date(Date.now() + rotationOverlapMs),
      });
      if (!row) throw new WebhookEndpointNotFoundError();
      return { endpoint: presentEndpoint(row), secret };
    },

    /** @throws ProjectNotFoundError, WebhookEndpointNotFoundError */
    async listAttempts(projectId: string, userId: string, endpointId: string, page: number, perPage: number) {
      await access(projectId, userId, false);
      await endpointOf(projectId, endpointId);
      // One snapshot for the page and the total, so that an attempt logged meanwhile shows in both or neither.
      const [rows, total] = await db.transaction(
        async (tx) => [await store.listAttempts(tx, endpointId, (page - 1) * perPage, perPage), await store.countAttempts(tx, endpointId)] as const,
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      return { attempts: rows.map(presentAttempt), page, perPage, total };
    },

    /** Queues one more attempt of a message to this endpoint, outside the retry schedule. @throws ProjectNotFoundError, WebhookRoleError, WebhookEndpointNotFoundError, WebhookStateError */
    async resend(projectId: string, userId: string, endpointId: string, messageId: string) {
      await access(projectId, userId, true);
      requireEnabled(await endpointOf(projectId, endpointId));
      const delivery = await store.findDelivery(db, projectId, endpointId, fromMessageId(messageId));
      if (!delivery) throw new WebhookEndpointNotFoundError('This endpoint has no such message.');
      await ctx.jobs.send<DeliveryJob>(DELIVERY_QUEUE, { deliveryId: delivery.id, manual: true }, deliveryJobOptions(ctx));
      return { messageId };
    },

    /** Sends the event type's example data to this endpoint only, through the normal delivery path. @throws ProjectNotFoundError, WebhookRoleError, WebhookEndpointNotFoundError, WebhookStateError */
    async sendTestEvent(projectId: string, userId: string, endpointId: string, eventType: WebhookEventType) {
      await access(projectId, userId, true);
      requireEnabled(await endpointOf(projectId, endpointId));
      const { messageId } = await db.transaction((tx) =>
        writeMessage(tx, { projectId, type: eventType, data: webhookEventCatalogue[eventType].example }, [endpointId]),
      );
      nudgeRelay();
      return { messageId };
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
