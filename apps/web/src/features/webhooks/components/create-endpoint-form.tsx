import { zodResolver } from '@hookform/resolvers/zod';
import { maxDescriptionLength } from '@keepsake/wire/console/webhooks';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { SecretInput } from '../../../components/secret-input';
import { TextField } from '../../../components/text-field';
import { serverFieldError } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n/translate-context';
import { createEndpointSchema, useCreateEndpoint } from '../api/create-endpoint';
import type { CreateEndpointBody, CreateEndpointInput } from '../api/create-endpoint';
import { useEventTypes } from '../api/get-event-types';

/** URL, description and events; then the signing secret, with a copy button. */
export function CreateEndpointForm({ projectId, onDone, onCancel }: { projectId: string; onDone: () => void; onCancel: () => void }) {
  const t = useT();
  const eventTypes = useEventTypes();
  // The secret lives only in this component's state: not in a cache, not in storage.
  const [secret, setSecret] = useState<string | null>(null);
  const create = useCreateEndpoint(projectId, (created) => setSecret(created.secret));
  const form = useForm<CreateEndpointInput, unknown, CreateEndpointBody>({
    resolver: zodResolver(createEndpointSchema({ urlInvalid: t('webhooks.urlInvalid') })),
    defaultValues: { url: '', description: '', eventTypes: [] },
  });

  if (secret) {
    return (
      <section aria-labelledby="endpoint-created-title" className="max-w-2xl space-y-4">
        <h2 id="endpoint-created-title" className="text-lg font-semibold">
          {t('webhooks.createdTitle')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('webhooks.secretHint')}</p>
        <SecretInput label={t('webhooks.secret')} copyLabel={t('webhooks.copySecret')} value={secret} />
        <Button onClick={onDone}>{t('webhooks.done')}</Button>
      </section>
    );
  }

  const submit = form.handleSubmit(async (input) => {
    await create.mutateAsync(input).catch((error: unknown) => {
      // A refusal about one field lands on that field, without the [400] (ADR 090).
      const onField = serverFieldError(error, ['url', 'description', 'eventTypes'] as const);
      if (onField) form.setError(onField.field, { type: 'server', message: onField.message }, { shouldFocus: true });
    });
  });
  const bannerError = create.error && !serverFieldError(create.error, ['url', 'description', 'eventTypes'] as const) ? create.error : null;

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="new-endpoint-title"
      className="max-w-2xl space-y-6 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id="new-endpoint-title" className="text-lg font-semibold">
        {t('webhooks.createTitle')}
      </h2>
      <TextField
        label={t('webhooks.url')}
        type="url"
        inputMode="url"
        placeholder="https://example.com/webhooks"
        hint={t('webhooks.urlHint')}
        required
        error={form.formState.errors.url?.message}
        {...form.register('url')}
      />
      <TextField
        label={t('webhooks.description')}
        maxLength={maxDescriptionLength}
        error={form.formState.errors.description?.message}
        {...form.register('description')}
      />
      <fieldset aria-describedby="endpoint-events-hint" aria-required="true">
        <legend className="text-sm font-medium">
          {t('webhooks.events')}
          <span aria-hidden="true" className="ml-0.5 text-red-700 dark:text-red-400">
            *
          </span>
        </legend>
        <p id="endpoint-events-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {t('webhooks.eventsHint')}
        </p>
        <div className="mt-3">
          {eventTypes.isPending && <SkeletonRows rows={3} label={t('webhooks.loadingEvents')} />}
          {eventTypes.isError && <ErrorMessage error={eventTypes.error} />}
          {eventTypes.data && (
            <ul className="grid gap-3 sm:grid-cols-2">
              {eventTypes.data.map((eventType) => (
                <li key={eventType.name}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      value={eventType.name}
                      aria-describedby={`event-${eventType.name}-description`}
                      className="size-4 accent-indigo-600"
                      {...form.register('eventTypes')}
                    />
                    <span className="font-mono">{eventType.name}</span>
                  </label>
                  <p id={`event-${eventType.name}-description`} className="ml-6 text-xs text-slate-600 dark:text-slate-400">
                    {eventType.description}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
        {form.formState.errors.eventTypes?.message && (
          <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
            {form.formState.errors.eventTypes.message}
          </p>
        )}
      </fieldset>
      {bannerError && <ErrorMessage error={bannerError} />}
      <div className="flex gap-3">
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('webhooks.create')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
