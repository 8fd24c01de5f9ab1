// The export button's choice of columns, and the progress an export shows while it arrives.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Action } from '../../../runtime/schema/types.ts';
import { ExportButton, ExportProgress } from '../../../runtime/ui/ExportButton.tsx';

const exportAction: Action = {
  name: 'export',
  title: { zh: '导出', en: 'Export' },
  standard: true,
  method: 'POST',
  path: '/api/cms/notes/export',
  scope: 'toolbar',
  permission: 'cms:notes:export',
  download: true,
};

async function openMenu(name: RegExp): Promise<HTMLElement> {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
  return (await screen.findAllByRole('menu', { hidden: true })).at(-1)!;
}

describe('ExportButton', () => {
  it('offers the visible columns and all columns, and says which was chosen', async () => {
    const onExport = vi.fn();
    render(<ExportButton action={exportAction} lang="zh" onExport={onExport} />);
    const menu = await openMenu(/导\s*出/);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['导出可见列', '导出全部列']);
    await act(async () => {
      fireEvent.click(within(menu).getByText('导出全部列'));
    });
    expect(onExport).toHaveBeenCalledWith('all');
  });

  it('speaks English and offers no second export while one runs', async () => {
    const onExport = vi.fn();
    const { rerender } = render(<ExportButton action={exportAction} lang="en" onExport={onExport} />);
    const menu = await openMenu(/Export/);
    await act(async () => {
      fireEvent.click(within(menu).getByText('Export visible columns'));
    });
    expect(onExport).toHaveBeenCalledWith('visible');
    rerender(<ExportButton action={exportAction} lang="en" onExport={onExport} busy />);
    const button = screen.getByRole('button', { name: /Export/ });
    expect(button.className).toContain('loading');
    await act(async () => {
      fireEvent.click(button);
    });
    expect(onExport).toHaveBeenCalledTimes(1);
  });
});

describe('ExportProgress', () => {
  it('shows the bytes received while the size is unknown, a bar once it is known', () => {
    const { rerender } = render(<ExportProgress progress={{ loaded: 1536 }} lang="zh" />);
    expect(screen.getByRole('status').textContent).toBe('正在导出，已接收 1.5 KB');
    expect(screen.queryByRole('progressbar')).toBeNull();
    rerender(<ExportProgress progress={{ loaded: 3 * 1024 * 1024, total: 4 * 1024 * 1024 }} lang="en" />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75');
    expect(screen.getByText('Exporting: 3 MB received')).toBeTruthy();
  });
});
