export type WebhookEndpoint = {
  id: string;
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
  /** Set after a rotation while the previous secret still signs deliveries. */
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type WebhookEventType = { name: string; description: string };

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export type WebhookAttempt = {
  id: string;
  messageId: string;
  eventType: string;
  trigger: 'scheduled' | 'manual';
  attemptNumber: number | null;
  status: 'succeeded' | 'failed';
  responseStatus: number | null;
  responseBody: string;
  durationMs: number;
  error: string | null;
  createdAt: string;
  messageStatus: DeliveryStatus;
  nextAttemptAt: string | null;
};

export type AttemptsPage = { attempts: WebhookAttempt[]; page: number; perPage: number; total: number };
