import type { Page } from 'playwright-core';

export interface LayoutProblem {
  kind: 'horizontal-scroll' | 'clipped' | 'small-target';
  what: string;
  size?: string;
}

/**
 * The mobile-readiness checks of the accessibility suite, on what is on screen now:
 * - no horizontal scroll (document.scrollingElement.scrollWidth <= innerWidth);
 * - no control cut off at the left or right edge of the viewport;
 * - every visible interactive control (links, buttons, inputs, selects, text areas, radios, switches) at least
 *   44×44 CSS px. Exempt, as WCAG 2.5.8 allows: a link inside a sentence (an inline <a> in a paragraph or list item
 *   with other text around it), whose size is set by the line of text it sits in. Visually hidden elements
 *   (the skip link until it is focused, screen-reader-only text) are not targets.
 */
export async function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const out: Array<{ kind: 'horizontal-scroll' | 'clipped' | 'small-target'; what: string; size?: string }> = [];
    const scroller = document.scrollingElement ?? document.documentElement;
    if (scroller.scrollWidth > window.innerWidth) out.push({ kind: 'horizontal-scroll', what: `scrollWidth ${scroller.scrollWidth} > ${window.innerWidth}` });
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="radio"], [role="switch"], [role="checkbox"], [role="tab"], [tabindex="0"]';
    const describe = (el: Element) => {
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const id = el.id ? `#${el.id}` : '';
      return `${el.tagName.toLowerCase()}${id} "${text}"`;
    };
    for (const el of Array.from(document.querySelectorAll(selector))) {
      const r = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      if (r.width <= 1 || r.height <= 1 || cs.visibility === 'hidden' || cs.display === 'none') continue;
      if (el.closest('[aria-hidden="true"], .sr-only, [inert]')) continue;
      if ((el as HTMLElement).offsetParent === null && cs.position !== 'fixed') continue;
      if (r.left < -1 || r.right > window.innerWidth + 1) out.push({ kind: 'clipped', what: describe(el), size: `${Math.round(r.left)}..${Math.round(r.right)}` });
      const parent = el.parentElement;
      const inlineLink =
        el.tagName === 'A' && cs.display === 'inline' && !!parent && (parent.textContent ?? '').trim().length > (el.textContent ?? '').trim().length;
      if (!inlineLink && (r.width < 43.5 || r.height < 43.5)) {
        out.push({ kind: 'small-target', what: describe(el), size: `${Math.round(r.width)}×${Math.round(r.height)}` });
      }
    }
    return out;
  });
}
