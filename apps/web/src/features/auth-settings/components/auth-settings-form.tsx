import { zodResolver } from '@hookform/resolvers/zod';
import { authConfigLimits } from '@keepsake/wire/console/auth-config';
import type { ProjectRole } from '@keepsake/wire/console/projects';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingState } from '../../../components/loading-state';
import { inputClassName } from '../../../components/text-field';
import { useT } from '../../../lib/i18n/translate-context';
import { canManageProject } from '../../../lib/project-roles';
import { authSettingsFormSchema, formValues, type AuthSettingsFormInput } from '../api/auth-settings-form-schema';
import { useAuthSettings } from '../api/get-auth-settings';
import { useUpdateAuthSettings } from '../api/update-auth-settings';
import type { AuthSettings } from '../types/auth-settings';
import { CryptoWalletsFieldset } from './crypto-wallets-fieldset';
import { ExpiryFieldset } from './expiry-fieldset';
import { PasswordPolicyFieldset } from './password-policy-fieldset';
import { ProtectionFieldset } from './protection-fieldset';
import { RedirectUrlsFieldset } from './redirect-urls-fieldset';

/**
 * The sign-in settings of a project: everything the auth service reads from `projects.auth_config`, plus the
 * browser origins. Owners and admins edit and save; other members see the same values read-only.
 */
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
        tooManyOrigins: t('authSettings.tooManyOrigins', { max: authConfigLimits.allowedOrigins }),
        invalidUrl: t('authSettings.invalidUrl'),
        range: (limits) => t('authSettings.minutesRange', limits),
      }),
    ),
    values: formValues(settings),
  });
  const originsError = form.formState.errors.origins?.message;
  const dirty = form.formState.isDirty;

  const submit = form.handleSubmit(async (input) => {
    update.reset();
    const saved = await update.mutateAsync(input).catch(() => null);
    if (saved) toast.success(t('authSettings.saved'));
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-8">
      <div>
        <label htmlFor={originsId} className="block text-base font-semibold">
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
      <RedirectUrlsFieldset form={form} editable={editable} />
      <ExpiryFieldset form={form} editable={editable} />
      <PasswordPolicyFieldset form={form} editable={editable} />
      <CryptoWalletsFieldset form={form} editable={editable} />
      <ProtectionFieldset form={form} editable={editable} />
      {update.error && <ErrorMessage error={update.error} />}
      {editable ? (
        <div className="flex items-center gap-4">
          <Button type="submit" loading={form.formState.isSubmitting} disabled={!dirty}>
            {t('authSettings.save')}
          </Button>
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            {dirty ? t('authSettings.unsaved') : update.isSuccess ? t('authSettings.savedStatus') : ''}
          </p>
        </div>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('authSettings.readOnly')}</p>
      )}
    </form>
  );
}
