import { zodResolver } from '@hookform/resolvers/zod';
import { apiKeyEnvironments, apiKeyTypes, clientKeyScopes, createApiKeyBody, maxApiKeyNameLength } from '@keepsake/wire/console/projects';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/button';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../lib/i18n/translate-context';
import { useCreateApiKey } from '../api/create-api-key';
import type { CreateApiKeyBody, CreateApiKeyInput } from '../api/create-api-key';
import { useScopes } from '../api/get-scopes';
import { ApiKeySecret } from './api-key-secret';

type Created = { name: string; secret: string };

/** Name, environment and scopes, checked by the server's own schema; then the secret, shown exactly once. */
export function CreateApiKeyForm({ projectId, onDone }: { projectId: string; onDone: () => void }) {
  const t = useT();
  const scopes = useScopes();
  // The secret lives only in this component's state: not in a cache, not in storage.
  const [created, setCreated] = useState<Created | null>(null);
  const create = useCreateApiKey(projectId, ({ apiKey, secret }) => setCreated({ name: apiKey.name, secret }));
  const form = useForm<CreateApiKeyInput, unknown, CreateApiKeyBody>({
    resolver: zodResolver(createApiKeyBody),
    defaultValues: { name: '', type: 'server', environment: 'staging', scopes: [] },
  });
  const client = useWatch({ control: form.control, name: 'type' }) === 'client';

  if (created) return <ApiKeySecret name={created.name} secret={created.secret} onDone={onDone} />;

  const submit = form.handleSubmit(async (input) => {
    await create.mutateAsync(input).catch(() => undefined);
  });

  return (
    <form noValidate onSubmit={submit} className="max-w-2xl space-y-6">
      <TextField label={t('apiKeys.name')} maxLength={maxApiKeyNameLength} error={form.formState.errors.name?.message} {...form.register('name')} />
      <fieldset>
        <legend className="text-sm font-medium">{t('apiKeys.type')}</legend>
        <div className="mt-2 flex flex-wrap gap-6">
          {apiKeyTypes.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                value={type}
                className="size-4 accent-indigo-600"
                {...form.register('type', {
                  // A client-side key holds orders.create and nothing else.
                  onChange: () => form.setValue('scopes', form.getValues('type') === 'client' ? [...clientKeyScopes] : []),
                })}
              />
              {t(`apiKeys.type.${type}`)}
            </label>
          ))}
        </div>
        {client && <p className="mt-2 max-w-xl text-xs text-slate-600 dark:text-slate-400">{t('apiKeys.clientKeyHint')}</p>}
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium">{t('apiKeys.environment')}</legend>
        <div className="mt-2 flex gap-6">
          {apiKeyEnvironments.map((environment) => (
            <label key={environment} className="flex items-center gap-2 text-sm">
              <input type="radio" value={environment} className="size-4 accent-indigo-600" {...form.register('environment')} />
              {t(`apiKeys.env.${environment}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset hidden={client}>
        <legend className="text-sm font-medium">{t('apiKeys.scopes')}</legend>
        <p className="mt-1 text-xs text-slate-500">{t('apiKeys.scopesHint')}</p>
        <div className="mt-3">
          {scopes.isPending && <SkeletonRows rows={3} label={t('apiKeys.loadingScopes')} />}
          {scopes.isError && <ErrorMessage error={scopes.error} />}
          {scopes.data && (
            <ul className="grid gap-3 sm:grid-cols-2">
              {scopes.data.map((scope) => (
                <li key={scope.name}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      value={scope.name}
                      aria-describedby={`scope-${scope.name}-description`}
                      className="size-4 accent-indigo-600"
                      {...form.register('scopes')}
                    />
                    <span className="font-mono">{scope.name}</span>
                  </label>
                  <p id={`scope-${scope.name}-description`} className="ml-6 text-xs text-slate-500">
                    {scope.description}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
        {form.formState.errors.scopes?.message && (
          <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
            {form.formState.errors.scopes.message}
          </p>
        )}
      </fieldset>
      {create.error && <ErrorMessage error={create.error} />}
      <Button type="submit" loading={form.formState.isSubmitting}>
        {t('apiKeys.create')}
      </Button>
    </form>
  );
}
