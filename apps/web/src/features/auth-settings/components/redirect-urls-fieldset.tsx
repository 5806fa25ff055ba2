import { authConfigLimits } from '@keepsake/wire/console/auth-config';
import { useId, useState } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../lib/i18n/translate-context';
import { isRedirectUrl, type AuthSettingsFormInput } from '../api/auth-settings-form-schema';

/** The redirect URL allow-list (add and remove, each URL checked on the way in) and the three default URLs. */
export function RedirectUrlsFieldset({ form, editable }: { form: UseFormReturn<AuthSettingsFormInput>; editable: boolean }) {
  const t = useT();
  const listId = useId();
  const hintId = useId();
  const allowed = useFieldArray({ control: form.control, name: 'redirectUrls.allowed' });
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | undefined>();
  const errors = form.formState.errors.redirectUrls;

  const add = () => {
    const url = draft.trim();
    if (!isRedirectUrl(url)) return setDraftError(t('authSettings.invalidUrl'));
    if (allowed.fields.some((row) => row.url === url)) return setDraftError(t('authSettings.duplicateRedirectUrl', { url }));
    if (allowed.fields.length >= authConfigLimits.redirectUrls)
      return setDraftError(t('authSettings.tooManyRedirectUrls', { max: authConfigLimits.redirectUrls }));
    allowed.append({ url });
    setDraft('');
    setDraftError(undefined);
  };

  return (
    <fieldset className="space-y-4" aria-describedby={hintId}>
      <legend className="text-base font-semibold">{t('authSettings.redirectUrls')}</legend>
      <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
        {t('authSettings.redirectUrlsHint')}
      </p>
      <div>
        <h3 id={listId} className="text-sm font-medium">
          {t('authSettings.allowedRedirectUrls')}
        </h3>
        {allowed.fields.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('authSettings.noRedirectUrls')}</p>
        ) : (
          <ul aria-labelledby={listId} className="mt-2 divide-y divide-slate-200 rounded-md ring-1 ring-slate-200 dark:divide-slate-700 dark:ring-slate-700">
            {allowed.fields.map((row, index) => (
              <li key={row.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <code className="text-sm break-all">{row.url}</code>
                {editable && (
                  <Button variant="ghost" aria-label={t('authSettings.removeRedirectUrl', { url: row.url })} onClick={() => allowed.remove(index)}>
                    {t('authSettings.remove')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {editable && (
        <div className="flex items-start gap-2">
          <TextField
            className="flex-1"
            label={t('authSettings.newRedirectUrl')}
            type="url"
            placeholder="https://app.example.com/authenticate"
            value={draft}
            error={draftError}
            onChange={(event) => {
              setDraft(event.target.value);
              setDraftError(undefined);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
          <Button variant="secondary" className="mt-6" onClick={add}>
            {t('authSettings.addRedirectUrl')}
          </Button>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        {(
          [
            ['login', 'authSettings.defaultLoginUrl'],
            ['signup', 'authSettings.defaultSignupUrl'],
            ['resetPassword', 'authSettings.defaultResetUrl'],
          ] as const
        ).map(([key, label]) => (
          <TextField
            key={key}
            label={t(label)}
            type="url"
            readOnly={!editable}
            hint={t('authSettings.defaultUrlHint')}
            error={errors?.[key]?.message}
            {...form.register(`redirectUrls.${key}`)}
          />
        ))}
      </div>
    </fieldset>
  );
}
