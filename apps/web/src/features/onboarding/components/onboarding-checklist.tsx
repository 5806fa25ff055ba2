import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SkeletonRows } from '../../../components/loading-state';
import { useT } from '../../../lib/i18n/translate-context';
import type { MessageKey } from '../../../lib/i18n/translate';
import type { Onboarding, OnboardingStep } from '../types';
import { CurlCommand } from './curl-command';

/** The placeholder the commands hold for the secret, which the console never shows again after creating it. */
export const KEY_PLACEHOLDER = 'sk_staging_…';
const API_VERSION = '2022-06-09';

export function listCollectionsCommand(origin: string): string {
  return `curl -H "X-API-KEY: ${KEY_PLACEHOLDER}" ${origin}/api/${API_VERSION}/collections`;
}

export function mintCommand(origin: string, collectionId: string, chain: string): string {
  return [
    `curl -s -X POST -H "X-API-KEY: ${KEY_PLACEHOLDER}" -H 'content-type: application/json' \\`,
    `  ${origin}/api/${API_VERSION}/collections/${collectionId}/nfts \\`,
    `  -d '{"recipient":"email:you@example.com:${chain}","metadata":{"name":"Ticket #1"}}'`,
  ].join('\n');
}

type Step = { id: OnboardingStep; title: MessageKey; body: MessageKey; to: string; action: MessageKey; extra?: ReactNode };

function CheckMark({ done }: { done: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={
        done
          ? 'flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white'
          : 'size-6 shrink-0 rounded-full border-2 border-slate-300 dark:border-slate-600'
      }
    >
      {done && (
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-4">
          <path
            fillRule="evenodd"
            d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
            clipRule="evenodd"
          />
        </svg>
      )}
    </span>
  );
}

/**
 * The Overview's next steps (issue 11): API key → webhook → collection → first mint → see it. Each item ticks
 * from the project's own data; its state is in its text ("done" / "to do") so a screen reader announces it.
 */
export function OnboardingChecklist({ projectId, onboarding }: { projectId: string; onboarding: Onboarding }) {
  const t = useT();
  const origin = window.location.origin;
  const { collection, mintedCollection, done } = onboarding;

  const steps: Step[] = [
    {
      id: 'apiKey',
      title: 'onboarding.apiKeyTitle',
      body: 'onboarding.apiKeyBody',
      to: `/console/projects/${projectId}/APIKeys/Create`,
      action: 'onboarding.apiKeyAction',
      extra: <CurlCommand command={listCollectionsCommand(origin)} copyLabel={t('onboarding.copyListCommand')} />,
    },
    { id: 'webhook', title: 'onboarding.webhookTitle', body: 'onboarding.webhookBody', to: '/console/webhooks', action: 'onboarding.webhookAction' },
    {
      id: 'collection',
      title: 'onboarding.collectionTitle',
      body: 'onboarding.collectionBody',
      to: '/console/create-collection',
      action: 'onboarding.collectionAction',
    },
    {
      id: 'mint',
      title: 'onboarding.mintTitle',
      body: collection ? 'onboarding.mintBody' : 'onboarding.mintNeedsCollection',
      to: collection ? `/console/collections/${collection.id}/dashboard` : '/console/create-collection',
      action: 'onboarding.mintAction',
      ...(collection
        ? { extra: <CurlCommand command={mintCommand(origin, collection.id, collection.chain)} copyLabel={t('onboarding.copyMintCommand')} /> }
        : {}),
    },
    {
      id: 'see',
      title: 'onboarding.seeTitle',
      body: 'onboarding.seeBody',
      to: `/console/collections/${(mintedCollection ?? collection)?.id ?? ''}/created/nfts`,
      action: 'onboarding.seeAction',
    },
  ];
  const remaining = steps.filter((step) => !done[step.id]).length;

  return (
    <section aria-labelledby="onboarding-heading" className="rounded-lg border border-slate-200 p-6 dark:border-slate-800">
      <h2 id="onboarding-heading" className="text-lg font-semibold">
        {t('onboarding.heading')}
      </h2>
      {onboarding.loading ? (
        <SkeletonRows rows={5} label={t('onboarding.loading')} />
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {remaining === 0 ? t('onboarding.allDone') : t('onboarding.progress', { done: steps.length - remaining, total: steps.length })}
          </p>
          <ol className="mt-4 space-y-4" aria-labelledby="onboarding-heading">
            {steps.map((step) => {
              const isDone = done[step.id];
              const reachable = step.id !== 'see' || collection !== null;
              return (
                <li key={step.id} className="flex gap-3" data-step={step.id} data-done={isDone}>
                  <CheckMark done={isDone} />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">
                      {t(step.title)}
                      <span className="sr-only">, {isDone ? t('onboarding.stepDone') : t('onboarding.stepTodo')}</span>
                    </p>
                    <p className="text-sm text-slate-600 dark:text-slate-400">{t(step.body)}</p>
                    {!isDone && reachable && (
                      <Link to={step.to} className="mt-1 inline-block text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                        {t(step.action)}
                      </Link>
                    )}
                    {step.extra}
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
