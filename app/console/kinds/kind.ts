import type { ReactNode } from 'react';
import type { Lang } from '../../../common/enums.ts';
import type { FieldDef } from '../../../common/fields.ts';

// What a field kind is in the console: the editor's widget, the list's cell and how the History dialog
// compares two values. One module per kind in this folder, gathered in index.ts (the field kind → component
// map every console editor renders its declared fields through); the rest of a kind is common/kinds/.

export type FieldProps = {
  name: string;
  def: FieldDef;
  value: unknown;
  onChange: (v: unknown) => void;
  error?: string | undefined;
  /** The record being edited (a file field shows the current file's public link). */
  record?: Record<string, unknown>;
  disabled?: boolean;
  /** Sets other fields of the record at once (a DOI's "Fill" sets title, authors, venue…). */
  onFill?: (patch: Record<string, unknown>) => void;
};

/** The props every text input of a form shares: its label (with * when required), its error, its size. */
type InputCommon = {
  label: string;
  fullWidth: true;
  error: boolean;
  helperText: string | undefined;
  disabled: boolean | undefined;
  size: 'small';
  margin: 'dense';
};

export type WidgetProps = FieldProps & { label: string; common: InputCommon };

export type ConsoleKind = {
  /** The editor's control for a field of this kind. */
  Widget: (props: WidgetProps) => ReactNode;
  /** A list cell; its value's text (common/kinds/) unless given. */
  cell?(def: FieldDef, value: unknown, lang: Lang): ReactNode;
  /** How History compares two values: word by word, item by item, as a file or a picture, or as their texts. */
  readonly diff: 'words' | 'list' | 'file' | 'image' | 'value';
};

export const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
