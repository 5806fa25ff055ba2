// The widget's stylesheet. Every rule is under `.ks-widget`, and every colour, radius and font comes from the
// theme's custom properties (theme.ts). In a shadow root `:host` also resets what the page would pass down.

export const SHADOW_HOST_CSS = ':host{all:initial !important;display:block !important}';

export const WIDGET_CSS = `
.ks-widget{box-sizing:border-box;position:relative;width:var(--ks-container-width);max-width:100%;padding:32px 24px;
background:var(--ks-container-background-color);border:1px solid var(--ks-container-border-color);
border-radius:var(--ks-container-border-radius);font-family:var(--ks-font-family);font-size:16px;line-height:1.5;
color:var(--ks-colors-primary);text-align:left;letter-spacing:normal;text-transform:none}
.ks-widget *,.ks-widget *::before,.ks-widget *::after{box-sizing:border-box}
.ks-widget .ks-screen{display:flex;flex-direction:column;gap:12px}
.ks-widget .ks-logo{max-height:48px;max-width:100%;align-self:center;object-fit:contain}
.ks-widget .ks-header{margin:0;font-size:24px;font-weight:600;line-height:1.25;color:var(--ks-colors-primary)}
.ks-widget .ks-text{margin:0;font-size:16px}
.ks-widget .ks-secondary{color:var(--ks-colors-secondary)}
.ks-widget .ks-form{display:flex;flex-direction:column;gap:8px}
.ks-widget .ks-label{font-size:14px;font-weight:600}
.ks-widget .ks-input{display:block;width:100%;height:47px;margin:0;padding:0 12px;font:inherit;
color:var(--ks-inputs-text-color);background:var(--ks-inputs-background-color);
border:1px solid var(--ks-inputs-border-color);border-radius:var(--ks-inputs-border-radius)}
.ks-widget .ks-input::placeholder{color:var(--ks-inputs-placeholder-color);opacity:1}
.ks-widget .ks-input:focus-visible,.ks-widget button:focus-visible{outline:2px solid var(--ks-colors-primary);outline-offset:2px}
.ks-widget .ks-country:focus-within{outline:2px solid var(--ks-colors-primary);outline-offset:2px}
.ks-widget .ks-otp{letter-spacing:0.5em;font-variant-numeric:tabular-nums}
.ks-widget .ks-button{display:flex;align-items:center;justify-content:center;width:100%;height:47px;margin:8px 0 0;
padding:0 16px;font:inherit;font-weight:600;cursor:pointer;border:1px solid}
.ks-widget .ks-button-primary{color:var(--ks-buttons-primary-text-color);background:var(--ks-buttons-primary-background-color);
border-color:var(--ks-buttons-primary-border-color);border-radius:var(--ks-buttons-primary-border-radius)}
.ks-widget .ks-button-secondary{color:var(--ks-buttons-secondary-text-color);background:var(--ks-buttons-secondary-background-color);
border-color:var(--ks-buttons-secondary-border-color);border-radius:var(--ks-buttons-secondary-border-radius)}
.ks-widget .ks-button-danger{color:#FFFFFF;background:var(--ks-colors-error);border-color:var(--ks-colors-error);
border-radius:var(--ks-buttons-primary-border-radius)}
.ks-widget .ks-button:disabled{cursor:default;color:var(--ks-buttons-disabled-text-color);
background:var(--ks-buttons-disabled-background-color);border-color:var(--ks-buttons-disabled-border-color)}
.ks-widget .ks-spinner{width:20px;height:20px;border:3px solid currentColor;border-right-color:transparent;border-radius:50%;
animation:ks-spin 0.8s linear infinite}
@keyframes ks-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.ks-widget .ks-spinner{animation-duration:2.4s}}
.ks-widget .ks-error{margin:0;font-size:14px;color:var(--ks-colors-error)}
.ks-widget .ks-message{margin:0;padding:8px 12px;font-size:14px;border:1px solid;border-left-width:4px;border-radius:4px;overflow-wrap:anywhere}
.ks-widget .ks-message a{color:inherit}
.ks-widget .ks-message-error{color:var(--ks-colors-error)}
.ks-widget .ks-message-warning{color:var(--ks-colors-warning)}
.ks-widget .ks-message-success{color:var(--ks-colors-success)}
.ks-widget .ks-divider{display:flex;align-items:center;gap:8px;margin:16px 0;color:var(--ks-colors-secondary)}
.ks-widget .ks-divider::before,.ks-widget .ks-divider::after{content:"";flex:1;border-top:1px solid var(--ks-container-border-color)}
.ks-widget .ks-tabs{display:flex;gap:4px;margin-bottom:12px;border-bottom:1px solid var(--ks-container-border-color)}
.ks-widget .ks-tab{flex:1;padding:8px;font:inherit;color:var(--ks-colors-secondary);background:none;border:0;
border-bottom:2px solid transparent;cursor:pointer}
.ks-widget .ks-tab[aria-selected="true"]{color:var(--ks-colors-primary);border-bottom-color:var(--ks-colors-primary);font-weight:600}
.ks-widget .ks-link{padding:0;font:inherit;color:var(--ks-colors-primary);background:none;border:0;text-decoration:underline;cursor:pointer}
.ks-widget .ks-back{align-self:flex-start;display:flex;padding:4px;margin:-8px 0 0 -8px;color:var(--ks-colors-primary);
background:none;border:0;cursor:pointer}
.ks-widget .ks-success{align-items:center;text-align:center}
.ks-widget .ks-check{color:var(--ks-colors-success)}
.ks-widget .ks-toasts{position:absolute;top:8px;left:0;right:0;display:flex;flex-direction:column;align-items:center;gap:4px;
pointer-events:none;z-index:1}
.ks-widget .ks-toast{padding:8px 12px;font-size:14px;border-radius:4px;color:#FFFFFF;box-shadow:0 2px 8px rgba(0,0,0,0.2)}
.ks-widget .ks-toast-success{background:var(--ks-colors-success)}
.ks-widget .ks-toast-error{background:var(--ks-colors-error)}
.ks-widget .ks-strong{font-weight:600}
.ks-widget .ks-passkey-icon{align-self:center;color:var(--ks-colors-primary)}
.ks-widget .ks-passkeys{display:flex;flex-direction:column;gap:8px;margin:0;padding:0;list-style:none}
.ks-widget .ks-passkey{display:flex;flex-direction:column;gap:8px;padding:12px;border:1px solid var(--ks-container-border-color);
border-radius:var(--ks-inputs-border-radius)}
.ks-widget .ks-passkey-line{display:flex;align-items:center;gap:12px}
.ks-widget .ks-passkey-name{flex:1;min-width:0;overflow-wrap:anywhere;font-weight:600}
.ks-widget .ks-row-actions{display:flex;gap:8px}
.ks-widget .ks-confirm{display:flex;flex-direction:column;gap:4px}
.ks-widget .ks-providers{display:flex;flex-direction:column;gap:0;margin:0;padding:0;list-style:none}
.ks-widget a.ks-button{text-decoration:none}
.ks-widget .ks-password{position:relative}
.ks-widget .ks-password .ks-input{padding-right:132px}
.ks-widget .ks-reveal{position:absolute;top:0;right:12px;height:47px;font-size:14px}
.ks-widget .ks-strength{display:flex;gap:4px;margin-top:4px}
.ks-widget .ks-segment{flex:1;height:4px;border-radius:2px;background:var(--ks-container-border-color)}
.ks-widget .ks-strength-weak .ks-segment-on{background:var(--ks-colors-error)}
.ks-widget .ks-strength-valid .ks-segment-on{background:var(--ks-colors-success)}
.ks-widget .ks-luds{margin:0;padding:0;list-style:none;font-size:14px}
.ks-widget .ks-met{color:var(--ks-colors-success)}
.ks-widget .ks-unmet{color:var(--ks-colors-error)}
.ks-widget .ks-small{font-size:14px}
.ks-widget .ks-align-start{align-self:flex-start}
.ks-widget .ks-align-center{align-self:center}
.ks-widget .ks-buttons{display:flex;flex-direction:column}
.ks-widget .ks-buttons>.ks-link{align-self:center;margin-top:12px}
.ks-widget .ks-one-tap{min-height:47px;margin-top:8px}
.ks-widget .ks-one-tap-notice{margin-top:4px}
.ks-widget .ks-waiting{display:flex;align-items:center;gap:12px;color:var(--ks-colors-secondary)}
.ks-widget .ks-idp-loading{align-items:center;padding:24px 0}
.ks-widget .ks-idp-scopes{margin:0;padding-left:20px;display:flex;flex-direction:column;gap:4px}
.ks-widget .ks-visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);
white-space:nowrap;border:0}
`;
