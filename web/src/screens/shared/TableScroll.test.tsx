// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { TableScroll } from './TableScroll.tsx';

/** jsdom lays nothing out: the table's width and the scroller's are given, and the observer is called by hand. */
let resized: () => void = () => {};
function layout(table: number, box: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(table);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(box);
}
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        resized = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const table = (
  <TableScroll label="Uploads">
    <table aria-label="Uploads">
      <tbody>
        <tr>
          <td>report.csv</td>
        </tr>
      </tbody>
    </table>
  </TableScroll>
);

describe('TableScroll', () => {
  it('is a named Tab stop while its table is wider than it, so a keyboard user can scroll it', () => {
    layout(900, 340);
    renderInApp(table);
    const scroller = screen.getByRole('region', { name: 'Uploads, scrolls sideways' });
    expect(scroller.tabIndex).toBe(0);
    expect(scroller.className).toBe('table-scroll');
  });

  it('adds no stop and no landmark while the table fits, and follows a change of width', () => {
    layout(300, 340);
    renderInApp(table);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('table', { name: 'Uploads' }).parentElement?.hasAttribute('tabindex')).toBe(false);
    layout(900, 340);
    act(() => resized());
    expect(screen.getByRole('region', { name: 'Uploads, scrolls sideways' }).tabIndex).toBe(0);
  });
});
