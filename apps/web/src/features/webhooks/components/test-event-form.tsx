import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { SelectField } from '../../../components/select-field';
import { useT } from '../../../lib/i18n/translate-context';
import { useEventTypes } from '../api/get-event-types';
import { useSendTestEvent } from '../api/send-test-event';
import type { WebhookEndpoint } from '../types/webhook';

/**
 * Sends one of the endpoint's event types, with example data, to this endpoint. Only offered types can be sent:
 * an endpoint may still hold a type that was withdrawn (ADR 083).
 */
export function TestEventForm({ projectId, endpoint, onSent }: { projectId: string; endpoint: WebhookEndpoint; onSent: () => void }) {
  const t = useT();
  const offered = useEventTypes();
  const sendable = endpoint.eventTypes.filter((name) => offered.data?.some((type) => type.name === name));
  const [chosen, setEventType] = useState('');
  const eventType = sendable.includes(chosen) ? chosen : (sendable[0] ?? '');
  const send = useSendTestEvent(projectId, endpoint.id);
  const submit = () =>
    send.mutate(eventType, {
      onSuccess: () => {
        toast.success(t('webhooks.testSentToast'));
        onSent();
      },
    });
  return (
    <section aria-labelledby="test-event-title" className="max-w-2xl space-y-3">
      <h2 id="test-event-title" className="text-lg font-semibold">
        {t('webhooks.testTitle')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{endpoint.enabled ? t('webhooks.testHint') : t('webhooks.enableFirst')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label={t('webhooks.testEventType')}
          value={eventType}
          onChange={(event) => setEventType(event.target.value)}
          options={sendable.map((name) => ({ value: name, label: name }))}
          className="min-w-64"
        />
        <Button loading={send.isPending} disabled={!endpoint.enabled || !eventType} onClick={submit}>
          {t('webhooks.sendTest')}
        </Button>
      </div>
    </section>
  );
}
