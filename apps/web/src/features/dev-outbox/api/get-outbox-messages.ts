import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export type OutboxMessage = {
  id: string;
  channel: 'sms' | 'whatsapp';
  to: string;
  text: string;
  createdAt: string;
};

export async function getOutboxMessages(signal?: AbortSignal): Promise<OutboxMessage[]> {
  const { messages } = await apiFetch<{ messages: OutboxMessage[] }>('/api/dev/outbox', { signal });
  return [...messages].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export function outboxMessagesQueryOptions() {
  return queryOptions({
    queryKey: ['dev', 'outbox'],
    queryFn: ({ signal }) => getOutboxMessages(signal),
    // The page explains a 404 (dev mode off, or Twilio configured) itself.
    meta: { toast: false },
  });
}

export function useOutboxMessages() {
  return useQuery(outboxMessagesQueryOptions());
}
