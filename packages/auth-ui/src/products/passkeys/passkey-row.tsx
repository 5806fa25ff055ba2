// One passkey in the list of Passkey Registration Success (spec §2): its name, Rename (a free-text name, saved with
// webauthn.update) and Delete, which asks first with the §8 warning 'Once deleted, the passkey cannot be restored.'
import type { AuthClient } from '@keepsake/auth-js';
import type { User } from '@keepsake/auth-js/types';
import type { WebauthnApi } from '@keepsake/auth-js/webauthn';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Button, ErrorText } from '../../components/button.tsx';
import { Message } from '../../components/message.tsx';
import { useWidget } from '../../widget/context.ts';

export type Passkey = User['webauthn_registrations'][number];

function RenameForm({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { client, t, fail, toast } = useWidget();
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const id = `ks-passkey-name-${passkey.webauthn_registration_id}`;
  // The field the Rename button asked for takes the focus.
  const fieldRef = useRef<HTMLInputElement>(null);
  useEffect(() => fieldRef.current?.focus(), []);
  const save = async (event: Event) => {
    event.preventDefault();
    const name = ((event.currentTarget as HTMLFormElement).elements.namedItem('name') as HTMLInputElement).value.trim();
    if (!name) return setError(t('passkeys.name.required'));
    setSaving(true);
    try {
      await (client.webauthn as WebauthnApi).update({ webauthn_registration_id: passkey.webauthn_registration_id, name });
      toast(t('passkeys.renamed'), 'success');
      onClose();
    } catch (cause) {
      setError(fail(cause));
      setSaving(false);
    }
  };
  return (
    <form class="ks-form" noValidate onSubmit={(event) => void save(event)}>
      <label class="ks-label" for={id}>
        {t('passkeys.name.label')}
      </label>
      <input
        ref={fieldRef}
        id={id}
        class="ks-input"
        name="name"
        type="text"
        maxLength={100}
        defaultValue={passkey.name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <ErrorText id={`${id}-error`} message={error} />
      <div class="ks-row-actions">
        <Button type="submit" loading={saving}>
          {t('passkeys.save')}
        </Button>
        <Button variant="secondary" disabled={saving} onClick={onClose}>
          {t('passkeys.cancel')}
        </Button>
      </div>
    </form>
  );
}

function DeleteConfirmation({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { client, t, fail, toast } = useWidget();
  const [error, setError] = useState('');
  const [deleting, setDeleting] = useState(false);
  const titleId = `ks-passkey-delete-${passkey.webauthn_registration_id}`;
  const remove = async () => {
    setDeleting(true);
    try {
      await (client.user as AuthClient['user']).deleteWebauthnRegistration(passkey.webauthn_registration_id);
      toast(t('passkeys.deleted'), 'success');
    } catch (cause) {
      setError(fail(cause));
      setDeleting(false);
    }
  };
  return (
    <div class="ks-confirm" role="group" aria-labelledby={titleId}>
      <p id={titleId} class="ks-text ks-strong">
        {t('passkeys.delete.confirmTitle', { name: passkey.name })}
      </p>
      <Message variant="warning" text={t('passkeys.delete.warning')} />
      <ErrorText id={`${titleId}-error`} message={error} />
      <div class="ks-row-actions">
        <Button variant="danger" loading={deleting} onClick={() => void remove()}>
          {t('passkeys.delete')}
        </Button>
        <Button variant="secondary" disabled={deleting} onClick={onClose}>
          {t('passkeys.cancel')}
        </Button>
      </div>
    </div>
  );
}

export function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { t } = useWidget();
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const close = () => setMode('view');
  return (
    <li class="ks-passkey">
      {mode === 'rename' ? (
        <RenameForm passkey={passkey} onClose={close} />
      ) : (
        <div class="ks-passkey-line">
          <span class="ks-passkey-name">{passkey.name}</span>
          <button type="button" class="ks-link" aria-label={t('passkeys.rename.label', { name: passkey.name })} onClick={() => setMode('rename')}>
            {t('passkeys.rename')}
          </button>
          <button type="button" class="ks-link" aria-label={t('passkeys.delete.label', { name: passkey.name })} onClick={() => setMode('delete')}>
            {t('passkeys.delete')}
          </button>
        </div>
      )}
      {mode === 'delete' ? <DeleteConfirmation passkey={passkey} onClose={close} /> : null}
    </li>
  );
}
