// A password input with a show/hide toggle; `describedBy` names the strength feedback or the error under it.
import { useState } from 'preact/hooks';
import { useWidget } from '../../widget/context.ts';

type PasswordFieldProps = {
  label: string;
  value: string;
  autoComplete: 'new-password' | 'current-password';
  describedBy: string | undefined;
  invalid: boolean;
  onInput: (value: string) => void;
};

export function PasswordField({ label, value, autoComplete, describedBy, invalid, onInput }: PasswordFieldProps) {
  const { t } = useWidget();
  const [shown, setShown] = useState(false);
  const field = {
    id: 'ks-password',
    class: 'ks-input',
    name: 'password',
    autoComplete,
    value,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': describedBy,
    onInput: (event: Event) => onInput((event.currentTarget as HTMLInputElement).value),
  };
  return (
    <>
      <label class="ks-label" for="ks-password">
        {label}
      </label>
      <div class="ks-password">
        {/* Preact types each input type apart; one element either way, so the field keeps focus and value. */}
        {shown ? <input type="text" {...field} /> : <input type="password" {...field} />}
        <button type="button" class="ks-link ks-reveal" aria-pressed={shown} onClick={() => setShown(!shown)}>
          {shown ? t('password.hide') : t('password.show')}
        </button>
      </div>
    </>
  );
}
