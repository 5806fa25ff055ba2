import { formatDateTime } from '../../../lib/format-date';
import { useT } from '../../../lib/i18n/translate-context';
import type { MailboxMessage } from '../api/get-mailbox-messages';

export function MailboxMessageItem({ message }: { message: MailboxMessage }) {
  const t = useT();
  return (
    <li className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold">{message.subject}</h2>
        <time dateTime={message.createdAt} className="text-xs text-slate-500">
          {formatDateTime(message.createdAt)}
        </time>
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('mailbox.to', { to: message.to })}</p>
      <pre className="mt-3 font-sans text-sm whitespace-pre-wrap">{message.text}</pre>
      {message.html && (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium text-indigo-600 dark:text-indigo-400">{t('mailbox.showHtml')}</summary>
          <iframe
            title={t('mailbox.htmlTitle', { subject: message.subject })}
            sandbox=""
            srcDoc={message.html}
            className="mt-2 h-96 w-full rounded border border-slate-200 bg-white"
          />
        </details>
      )}
    </li>
  );
}
