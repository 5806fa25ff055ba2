import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { isValidEmail } from '@keepsake/validation/email';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../lib/i18n/translate-context';

type EmailStepProps = {
  defaultEmail?: string;
  onSubmit: (email: string) => Promise<unknown>;
  /** The server's message when sending failed. */
  serverError?: string | undefined;
  /** The input offers saved passkeys (autocomplete "username webauthn"). */
  autofillPasskeys?: boolean;
  /** Shown as a link when the platform project enables phone passcodes. */
  onUsePhone?: (() => void) | undefined;
};

export function EmailStep({ defaultEmail = '', onSubmit, serverError, autofillPasskeys = false, onUsePhone }: EmailStepProps) {
  const t = useT();
  const schema = z.object({ email: z.string().trim().refine(isValidEmail, t('auth.invalidEmail')) });
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: defaultEmail },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <form noValidate onSubmit={form.handleSubmit(({ email }) => onSubmit(email).catch(() => undefined))} className="space-y-4">
      <h1 className="text-center text-xl font-semibold">{t('auth.heading')}</h1>
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete={autofillPasskeys ? 'username webauthn' : 'email'}
        placeholder={t('auth.emailPlaceholder')}
        className="[&_input]:h-[47px]"
        error={errors.email?.message ?? serverError}
        {...form.register('email')}
      />
      <Button type="submit" loading={isSubmitting} className="h-[47px] w-full">
        {t('auth.continue')}
      </Button>
      {onUsePhone && (
        <Button variant="link" onClick={onUsePhone} className="w-full">
          {t('auth.usePhone')}
        </Button>
      )}
    </form>
  );
}
