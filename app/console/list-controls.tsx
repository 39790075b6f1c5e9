import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FILTER_MAX, type ListParams, listSearch, PAGE_SIZES } from '../../common/list-params.ts';
import type { ResourceDef } from '../../common/resource.ts';
import { useT } from '../i18n/index.tsx';
import { request } from './api.ts';

// What a declared resource's console list asks the server for: the filter text, the sort and
// the page, as the list call's parameters (common/list-params.ts), so that the list of 10 000 records
// loads one page; and the page size, remembered per screen in this browser.

export type Page = { rows: Record<string, unknown>[]; total: number };

/** One page of a declared resource's list; its cache entry sits under the resource's name, which every write refreshes. */
export const pageQuery = (res: Pick<ResourceDef, 'name' | 'path'>, params: ListParams) => ({
  queryKey: [res.name, 'page', params],
  queryFn: async (): Promise<Page> => {
    let total: string | null = null;
    const rows = await request<Record<string, unknown>[]>('GET', `${res.path}${listSearch(params)}`, {
      onHeaders: (header) => {
        total = header('X-Total-Count');
      },
    });
    return { rows, total: total === null ? rows.length : Number(total) };
  },
  // the old page stays while the next loads: the table does not flash empty at each keystroke
  placeholderData: keepPreviousData,
});

const sizeKey = (screen: string) => `console.pageSize.${screen}`;

/** The page size of a screen's list, remembered in this browser (localStorage): SPEC §9's 10 until the reader picks another. */
export function usePageSize(screen: string): [number, (size: number) => void] {
  const [size, setSize] = useState<number>(() => {
    try {
      const stored = Number(window.localStorage.getItem(sizeKey(screen)));
      return (PAGE_SIZES as readonly number[]).includes(stored) ? stored : PAGE_SIZES[0];
    } catch {
      return PAGE_SIZES[0];
    }
  });
  const choose = (next: number) => {
    setSize(next);
    try {
      window.localStorage.setItem(sizeKey(screen), String(next));
    } catch {
      // storage refused (private mode): the size holds for this visit
    }
  };
  return [size, choose];
}

/** The list's filter box: what is typed goes to the server a moment after the last key (`onChange` gets it then). */
export function FilterBox({ label, value = '', onChange }: { label: string; value?: string; onChange: (q: string) => void }) {
  const { t } = useT();
  const [text, setText] = useState(value);
  // the filters sent while typing: a `value` that is none of them came from elsewhere (the address on Back) and
  // is shown; one of them coming back late is not, or the words typed since would be lost
  const sent = useRef(new Set([value]));
  const last = useRef(value);
  useEffect(() => {
    if (sent.current.has(value)) {
      if (value === last.current) sent.current = new Set([value]);
      return;
    }
    sent.current = new Set([value]);
    last.current = value;
    setText(value);
  }, [value]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the text alone; the screen's handler is new each render
  useEffect(() => {
    const timer = window.setTimeout(() => {
      last.current = text.trim();
      sent.current.add(last.current);
      onChange(last.current);
    }, 300);
    return () => window.clearTimeout(timer);
  }, [text]);
  return (
    <TextField
      size="small"
      type="search"
      value={text}
      onChange={(e) => setText(e.target.value)}
      label={t('console.filter')}
      placeholder={label}
      slotProps={{
        htmlInput: { maxLength: FILTER_MAX },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: { xs: '100%', sm: 280 } }}
    />
  );
}

export { PAGE_SIZES };
