// Mounting: finds the element (a missing one is an error, spec §2), renders the widget into it (or into a shadow
// root of its own, `enableShadowDOM`), and re-renders in place when the same element is mounted again with new
// config, styles or callbacks (the incumbent's behaviour).
import { UsageError } from '@keepsake/auth-js/errors';
import { h, render, type VNode } from 'preact';
import { SHADOW_HOST_CSS, WIDGET_CSS } from './styles.ts';

const STYLE_ID = 'keepsake-auth-ui-styles';
type Mounted = { target: HTMLElement; shadow: boolean };
const mounted = new WeakMap<Element, Mounted>();

function styleElement(css: string): HTMLStyleElement {
  const style = document.createElement('style');
  style.textContent = css;
  return style;
}

/** The element `elementId` names: a selector such as `#login-container`, or a bare id. */
export function findElement(method: string, elementId: unknown): HTMLElement {
  if (typeof elementId !== 'string' || elementId.trim() === '')
    throw new UsageError(method, 'elementId must be a non-empty string, such as "#login-container".');
  const byId = elementId.startsWith('#') ? null : document.getElementById(elementId);
  let element: Element | null = byId;
  try {
    element ??= document.querySelector(elementId);
  } catch {
    element = null;
  }
  if (!(element instanceof HTMLElement))
    throw new UsageError(method, `No element matches elementId "${elementId}". Add the element to the page before mounting.`);
  return element;
}

function prepare(element: HTMLElement, shadow: boolean): HTMLElement {
  const existing = mounted.get(element);
  if (existing && existing.shadow === shadow) return existing.target;
  if (existing) render(null, existing.target);
  element.replaceChildren();
  let target: HTMLElement;
  if (shadow) {
    const host = document.createElement('div');
    host.dataset.keepsakeAuthUi = 'shadow-host';
    element.append(host);
    const root = host.attachShadow({ mode: 'open' });
    target = document.createElement('div');
    root.append(styleElement(SHADOW_HOST_CSS + WIDGET_CSS), target);
  } else {
    if (!document.getElementById(STYLE_ID)) document.head.append(Object.assign(styleElement(WIDGET_CSS), { id: STYLE_ID }));
    target = document.createElement('div');
    element.append(target);
  }
  mounted.set(element, { target, shadow });
  return target;
}

/** Renders `vnode` into the element `elementId` names; throws a UsageError when there is none. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's element
export function mountInto(method: string, elementId: unknown, shadow: boolean, vnode: VNode<any>): void {
  const element = findElement(method, elementId);
  render(vnode, prepare(element, shadow));
}

/** Removes the widget from an element mounted before (for React's unmount). */
export function unmountFrom(element: Element): void {
  const existing = mounted.get(element);
  if (!existing) return;
  render(null, existing.target);
  mounted.delete(element);
  element.replaceChildren();
}

export { h };
