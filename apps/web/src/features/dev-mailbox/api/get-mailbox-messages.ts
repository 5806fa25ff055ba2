import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export type MailboxMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
};

export async function getMailboxMessages(signal?: AbortSignal): Promise<MailboxMessage[]> {
  const { messages } = await apiFetch<{ messages: MailboxMessage[] }>('/api/dev/mailbox', { signal });
  return [...messages].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export function mailboxMessagesQueryOptions() {
  return queryOptions({
    queryKey: ['dev', 'mailbox'],
    queryFn: ({ signal }) => getMailboxMessages(signal),
    // The page explains a 404 (dev mode off) itself.
    meta: { toast: false },
  });
}

export function useMailboxMessages() {
  return useQuery(mailboxMessagesQueryOptions());
}
