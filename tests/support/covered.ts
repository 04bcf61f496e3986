import type { Locator } from '@playwright/test';

/**
 * The form controls of the page's main content (fields and buttons) that `cover`'s box overlaps, by
 * name: what a toast or popup would hide from the user filling a form there.
 */
export function controlsCoveredBy(cover: Locator): Promise<string[]> {
  return cover.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const controls = document.querySelectorAll<HTMLElement>('main input, main select, main textarea, main button');
    return Array.from(controls)
      .filter((control) => {
        const r = control.getBoundingClientRect();
        const visible = r.width > 0 && r.height > 0 && getComputedStyle(control).visibility !== 'hidden';
        return visible && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
      })
      .map((control) => {
        const label =
          control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement ? control.labels?.[0] : null;
        return (control.getAttribute('aria-label') ?? label?.textContent ?? control.textContent ?? '').trim() || control.outerHTML.slice(0, 80);
      });
  });
}
