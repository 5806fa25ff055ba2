// The Main screen (spec §2 "Main screen"): optional logo, optional heading, then each product's part in product
// order: buttons (OAuth, wallets) above an 'or' divider, and one email/phone form whose tabs (Email, Text,
// WhatsApp) appear only when it has more than one method.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { OTPMethod } from '../config.ts';
import { TELEMETRY } from '../events.ts';
import { Fragment, type ComponentType } from 'preact';
import { useWidget } from '../widget/context.ts';
import type { FormTab } from '../widget/product.ts';

type Section = { kind: 'buttons'; key: string; Component: ComponentType } | { kind: 'form'; key: 'form'; tabs: FormTab[] };

/** The Main screen's parts in product order; the form sits where its first product is, one tab per method. */
export function mainSections(products: ReturnType<typeof useWidget>['products'], config: ReturnType<typeof useWidget>['config']): Section[] {
  const sections: Section[] = [];
  let form: Extract<Section, { kind: 'form' }> | null = null;
  for (const name of config.products) {
    const main = products.find((p) => p.product === name)?.main;
    if (!main) continue;
    if (main.kind === 'buttons') {
      sections.push({ kind: 'buttons', key: name, Component: main.Component });
      continue;
    }
    if (!form) sections.push((form = { kind: 'form', key: 'form', tabs: [] }));
    for (const tab of main.tabs(config)) {
      const at = form.tabs.findIndex((existing) => existing.method === tab.method);
      if (at === -1) form.tabs.push(tab);
      else if (tab.preferred) form.tabs[at] = tab;
    }
  }
  return sections.filter((section) => section.kind === 'buttons' || section.tabs.length > 0);
}

const TAB_LABEL = { email: 'main.tab.email', sms: 'main.tab.sms', whatsapp: 'main.tab.whatsapp' } as const;

function MethodForm({ tabs }: { tabs: FormTab[] }) {
  const { t, state, dispatch } = useWidget();
  // Back from OTP Authenticate: the tab the passcode went by.
  const [selected, setSelected] = useState<OTPMethod>(() => tabs.find((tab) => tab.method === state.otpState?.type)?.method ?? tabs[0]!.method);
  const active = tabs.find((tab) => tab.method === selected) ?? tabs[0]!;
  if (tabs.length === 1) return <active.Component />;
  return (
    <div>
      <div class="ks-tabs" role="tablist" aria-label={t('main.tabs')}>
        {tabs.map((tab) => (
          <button
            key={tab.method}
            type="button"
            role="tab"
            id={`ks-tab-${tab.method}`}
            aria-selected={tab.method === active.method}
            aria-controls="ks-tabpanel"
            class="ks-tab"
            onClick={() => {
              setSelected(tab.method);
              dispatch({ type: 'clearError' }); // one tab's error is not the next one's
            }}
          >
            {t(TAB_LABEL[tab.method])}
          </button>
        ))}
      </div>
      <div id="ks-tabpanel" role="tabpanel" aria-labelledby={`ks-tab-${active.method}`}>
        <active.Component key={active.method} />
      </div>
    </div>
  );
}

/** A part of Main that shows nothing (One Tap floating over the page is the OAuth product's only provider). */
function isBlank(part: Element): boolean {
  return !part.textContent?.trim() && !part.querySelector('.ks-one-tap, iframe, img, input');
}

/** An 'or' divider shows only with something shown both above and below it. A product's part can become blank or
 * not after the render (One Tap failing brings the Google button back), so this follows the DOM. */
function syncDividers(screen: HTMLElement): void {
  const parts = [...screen.querySelectorAll(':scope > .ks-main-part')];
  for (const divider of screen.querySelectorAll<HTMLElement>(':scope > .ks-divider')) {
    const shown = (part: Element) => !isBlank(part);
    const above = parts.filter((part) => part.compareDocumentPosition(divider) & Node.DOCUMENT_POSITION_FOLLOWING);
    const hide = !above.some(shown) || !parts.filter((part) => !above.includes(part)).some(shown);
    divider.style.display = hide ? 'none' : ''; // not `hidden`: the divider's display:flex would win over it
  }
}

export function MainScreen() {
  const { client, config, products, theme, t } = useWidget();
  // Once per mount and products list: a remount with an equal config (a new object) is not a new render of the screen.
  const productList = config.products.join(',');
  useEffect(() => client.telemetry.track(TELEMETRY.renderLoginScreen, { details: { products: productList.split(',') } }), [client, productList]);
  const sections = mainSections(products, config);
  const formShown = sections.some((section) => section.kind === 'form');
  const tops = products.filter((p) => p.mainTop && p.product !== 'identityProvider' && config.products.includes(p.product));
  const screenRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const screen = screenRef.current!;
    syncDividers(screen);
    const observer = new MutationObserver(() => syncDividers(screen));
    observer.observe(screen, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div class="ks-screen" ref={screenRef}>
      {theme.logo.logoImageUrl ? <img class="ks-logo" src={theme.logo.logoImageUrl} alt={t('logo.alt')} /> : null}
      {theme.hideHeaderText ? null : <h1 class="ks-header">{t('main.header')}</h1>}
      {tops.map(({ product, mainTop: Top }) => Top && <Top key={product} formShown={formShown} />)}
      {sections.map((section, index) => {
        const previous = sections[index - 1];
        const divider = previous && previous.kind !== section.kind ? <div class="ks-divider">{t('main.divider')}</div> : null;
        return (
          <Fragment key={section.key}>
            {divider}
            <div class="ks-main-part">{section.kind === 'buttons' ? <section.Component /> : <MethodForm tabs={section.tabs} />}</div>
          </Fragment>
        );
      })}
    </div>
  );
}
