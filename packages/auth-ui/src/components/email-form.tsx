// The email form of the Main screen's Email tab (spec §2, §5): the address is checked against the §5 pattern (the
// product's message: 'Invalid email, please try again.' for passcodes, 'Invalid email address' for magic links and
// passwords), then handed to the product's `submit`, with a spinner while it runs and the failure's message under
// the field.
import { useState } from 'preact/hooks';
import { EMAIL_PATTERN } from '../format.ts';
import type { StringKey } from '../strings.ts';
import { useWidget } from '../widget/context.ts';
import { Button, ErrorText } from './button.tsx';

type EmailFormProps = {
  /** The address the field starts with (the flow's email when the user came back to Main). */
  initialEmail: string;
  /** The §5 message for an address that does not match the pattern. */
  invalid: StringKey;
  /** Sends or looks up the address; a throw shows the failure's message (and reaches onError). */
  submit: (email: string) => Promise<void>;
};

export function EmailForm({ initialEmail, invalid, submit }: EmailFormProps) {
  const { t, state, dispatch, fail } = useWidget();
  const [email, setEmail] = useState(initialEmail);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const field = (event.currentTarget as HTMLFormElement).elements.namedItem('email') as HTMLInputElement;
    const address = field.value.trim();
    setEmail(field.value);
    if (!EMAIL_PATTERN.test(address)) return dispatch({ type: 'setError', errorMessage: t(invalid) });
    dispatch({ type: 'clearError' });
    setSubmitting(true);
    try {
      await submit(address);
    } catch (error) {
      dispatch({ type: 'setError', errorMessage: fail(error) });
      setSubmitting(false);
    }
  };

  return (
    <form class="ks-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <label class="ks-label" for="ks-email">
        {t('main.email.label')}
      </label>
      <input
        id="ks-email"
        class="ks-input"
        type="email"
        name="email"
        autoComplete="username webauthn"
        placeholder={t('main.email.placeholder')}
        value={email}
        aria-invalid={state.errorMessage ? true : undefined}
        aria-describedby={state.errorMessage ? 'ks-email-error' : undefined}
        onInput={(event) => setEmail(event.currentTarget.value)}
      />
      <ErrorText id="ks-email-error" message={state.errorMessage} />
      <Button type="submit" loading={submitting}>
        {t('main.continue')}
      </Button>
    </form>
  );
}
