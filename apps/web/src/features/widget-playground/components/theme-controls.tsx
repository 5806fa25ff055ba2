import { DEFAULT_THEME } from '@keepsake/auth-ui';
import type { Dispatch } from 'react';
import { SettingCheckbox } from '../../../components/setting-checkbox';
import { TextField } from '../../../components/text-field';
import type { MessageKey } from '../../../lib/i18n/translate';
import { useT } from '../../../lib/i18n/translate-context';
import { themeText, type PlaygroundAction, type PlaygroundState } from '../lib/draft';
import type { ThemeTextPath } from '../types/widget-settings';

type ThemeField = { path: ThemeTextPath; label: MessageKey; color?: true };
type ThemeGroup = { legend: MessageKey; fields: ThemeField[] };

const button = (which: 'primary' | 'secondary'): ThemeField[] => [
  { path: `buttons.${which}.backgroundColor`, label: 'widgetPlayground.theme.background', color: true },
  { path: `buttons.${which}.textColor`, label: 'widgetPlayground.theme.text', color: true },
  { path: `buttons.${which}.borderColor`, label: 'widgetPlayground.theme.border', color: true },
  { path: `buttons.${which}.borderRadius`, label: 'widgetPlayground.theme.radius' },
];

/** The §3 widget theme, group by group; an empty field means the §3 default, shown as its placeholder. */
const GROUPS: ThemeGroup[] = [
  {
    legend: 'widgetPlayground.theme.container',
    fields: [
      { path: 'container.backgroundColor', label: 'widgetPlayground.theme.background', color: true },
      { path: 'container.borderColor', label: 'widgetPlayground.theme.border', color: true },
      { path: 'container.borderRadius', label: 'widgetPlayground.theme.radius' },
      { path: 'container.width', label: 'widgetPlayground.theme.width' },
    ],
  },
  {
    legend: 'widgetPlayground.theme.colors',
    fields: [
      { path: 'colors.primary', label: 'widgetPlayground.theme.primary', color: true },
      { path: 'colors.secondary', label: 'widgetPlayground.theme.secondary', color: true },
      { path: 'colors.success', label: 'widgetPlayground.theme.success', color: true },
      { path: 'colors.warning', label: 'widgetPlayground.theme.warning', color: true },
      { path: 'colors.error', label: 'widgetPlayground.theme.error', color: true },
    ],
  },
  { legend: 'widgetPlayground.theme.primaryButton', fields: button('primary') },
  { legend: 'widgetPlayground.theme.secondaryButton', fields: button('secondary') },
  {
    legend: 'widgetPlayground.theme.fontAndLogo',
    fields: [
      { path: 'fontFamily', label: 'widgetPlayground.theme.fontFamily' },
      { path: 'logo.logoImageUrl', label: 'widgetPlayground.theme.logoUrl' },
    ],
  },
];

const HEX = /^#[0-9a-f]{6}$/i;

type Props = { state: PlaygroundState; dispatch: Dispatch<PlaygroundAction> };

/** The widget theme (spec §3 "Widget theme"): container, colours, buttons, font, header and logo. */
export function ThemeControls({ state, dispatch }: Props) {
  const t = useT();
  const { styles } = state.draft;
  return (
    <div className="space-y-6">
      {GROUPS.map((group) => (
        <fieldset key={group.legend}>
          <legend className="text-base font-semibold">{t(group.legend)}</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {group.fields.map((field) => {
              const fieldLabel = `${t(group.legend)}: ${t(field.label)}`;
              const value = themeText(styles, field.path) ?? '';
              const fallback = themeText(DEFAULT_THEME, field.path) ?? '';
              const set = (text: string) => dispatch({ type: 'setThemeText', path: field.path, value: text });
              return (
                <div key={field.path} className="flex items-end gap-2">
                  <TextField
                    className="min-w-0 flex-1"
                    label={t(field.label)}
                    aria-label={fieldLabel}
                    value={value}
                    placeholder={fallback || t('widgetPlayground.theme.none')}
                    spellCheck={false}
                    autoComplete="off"
                    onChange={(event) => set(event.target.value)}
                  />
                  {field.color && (
                    <input
                      type="color"
                      aria-label={t('widgetPlayground.theme.pick', { field: fieldLabel })}
                      className="h-9 w-10 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-900"
                      value={HEX.test(value) ? value : HEX.test(fallback) ? fallback : '#000000'}
                      onChange={(event) => set(event.target.value.toUpperCase())}
                    />
                  )}
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
      <SettingCheckbox
        label={t('widgetPlayground.theme.hideHeader')}
        checked={styles.hideHeaderText === true}
        onChange={(event) => dispatch({ type: 'setHideHeader', on: event.target.checked })}
      />
    </div>
  );
}
