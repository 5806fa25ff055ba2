import { DevMessageCard } from '../../../components/dev-message-card';
import { useT } from '../../../lib/i18n/translate-context';
import type { MailboxMessage } from '../api/get-mailbox-messages';

export function MailboxMessageItem({ message, newest }: { message: MailboxMessage; newest: boolean }) {
  const t = useT();
  return (
    <DevMessageCard heading={message.subject} createdAt={message.createdAt} text={message.text} newest={newest}>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('mailbox.to', { to: message.to })}</p>
      <pre className="mt-3 font-sans text-sm whitespace-pre-wrap">{message.text}</pre>
      {message.html && (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium text-indigo-700 dark:text-indigo-400">{t('mailbox.showHtml')}</summary>
          <iframe
            title={t('mailbox.htmlTitle', { subject: message.subject })}
            sandbox=""
            srcDoc={message.html}
            className="mt-2 h-96 w-full rounded border border-slate-200 bg-white"
          />
        </details>
      )}
    </DevMessageCard>
  );
}
