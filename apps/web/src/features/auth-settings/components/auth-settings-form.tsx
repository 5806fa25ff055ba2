import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingState } from '../../../components/loading-state';
import { inputClassName } from '../../../components/text-field';
import { useT } from '../../../lib/i18n/translate-context';
import type { ProjectRole } from '../../../lib/project-roles';
import { canManageProject } from '../../../lib/project-roles';
import { useAuthSettings } from '../api/get-auth-settings';
import { authSettingsFormSchema, MAX_ALLOWED_ORIGINS, useUpdateAuthSettings } from '../api/update-auth-settings';
import type { AuthSettingsFormInput } from '../api/update-auth-settings';
import type { AuthSettings } from '../types/auth-settings';

function formValues(settings: AuthSettings): AuthSettingsFormInput {
  return {
    origins: settings.allowedOrigins.join('\n'),
    captchaEnabled: settings.authConfig.captcha.enabled,
    mfaRequired: settings.authConfig.mfa.required,
  };
}

/** The sign-in settings of a project: browser origins, captcha and MFA. Owners and admins edit; others read. */
export function AuthSettingsSection({ projectId, role }: { projectId: string; role: ProjectRole }) {
  const t = useT();
  const headingId = useId();
  const settings = useAuthSettings(projectId);
  return (
    <section aria-labelledby={headingId} className="max-w-2xl space-y-4">
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          {t('authSettings.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('authSettings.intro')}</p>
      </div>
      {settings.isPending && <LoadingState label={t('authSettings.loading')} />}
      {settings.isError && <ErrorMessage error={settings.error} />}
      {settings.data && <AuthSettingsForm projectId={projectId} settings={settings.data} editable={canManageProject(role)} />}
    </section>
  );
}

function AuthSettingsForm({ projectId, settings, editable }: { projectId: string; settings: AuthSettings; editable: boolean }) {
  const t = useT();
  const originsId = useId();
  const update = useUpdateAuthSettings(projectId);
  const form = useForm<AuthSettingsFormInput>({
    resolver: zodResolver(
      authSettingsFormSchema({
        invalidOrigin: (origin) => t('authSettings.invalidOrigin', { origin }),
        tooMany: t('authSettings.tooManyOrigins', { max: MAX_ALLOWED_ORIGINS }),
      }),
    ),
    values: formValues(settings),
  });
  const originsError = form.formState.errors.origins?.message;

  const submit = form.handleSubmit(async (input) => {
    const saved = await update.mutateAsync(input).catch(() => null);
    if (saved) toast.success(t('authSettings.saved'));
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <div>
        <label htmlFor={originsId} className="block text-sm font-medium">
          {t('authSettings.origins')}
        </label>
        <p id={`${originsId}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {t('authSettings.originsHint')}
        </p>
        {settings.allowedOrigins.length === 0 && !editable && <p className="mt-2 text-sm text-slate-600">{t('authSettings.noOrigins')}</p>}
        <textarea
          id={originsId}
          rows={4}
          readOnly={!editable}
          placeholder="https://app.example.com"
          aria-invalid={originsError ? true : undefined}
          aria-describedby={[`${originsId}-hint`, originsError ? `${originsId}-error` : null].filter(Boolean).join(' ')}
          className={`${inputClassName} mt-2 font-mono text-sm`}
          {...form.register('origins')}
        />
        {originsError && (
          <p id={`${originsId}-error`} role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
            {originsError}
          </p>
        )}
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">{t('authSettings.protection')}</legend>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" disabled={!editable} className="mt-0.5 size-4 accent-indigo-600" {...form.register('captchaEnabled')} />
          <span>
            {t('authSettings.captcha')}
            <span className="block text-xs text-slate-500 dark:text-slate-400">{t('authSettings.captchaHint')}</span>
          </span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" disabled={!editable} className="mt-0.5 size-4 accent-indigo-600" {...form.register('mfaRequired')} />
          <span>
            {t('authSettings.mfa')}
            <span className="block text-xs text-slate-500 dark:text-slate-400">{t('authSettings.mfaHint')}</span>
          </span>
        </label>
      </fieldset>
      {update.error && <ErrorMessage error={update.error} />}
      {editable ? (
        <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
          {t('authSettings.save')}
        </Button>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('authSettings.readOnly')}</p>
      )}
    </form>
  );
}
